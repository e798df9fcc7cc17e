/**
 * For browser tests that need a staff member: gives the account with this e-mail staff roles
 * and marks two-factor as set up, on a stopped server's embedded database (one process at a
 * time may open it). Run: node --import tsx tests/support/e2e-make-staff.ts <dataDir> <email> <role>...
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../../db/client.server";
import { staffRoleGrants, users } from "../../db/schema";
import type { StaffRole } from "../../app/features/admin/staff-roles";

const [dataDir, email, ...roles] = process.argv.slice(2);
if (!dataDir || !email || roles.length === 0) throw new Error("usage: e2e-make-staff.ts <dataDir> <email> <role>...");
const handle = await openDatabase({ dataDir, seed: false });
try {
  const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no account for ${email}`);
  await handle.db
    .insert(staffRoleGrants)
    .values(roles.map((role) => ({ userId: user.id, role: role as StaffRole })))
    .onConflictDoNothing();
  await handle.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
} finally {
  await handle.close();
}
