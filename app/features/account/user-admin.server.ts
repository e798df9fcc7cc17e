import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { drivers, staffRoleGrants, users } from "../../../db/schema";
import { insertAuditEvent } from "~/features/admin/audit.server";
import { currentAuthenticatorOf, grantInEffect } from "~/features/admin/staff-grants.server";
import { sortStaffRoles } from "~/features/admin/staff-roles";

export type AdminResult = { ok: true; message: string } | { ok: false; message: string };

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Gives an existing account the `admin` staff role: the first admin from a shell (without one:
 * /admin/setup, ADR 0108), or an admin whose role waits for confirmation (later ones
 * are granted at /admin/people). Recorded in the audit trail as done from the command line.
 * Like every staff role, only to someone with two-factor on, and tied to their authenticator
 * (ADR 0100); run again for an admin role that waits, it confirms it.
 */
export async function grantAdmin(db: Database, email: string): Promise<AdminResult> {
  const address = normaliseEmail(email);
  const [user] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, address));
  if (!user) return { ok: false, message: `No account uses the email address "${address}". Nothing was changed.` };
  return db.transaction(async (tx): Promise<AdminResult> => {
    const held = await tx
      .select({ role: staffRoleGrants.role, inEffect: grantInEffect })
      .from(staffRoleGrants)
      .where(eq(staffRoleGrants.userId, user.id));
    const before = sortStaffRoles(held.filter((row) => row.inEffect).map((row) => row.role));
    if (before.includes("admin")) return { ok: true, message: `${user.name} <${address}> is already an admin.` };
    const authenticator = await currentAuthenticatorOf(tx, user.id);
    if (!authenticator) {
      return {
        ok: false,
        message:
          `${user.name} <${address}> has not turned on two-factor authentication, which every staff role needs. ` +
          "They sign in, turn it on at Dashboard → Security, then you run this again. Nothing was changed.",
      };
    }
    await tx
      .insert(staffRoleGrants)
      .values({ userId: user.id, role: "admin", grantedBy: null, twoFactorId: authenticator })
      .onConflictDoUpdate({
        target: [staffRoleGrants.userId, staffRoleGrants.role],
        set: { grantedBy: null, grantedAt: sql`now()`, twoFactorId: authenticator },
      });
    await insertAuditEvent(
      tx,
      { id: null, label: "command line (npm run user:grant-admin)", roles: [], actingAs: null },
      {
        action: "staff_role.grant",
        entityType: "user",
        entityId: user.id,
        entityLabel: user.name,
        before: { staffRoles: before },
        after: { staffRoles: sortStaffRoles(["admin", ...before]) },
      },
      null,
    );
    return { ok: true, message: `${user.name} <${address}> is now an admin. The back office is at /admin.` };
  });
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
