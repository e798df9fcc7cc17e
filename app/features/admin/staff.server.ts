import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import type { Database } from "../../../db/client.server";
import { staffRoleGrants, users } from "../../../db/schema";
import type { RequestContext } from "~/context";
import { pageUrlOf } from "~/lib/data-request";
import { getOptionalUser } from "~/features/account/session.server";
import { grantInEffect } from "./staff-grants.server";
import { hasStaffRole, sortStaffRoles, type StaffRole } from "./staff-roles";

/** A signed-in staff member, as back-office loaders and actions see them. */
export interface StaffUser {
  id: string;
  name: string;
  email: string;
  /** Every staff role they hold, in STAFF_ROLES order. */
  roles: StaffRole[];
  /**
   * The role this request was allowed by, of those they hold: the screen's own role when they hold
   * it, else admin (which allows every screen). The audit trail records it.
   */
  actingAs: StaffRole;
}

/** Every back-office answer is private; see also server/app.ts. */
export const BACK_OFFICE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

/** Where a staff member without two-factor is sent, and why. */
export const STAFF_TWO_FACTOR_PATH = "/dashboard/security?required=staff-two-factor";
export const STAFF_TWO_FACTOR_MESSAGE =
  "The back office needs two-factor authentication: your staff role can change what everyone sees on the site, " +
  "so a stolen password alone must not be enough to use it. Turn it on below, then ask an admin to confirm your role at People.";

export const NOT_STAFF_MESSAGE = "This part of the back office is not open to your account.";

/** For a holder whose role waits for an admin (two-factor was off, or changed, since it was granted). */
export const PENDING_ROLE_MESSAGE =
  "Your staff role is not in effect yet: two-factor authentication was turned on after it was given. " +
  "Ask an admin to confirm it at People; until then this part of the back office stays closed.";

interface StaffRecord {
  /** Every role granted, in effect or waiting. */
  granted: StaffRole[];
  /** The roles in effect (ADR 0100). */
  roles: StaffRole[];
  twoFactorEnabled: boolean;
}

const lookups = new WeakMap<RequestContext, Promise<StaffRecord>>();

/** A person's staff roles (in STAFF_ROLES order); empty for everyone else. */
export async function staffRolesOf(db: Database, userId: string): Promise<StaffRole[]> {
  const rows = await db.select({ role: staffRoleGrants.role }).from(staffRoleGrants).where(eq(staffRoleGrants.userId, userId));
  return sortStaffRoles(rows.map((row) => row.role));
}

async function readStaffRecord(db: Database, userId: string): Promise<StaffRecord> {
  const rows = await db
    .select({ twoFactorEnabled: users.twoFactorEnabled, role: staffRoleGrants.role, inEffect: grantInEffect })
    .from(users)
    .leftJoin(staffRoleGrants, eq(staffRoleGrants.userId, users.id))
    .where(eq(users.id, userId));
  return {
    twoFactorEnabled: rows[0]?.twoFactorEnabled ?? false,
    granted: sortStaffRoles(rows.flatMap((row) => (row.role ? [row.role] : []))),
    roles: sortStaffRoles(rows.flatMap((row) => (row.role && row.inEffect ? [row.role] : []))),
  };
}

/**
 * The signed-in staff member allowed to act as `role` (an admin may act as any), or the
 * way out, thrown: a guest is sent to /login and back; someone signed in without the
 * role gets 403; a staff member without two-factor is sent to turn it on; one whose role
 * waits for an admin's confirmation gets 403 saying so (ADR 0100). Call it in every
 * back-office loader and action: loaders run in parallel, so a layout's check alone would
 * not keep a child's data private.
 */
export async function requireStaff(request: Request, context: RequestContext, role: StaffRole): Promise<StaffUser> {
  return checkStaff(request, context, role);
}

/** As requireStaff, for pages every staff member may open (the overview): any staff role will do. */
export async function requireAnyStaff(request: Request, context: RequestContext): Promise<StaffUser> {
  return checkStaff(request, context, null);
}

async function checkStaff(request: Request, context: RequestContext, role: StaffRole | null): Promise<StaffUser> {
  const user = await getOptionalUser(request, context);
  if (!user) {
    const url = pageUrlOf(request);
    const back = url.pathname + url.search;
    throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`, { headers: BACK_OFFICE_HEADERS });
  }
  let lookup = lookups.get(context);
  if (!lookup) {
    lookup = readStaffRecord(context.db, user.id);
    lookups.set(context, lookup);
  }
  const staff = await lookup;
  const allows = (roles: StaffRole[]) => (role === null ? roles.length > 0 : hasStaffRole(roles, role));
  if (!allows(staff.granted)) throw data({ message: NOT_STAFF_MESSAGE }, { status: 403, headers: BACK_OFFICE_HEADERS });
  if (!staff.twoFactorEnabled) throw redirect(STAFF_TWO_FACTOR_PATH, { headers: BACK_OFFICE_HEADERS });
  if (!allows(staff.roles)) throw data({ message: PENDING_ROLE_MESSAGE }, { status: 403, headers: BACK_OFFICE_HEADERS });
  // An admin on an editor's screen acts as an admin: recording the screen's role ("as Editor")
  // would name a role they may not even hold (issue 37).
  const actingAs = role === null ? staff.roles[0]! : staff.roles.includes(role) ? role : "admin";
  return { id: user.id, name: user.name, email: user.email, roles: staff.roles, actingAs };
}
