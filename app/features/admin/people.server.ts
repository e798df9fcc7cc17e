import { and, asc, count, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { staffRoleGrants, users } from "../../../db/schema";
import type { AccountRole } from "~/features/account/roles";
import { auditedWrite, type AuditContext } from "./audit.server";
import { currentAuthenticatorOf, grantInEffect } from "./staff-grants.server";
import type { StaffUser } from "./staff.server";
import { sortStaffRoles, STAFF_ROLE_LABELS, type StaffRole } from "./staff-roles";
import { pageOffset } from "~/lib/pagination";

export const PEOPLE_PAGE_SIZE = 20;

export interface PersonRow {
  id: string;
  name: string;
  email: string;
  accountRole: AccountRole;
  twoFactorEnabled: boolean;
  /** Every role granted, in STAFF_ROLES order. */
  staffRoles: StaffRole[];
  /** Those of staffRoles not in effect: they wait for two-factor and an admin's confirmation (ADR 0100). */
  pendingRoles: StaffRole[];
}

/** People matching `query` (name or e-mail, case-insensitive), staff first, then by name. */
export async function searchPeople(
  db: Database,
  { query, staffOnly, page }: { query: string; staffOnly: boolean; page: number },
): Promise<{ people: PersonRow[]; total: number }> {
  const pattern = `%${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const isStaff = sql<boolean>`exists (select 1 from ${staffRoleGrants} where ${staffRoleGrants.userId} = ${users.id})`;
  const where = and(query ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined, staffOnly ? isStaff : undefined);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        accountRole: users.role,
        twoFactorEnabled: users.twoFactorEnabled,
      })
      .from(users)
      .where(where)
      .orderBy(sql`${isStaff} desc`, asc(users.name), asc(users.email))
      .limit(PEOPLE_PAGE_SIZE)
      .offset(pageOffset(page, PEOPLE_PAGE_SIZE)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const grants = rows.length
    ? await db
        .select({ userId: staffRoleGrants.userId, role: staffRoleGrants.role, inEffect: grantInEffect })
        .from(staffRoleGrants)
        .where(
          inArray(
            staffRoleGrants.userId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return {
    people: rows.map((row) => {
      const own = grants.filter((grant) => grant.userId === row.id);
      return {
        ...row,
        staffRoles: sortStaffRoles(own.map((grant) => grant.role)),
        pendingRoles: sortStaffRoles(own.filter((grant) => !grant.inEffect).map((grant) => grant.role)),
      };
    }),
    total: totals?.total ?? 0,
  };
}

export type RoleChangeOutcome = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * What a role change does, for the "Confirm it's you" screen: "Give Erin Editor <erin@…> the
 * Editor role". With the address, as anyone chooses their own name.
 */
export async function roleChangeSummary(db: Database, change: { userId: string; role: StaffRole; grant: boolean }): Promise<string> {
  const [person] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, change.userId));
  const name = person ? `${person.name} <${person.email}>` : "someone";
  const label = STAFF_ROLE_LABELS[change.role];
  return change.grant ? `Give ${name} the ${label} role` : `Remove the ${label} role from ${name}`;
}

/** What a person is told when a role cannot be given yet. */
export function needsTwoFactorMessage(name: string): string {
  return (
    `${name} hasn't turned on two-factor authentication, which every staff role needs. ` +
    "Ask them to turn it on (Dashboard → Security) first, then give them the role."
  );
}

/**
 * Grants, confirms or removes one staff role, audited. A role is given only to someone with
 * two-factor on, and records their authenticator (ADR 0100); granting a role they hold but that
 * waits (two-factor was turned off and on since) confirms it. The last admin in effect cannot
 * be removed, by anyone or by themselves: nobody could grant roles any more. Admin rows are
 * locked while counted, so two admins removing each other at once cannot both succeed.
 */
