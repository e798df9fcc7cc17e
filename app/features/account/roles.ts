import type { AccountRole } from "../../../db/schema/accounts";

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

/** The query parameter that tells a dashboard which other role's dashboard its visitor asked for. */
export const NOT_FOR_PARAM = "not-for";

const DASHBOARD_NAMES: Record<AccountRole, string> = { driver: "Driver Dashboard", team_member: "Team Dashboard" };

/**
 * Someone who opens the other role's dashboard lands on their own, with this note saying why
 * (rather than being sent home with no word). Null when `askedFor` is not another role.
 */
export function wrongDashboardNotice(askedFor: string | null, role: AccountRole): string | null {
  const other = SELF_SERVICE_ROLES.find((candidate) => candidate === askedFor);
  if (!other || other === role) return null;
  return (
    `The ${DASHBOARD_NAMES[other]} is for ${ROLE_LABELS[other].toLowerCase()} accounts. ` +
    `Yours is a ${ROLE_LABELS[role].toLowerCase()} account, so this ${DASHBOARD_NAMES[role]} is yours.`
  );
}
