import type { StaffRole } from "../../../db/schema/accounts";

export type { StaffRole };

/** The back office's roles. `admin` implies the others. */
export const STAFF_ROLES = ["admin", "editor", "shop"] as const satisfies readonly StaffRole[];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Admin",
  editor: "Editor",
  shop: "Shop",
};

export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  admin: "Everything, including staff roles and the activity log",
  editor: "News, results, media and the site's content",
  shop: "The shop desk: products, stock and orders",
};

export function isStaffRole(value: unknown): value is StaffRole {
  return (STAFF_ROLES as readonly unknown[]).includes(value);
}

/** Whether someone holding `roles` may act as `role`: an admin may act as anyone. */
export function hasStaffRole(roles: readonly StaffRole[], role: StaffRole): boolean {
  return roles.includes("admin") || roles.includes(role);
}

/** Roles in the order the screens list them. */
export function sortStaffRoles(roles: Iterable<StaffRole>): StaffRole[] {
  const held = new Set(roles);
  return STAFF_ROLES.filter((role) => held.has(role));
}