export async function changeStaffRole(
  context: AuditContext,
  actor: StaffUser,
  change: { userId: string; role: StaffRole; grant: boolean; reason?: string | null },
): Promise<RoleChangeOutcome> {
  const label = STAFF_ROLE_LABELS[change.role];
  const result = await auditedWrite(context, actor, async (tx) => {
    const refuse = (status: 404 | 409, message: string) => ({ value: { ok: false, status, message } as RoleChangeOutcome, audit: [] });
    const [person] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, change.userId)).for("update");
    if (!person) return refuse(404, "That account no longer exists.");
    const held = await tx
      .select({ role: staffRoleGrants.role, inEffect: grantInEffect })
      .from(staffRoleGrants)
      .where(eq(staffRoleGrants.userId, person.id));
    const before = roleSnapshot(held);
    const holding = held.find((row) => row.role === change.role);
    if (change.grant && holding?.inEffect)
      return { value: { ok: true, message: `${person.name} is already ${article(label)} ${label}.` } as RoleChangeOutcome, audit: [] };
    if (!change.grant && !holding)
      return { value: { ok: true, message: `${person.name} is not ${article(label)} ${label}.` } as RoleChangeOutcome, audit: [] };

    if (change.grant) {
      const authenticator = await currentAuthenticatorOf(tx, person.id);
      if (!authenticator) return refuse(409, needsTwoFactorMessage(person.name));
      await tx
        .insert(staffRoleGrants)
        .values({ userId: person.id, role: change.role, grantedBy: actor.id, twoFactorId: authenticator })
        .onConflictDoUpdate({
          target: [staffRoleGrants.userId, staffRoleGrants.role],
          set: { grantedBy: actor.id, grantedAt: sql`now()`, twoFactorId: authenticator },
        });
    } else {
      if (change.role === "admin" && holding!.inEffect) {
        const admins = await tx
          .select({ userId: staffRoleGrants.userId, inEffect: grantInEffect })
          .from(staffRoleGrants)
          .where(eq(staffRoleGrants.role, "admin"))
          .for("update");
        if (admins.filter((admin) => admin.inEffect).length <= 1) {
          const message =
            person.id === actor.id
              ? "You are the last admin, so you can't remove your own admin role; make someone else an admin first."
              : `${person.name} is the last admin; make someone else an admin first.`;
          return refuse(409, message);
        }
      }
      await tx.delete(staffRoleGrants).where(and(eq(staffRoleGrants.userId, person.id), eq(staffRoleGrants.role, change.role)));
    }
    const others = held.filter((row) => row.role !== change.role);
    const after = roleSnapshot(change.grant ? [...others, { role: change.role, inEffect: true }] : others);
    const confirming = change.grant && holding !== undefined;
    const message = confirming
      ? `${person.name}'s ${label} role is confirmed and in effect.`
      : change.grant
        ? `${person.name} is now ${article(label)} ${label}.`
        : `${person.name} is no longer ${article(label)} ${label}.`;
    return {
      value: { ok: true, message } as RoleChangeOutcome,
      audit: {
        action: confirming ? "staff_role.confirm" : change.grant ? "staff_role.grant" : "staff_role.remove",
        entityType: "user",
        entityId: person.id,
        entityLabel: person.name,
        ...withPending(before, after),
        reason: change.reason,
      },
    };
  });
  // Role grants are not versioned records: a conflict cannot arise here.
  if (!result.ok) return { ok: false, status: 409, message: result.message };
  return result.value;
}

interface RoleSnapshot {
  staffRoles: StaffRole[];
  pendingRoles: StaffRole[];
}

function roleSnapshot(rows: Array<{ role: StaffRole; inEffect: boolean }>): RoleSnapshot {
  return {
    staffRoles: sortStaffRoles(rows.filter((row) => row.inEffect).map((row) => row.role)),
    pendingRoles: sortStaffRoles(rows.filter((row) => !row.inEffect).map((row) => row.role)),
  };
}

/** The audit's before and after: the roles in effect, and the waiting ones only when there are any. */
function withPending(before: RoleSnapshot, after: RoleSnapshot) {
  if (before.pendingRoles.length === 0 && after.pendingRoles.length === 0) {
    return { before: { staffRoles: before.staffRoles }, after: { staffRoles: after.staffRoles } };
  }
  return { before, after };
}

function article(label: string): string {
  return /^[AEIOU]/.test(label) ? "an" : "a";
}
