import { count, countDistinct, desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { articles, auditEvents, orders, products, staffRoleGrants, users } from "../../../db/schema";
import { auditEntityLabel, type AuditEventView } from "./history.server";
import type { StaffUser } from "./staff.server";
import type { DiffEntry } from "~/lib/json-diff";

export interface OverviewCount {
  label: string;
  value: number;
}

/**
 * The overview's figures and its recent changes: everyone's for an admin, one's own for
 * other staff (the full log is an admin's area).
 */
export async function loadOverview(db: Database, staff: StaffUser): Promise<{ counts: OverviewCount[]; recent: AuditEventView[] }> {
  const isAdmin = staff.roles.includes("admin");
  const weekAgo = sql`now() - interval '7 days'`;
  const [[accounts], [staffCount], [changes], [articleCount], [productCount], [orderCount], recent] = await Promise.all([
    db.select({ value: count() }).from(users),
    db.select({ value: countDistinct(staffRoleGrants.userId) }).from(staffRoleGrants),
    db.select({ value: count() }).from(auditEvents).where(gte(auditEvents.at, weekAgo)),
    db.select({ value: count() }).from(articles),
    db.select({ value: count() }).from(products),
    db.select({ value: count() }).from(orders).where(gte(orders.createdAt, weekAgo)),
    db
      .select({
        id: auditEvents.id,
        at: auditEvents.at,
        actorUserId: auditEvents.actorUserId,
        actorLabel: auditEvents.actorLabel,
        actorRoles: auditEvents.actorRoles,
        roleUsed: auditEvents.roleUsed,
        action: auditEvents.action,
        entityType: auditEvents.entityType,
        entityId: auditEvents.entityId,
        entityLabel: auditEntityLabel,
        diff: auditEvents.diff,
        reason: auditEvents.reason,
        requestId: auditEvents.requestId,
      })
      .from(auditEvents)
      .where(isAdmin ? undefined : eq(auditEvents.actorUserId, staff.id))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(8),
  ]);
  return {
    counts: [
      { label: "News articles", value: articleCount?.value ?? 0 },
      { label: "Products", value: productCount?.value ?? 0 },
      { label: "Orders this week", value: orderCount?.value ?? 0 },
      { label: "Accounts", value: accounts?.value ?? 0 },
      { label: "Staff", value: staffCount?.value ?? 0 },
      { label: "Changes this week", value: changes?.value ?? 0 },
    ],
    recent: recent.map((row) => ({ ...row, at: row.at.toISOString(), diff: row.diff as DiffEntry[] })),
  };
}
