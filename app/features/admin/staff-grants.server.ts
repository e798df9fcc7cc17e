import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { staffRoleGrants, twoFactors, users } from "../../../db/schema";
import type { Tx } from "./audit.server";
import type { StaffRole } from "./staff-roles";

/*
 * Which staff roles are in effect (docs/decisions/0100). A role row is a grant; it counts only
 * while its holder still has the authenticator they had when it was granted or last confirmed
 * (staff_roles.two_factor_id), with two-factor on. Anyone who only knows the password cannot
 * make a role count by turning two-factor on: that authenticator is a new one, and the role
 * waits for an admin to confirm it.
 */

/**
 * True for a staff_roles row that is in effect; for any query over staff_roles (not aliased).
 * Spelt out in SQL: Drizzle leaves columns unqualified in a one-table select, which the
 * subquery's own tables would capture.
 */
export const grantInEffect: SQL<boolean> = sql<boolean>`exists (
  select 1 from "two_factors" "held_factor" join "users" "holder" on "holder"."id" = "held_factor"."user_id"
  where "held_factor"."id" = "staff_roles"."two_factor_id" and "held_factor"."user_id" = "staff_roles"."user_id"
    and "held_factor"."verified" and "holder"."two_factor_enabled"
)`;

/**
 * The person's confirmed authenticator (two_factors.id), or null while two-factor is off. In a
 * transaction its row stays locked until the end, so it cannot be turned off under a grant.
 */
export async function currentAuthenticatorOf(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .innerJoin(users, eq(users.id, twoFactors.userId))
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true), eq(users.twoFactorEnabled, true)))
    .for("update", { of: twoFactors });
  return row?.id ?? null;
}

/** The e-mail addresses of everyone for whom `role` is in effect (not an admin's implied one), sorted. */
export async function staffEmailsInEffect(db: Database | Tx, role: StaffRole): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(staffRoleGrants)
    .innerJoin(users, eq(users.id, staffRoleGrants.userId))
    .where(and(eq(staffRoleGrants.role, role), grantInEffect))
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}
