import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { drivers, users } from "../../../db/schema";

export type AdminResult = { ok: true; message: string } | { ok: false; message: string };

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Makes an existing account an admin (the only way to get the role). */
export async function grantAdmin(db: Database, email: string): Promise<AdminResult> {
  const address = normaliseEmail(email);
  const [user] = await db
    .update(users)
    .set({ role: "admin", updatedAt: sql`now()` })
    .where(eq(users.email, address))
    .returning({ name: users.name });
  if (!user) return { ok: false, message: `No account uses the email address "${address}". Nothing was changed.` };
  return { ok: true, message: `${user.name} <${address}> is now an admin.` };
}

/** Links an account to a driver record, so its driver dashboard shows that driver's season. */
export async function linkDriver(db: Database, email: string, driverId: string): Promise<AdminResult> {
  const address = normaliseEmail(email);
  const [driver] = await db.select({ id: drivers.id, name: drivers.name }).from(drivers).where(eq(drivers.id, driverId));
  if (!driver) {
    const known = await db.select({ id: drivers.id }).from(drivers).orderBy(drivers.sortOrder);
    return {
      ok: false,
      message: `No driver has the id "${driverId}". Known driver ids: ${known.map((row) => row.id).join(", ") || "none"}. Nothing was changed.`,
    };
  }
  const [user] = await db
    .update(users)
    .set({ driverId: driver.id, updatedAt: sql`now()` })
    .where(eq(users.email, address))
    .returning({ name: users.name, role: users.role });
  if (!user) return { ok: false, message: `No account uses the email address "${address}". Nothing was changed.` };
  const note = user.role === "driver" ? "" : ` Note: the account's role is "${user.role}", so it has no driver dashboard.`;
  return { ok: true, message: `${user.name} <${address}> is now linked to the driver ${driver.name} (${driver.id}).${note}` };
}
