import { and, asc, count, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { staffRoleGrants, users } from "../../../db/schema";
import type { AccountRole } from "~/features/account/roles";
import { auditedWrite, type AuditContext } from "./audit.server";
import type { StaffUser } from "./staff.server";
import { sortStaffRoles, STAFF_ROLE_LABELS, type StaffRole } from "./staff-roles";

export const PEOPLE_PAGE_SIZE = 20;

export interface PersonRow {
  id: string;
  name: string;
  email: string;
  accountRole: AccountRole;
  twoFactorEnabled: boolean;
  staffRoles: StaffRole[];
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
      .offset((page - 1) * PEOPLE_PAGE_SIZE),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const grants = rows.length
    ? await db
        .select({ userId: staffRoleGrants.userId, role: staffRoleGrants.role })
        .from(staffRoleGrants)
        .where(inArray(staffRoleGrants.userId, rows.map((row) => row.id)))
    : [];
  return {
    people: rows.map((row) => ({
      ...row,
      staffRoles: sortStaffRoles(grants.filter((grant) => grant.userId === row.id).map((grant) => grant.role)),
    })),
    total: totals?.total ?? 0,
  };
}

export type RoleChangeOutcome = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * Grants or removes one staff role, audited. The last admin cannot be removed, by anyone or
 * by themselves: nobody could grant roles any more. Admin rows are locked while counted, so
 * two admins removing each other at once cannot both succeed.
 */
export async function changeStaffRole(
  context: AuditContext,
  actor: StaffUser,
  change: { userId: string; role: StaffRole; grant: boolean; reason?: string | null },
): Promise<RoleChangeOutcome> {
  const label = STAFF_ROLE_LABELS[change.role];
  const result = await auditedWrite(context, actor, async (tx) => {
    const [person] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, change.userId)).for("update");
    if (!person) return { value: { ok: false, status: 404, message: "That account no longer exists." } as RoleChangeOutcome, audit: [] };
    const held = await tx
      .select({ role: staffRoleGrants.role })
      .from(staffRoleGrants)
      .where(eq(staffRoleGrants.userId, person.id));
    const before = sortStaffRoles(held.map((row) => row.role));
    const unchanged = change.grant === before.includes(change.role);
    if (unchanged) {
      const message = change.grant ? `${person.name} is already ${article(label)} ${label}.` : `${person.name} is not ${article(label)} ${label}.`;
      return { value: { ok: true, message } as RoleChangeOutcome, audit: [] };
    }
    if (change.grant) {
      await tx.insert(staffRoleGrants).values({ userId: person.id, role: change.role, grantedBy: actor.id }).onConflictDoNothing();
    } else {
      if (change.role === "admin") {
        const admins = await tx
          .select({ userId: staffRoleGrants.userId })
          .from(staffRoleGrants)
          .where(eq(staffRoleGrants.role, "admin"))
          .for("update");
        if (admins.length <= 1) {
          const message =
            person.id === actor.id
              ? "You are the last admin, so you can't remove your own admin role; make someone else an admin first."
              : `${person.name} is the last admin; make someone else an admin first.`;
          return { value: { ok: false, status: 409, message } as RoleChangeOutcome, audit: [] };
        }
      }
      await tx.delete(staffRoleGrants).where(and(eq(staffRoleGrants.userId, person.id), eq(staffRoleGrants.role, change.role)));
    }
    const after = sortStaffRoles(change.grant ? [...before, change.role] : before.filter((role) => role !== change.role));
    const message = change.grant ? `${person.name} is now ${article(label)} ${label}.` : `${person.name} is no longer ${article(label)} ${label}.`;
    return {
      value: { ok: true, message } as RoleChangeOutcome,
      audit: {
        action: change.grant ? "staff_role.grant" : "staff_role.remove",
        entityType: "user",
        entityId: person.id,
        before: { staffRoles: before },
        after: { staffRoles: after },
        reason: change.reason,
      },
    };
  });
  // Role grants are not versioned records: a conflict cannot arise here.
  if (!result.ok) return { ok: false, status: 409, message: result.message };
  return result.value;
}

function article(label: string): string {
  return /^[AEIOU]/.test(label) ? "an" : "a";
}
