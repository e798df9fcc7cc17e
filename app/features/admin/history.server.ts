import { and, asc, count, desc, eq, gte, ilike, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { auditEvents } from "../../../db/schema";
import { isJsonObject, type DiffEntry, type JsonObject } from "~/lib/json-diff";
import { ACTIVITY_PAGE_SIZE, type ActivityFilters } from "./activity";
import { auditedWrite, type AuditContext, type AuditedWriteResult, type Tx } from "./audit.server";
import { formatAuditTime } from "./audit-views";
import type { StaffUser } from "./staff.server";
import { pageCountOf, pageOffset } from "~/lib/pagination";

/** One audit row as the screens show it (dates as ISO text, ready for the page's JSON). */
export interface AuditEventView {
  id: number;
  at: string;
  actorUserId: string | null;
  actorLabel: string;
  actorRoles: string[];
  roleUsed: string | null;
  action: string;
  entityType: string;
  entityId: string;
  entityLabel: string | null;
  diff: DiffEntry[];
  reason: string | null;
  requestId: string | null;
}

/** A row's record name; rows written before every write named its record fall back on the title or name in the snapshot. */
export const auditEntityLabel = sql<
  string | null
>`coalesce(${auditEvents.entityLabel}, ${auditEvents.after}->>'title', ${auditEvents.before}->>'title', ${auditEvents.after}->>'name', ${auditEvents.before}->>'name')`;

const viewColumns = {
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
};

type ViewRow = Omit<AuditEventView, "at" | "diff"> & { at: Date; diff: unknown[] };

function toView(row: ViewRow): AuditEventView {
  return { ...row, at: row.at.toISOString(), diff: row.diff as DiffEntry[] };
}

/** One page of the activity log, newest first, with the filters applied. */
export async function listAuditEvents(
  db: Database,
  filters: ActivityFilters,
): Promise<{ events: AuditEventView[]; total: number; pageCount: number }> {
  const actorPattern = filters.actor && `%${filters.actor.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const where = and(
    actorPattern ? or(ilike(auditEvents.actorLabel, actorPattern), eq(auditEvents.actorUserId, filters.actor!)) : undefined,
    filters.entityType ? eq(auditEvents.entityType, filters.entityType) : undefined,
    filters.entityId ? eq(auditEvents.entityId, filters.entityId) : undefined,
    filters.action ? eq(auditEvents.action, filters.action) : undefined,
    // Dates are days in the UK, as staff read them.
    filters.from ? gte(auditEvents.at, sql`(${filters.from}::date)::timestamp at time zone 'Europe/London'`) : undefined,
    filters.to ? lt(auditEvents.at, sql`((${filters.to}::date) + 1)::timestamp at time zone 'Europe/London'`) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(viewColumns)
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(ACTIVITY_PAGE_SIZE)
      .offset(pageOffset(filters.page, ACTIVITY_PAGE_SIZE)),
    db.select({ total: count() }).from(auditEvents).where(where),
  ]);
  const total = totals?.total ?? 0;
  return { events: rows.map(toView), total, pageCount: pageCountOf(total, ACTIVITY_PAGE_SIZE) };
}

/** The values the activity filters offer: the record types and actions the log holds. */
export async function activityFilterOptions(db: Database): Promise<{ entityTypes: string[]; actions: string[] }> {
  const [types, actions] = await Promise.all([
    db.selectDistinct({ value: auditEvents.entityType }).from(auditEvents).orderBy(asc(auditEvents.entityType)),
    db.selectDistinct({ value: auditEvents.action }).from(auditEvents).orderBy(asc(auditEvents.action)),
  ]);
  return { entityTypes: types.map((row) => row.value), actions: actions.map((row) => row.value) };
}

/** A record's history entry: the audit row plus the record as it stood after that change. */
export interface HistoryEntry extends AuditEventView {
  /** The record's `version` after this change, when the snapshot has one. */
  version: number | null;
  /** Whether the record can be set back to this entry's state (there is a snapshot, and it is not the current state). */
  restorable: boolean;
}

/** A record's changes, newest first (up to `limit`), for the History panel. */
export async function entityHistory(
  db: Database,
  entityType: string,
  entityId: string,
  { limit = 50, currentVersion }: { limit?: number; currentVersion?: number } = {},
): Promise<HistoryEntry[]> {
  const rows = await db
    .select({ ...viewColumns, after: auditEvents.after })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, entityId)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit);
  return rows.map(({ after, ...row }, index) => {
    const version = isJsonObject(after) && typeof after.version === "number" ? after.version : null;
    const isCurrent = currentVersion !== undefined ? version === currentVersion : index === 0;
    return { ...toView(row), version, restorable: isJsonObject(after) && !isCurrent };
  });
}

/** How a record type is set back to an earlier snapshot; see restoreFromHistory. */
export interface RestoreTarget<Row> {
  entityType: string;
  entityId: string;
  /** What the record is called, for the log. */
  entityLabel?: string | null;
  /** The record now, locked (FOR UPDATE) or at least read in the transaction; null when it is gone. */
  load: (tx: Tx) => Promise<Row | null>;
  /**
   * Writes the snapshot's editable fields over the record with the version check
   * (updateVersioned), and returns the record after. Only fields staff edit: never ids,
   * versions or timestamps the database keeps.
   */
  apply: (tx: Tx, snapshot: JsonObject, expectedVersion: number) => Promise<Row>;
}

export type RestoreOutcome<Row> = AuditedWriteResult<Row> | { ok: false; kind: "not-found"; message: string };

/**
 * Sets a record back to how it stood after audit event `eventId`, as one audited change
 * ("restore", its reason naming the event). `expectedVersion` is the version the person
 * was looking at: if someone saved since, nothing is restored and the result is a conflict.
 */
export async function restoreFromHistory<Row>(
  context: AuditContext,
  actor: StaffUser,
  target: RestoreTarget<Row>,
  { eventId, expectedVersion }: { eventId: number; expectedVersion: number },
): Promise<RestoreOutcome<Row>> {
  const [event] = await context.db
    .select({ after: auditEvents.after, at: auditEvents.at })
    .from(auditEvents)
    .where(and(eq(auditEvents.id, eventId), eq(auditEvents.entityType, target.entityType), eq(auditEvents.entityId, target.entityId)));
  if (!event || !isJsonObject(event.after)) {
    return { ok: false, kind: "not-found", message: "That version is not in this record's history." };
  }
  const snapshot = event.after as JsonObject;
  class RecordGone extends Error {}
  try {
    return await auditedWrite(context, actor, async (tx) => {
      const before = await target.load(tx);
      if (!before) throw new RecordGone();
      const after = await target.apply(tx, snapshot, expectedVersion);
      return {
        value: after,
        audit: {
          action: "restore",
          entityType: target.entityType,
          entityId: target.entityId,
          entityLabel: target.entityLabel ?? null,
          before,
          after,
          reason: `Restored the version saved at ${formatAuditTime(event.at.toISOString())} UK time (change #${eventId})`,
        },
      };
    });
  } catch (error) {
    if (error instanceof RecordGone) return { ok: false, kind: "not-found", message: "This record no longer exists." };
    throw error;
  }
}
