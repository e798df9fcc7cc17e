/**
 * Run by tests/e2e/people-desk.spec.ts between two runs of its own server (the embedded
 * database is one process's at a time): makes one account an editor, as an admin would at
 * /admin/people, with two-factor marked on (its own journey is tested in
 * account-security.spec.ts), and links another to a driver, as `npm run user:link-driver` does.
 *
 *   DATA_DIR=... node --import tsx tests/support/people-desk-setup.ts <editorEmail> <driverEmail> <driverId>
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "../../db/client.server";
import { staffRoleGrants, users } from "../../db/schema";
import { linkDriver } from "../../app/features/account/user-admin.server";

const [editorEmail, driverEmail, driverId] = process.argv.slice(2);
const database = await openDatabase({ dataDir: process.env.DATA_DIR!, seed: false });
try {
  const [editor] = await database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, editorEmail!)).returning({ id: users.id });
  if (!editor) throw new Error(`no account ${editorEmail}`);
  await database.db.insert(staffRoleGrants).values({ userId: editor.id, role: "editor" });
  const linked = await linkDriver(database.db, driverEmail!, driverId!);
  if (!linked.ok) throw new Error(linked.message);
} finally {
  await database.close();
}
