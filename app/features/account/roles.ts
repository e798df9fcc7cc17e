import type { AccountRole } from "../../../db/schema/auth";

export type { AccountRole };

/** The roles a visitor may choose when creating an account (staff roles live apart: app/features/admin). */
export const SELF_SERVICE_ROLES = ["team_member", "driver"] as const satisfies readonly AccountRole[];
export type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];

export const ROLE_LABELS: Record<AccountRole, string> = {
  team_member: "Team Member",
  driver: "Driver",
};

export function isSelfServiceRole(value: unknown): value is SelfServiceRole {
  return (SELF_SERVICE_ROLES as readonly unknown[]).includes(value);
}

/** Where a person lands after signing in, when no protected page sent them to /login. */
export function dashboardFor(role: AccountRole): string {
  return role === "driver" ? "/dashboard/driver" : "/dashboard/team";
}
