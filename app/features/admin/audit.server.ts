import { and, eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { data } from "react-router";
import type { Database } from "../../../db/client.server";
import { auditEvents } from "../../../db/schema";
import type { RequestContext } from "~/context";
import { isJsonObject, jsonDiff, toJson, type JsonObject } from "~/lib/json-diff";
import { recordLabel } from "~/lib/readable-value";
import { BACK_OFFICE_HEADERS, type StaffUser } from "./staff.server";
import type { StaffRole } from "./staff-roles";

/*
 * The one way the back office writes: the change and its audit_events row in one
 * transaction, so there is never a change without its record nor a record of a change that
 * did not happen. Records carry a `version`; an update based on a stale one is refused
 * (optimistic concurrency), keeping the other person's change.
 * See docs/decisions/0023-staff-roles-and-audit-trail.md.
 */

/** A transaction, as Drizzle hands it to db.transaction's callback (same on both drivers). */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What the screen shows when an edit lost the race. */
export const CONFLICT_MESSAGE = "Someone else saved this record since you opened it; your changes were not saved.";

/** Thrown inside a write when a versioned update found no row at the version it was based on. */
export class VersionConflictError extends Error {
  constructor(
    readonly entityType: string,
    readonly entityId: string,
  ) {
    super(CONFLICT_MESSAGE);
    this.name = "VersionConflictError";
  }
}

/** One audit row's content, as the write describes it. `before`/`after` are the record's fields. */
export interface AuditEntry {
  /** What was done: "create", "update", "delete", "undelete", "restore", "staff_role.grant"... */
  action: string;
  /** The kind of record, in snake_case: "news_article", "legal_document", "user"... */
  entityType: string;
  entityId: string;
  /** What the record is called ("Erin Editor", an article's title): the log shows it beside the id. */
  entityLabel?: string | null;
  /** The record before the change (null when created). Dates, bytes and the like are converted. */
  before: unknown;
  /** The record after the change (null when removed for good). */
  after: unknown;
  reason?: string | null;
}

/**
 * Who did it: a staff member from requireStaff(), a signed-in person acting with no role (the
 * first admin's set-up, ADR 0108: actingAs null), or the command line.
 */
export type AuditActor =
  | (Pick<StaffUser, "id" | "name" | "email" | "roles"> & { actingAs: StaffRole | null })
  | { id: null; label: string; roles: StaffRole[]; actingAs: StaffRole | null };

/** What listeners (cache invalidation) hear after a write has committed. */
export interface AuditedChange {
  eventIds: number[];
  entries: Array<{ action: string; entityType: string; entityId: string }>;
}

export type AuditedWriteResult<T> =
  { ok: true; value: T; change: AuditedChange } | { ok: false; kind: "conflict"; message: string; entityType: string; entityId: string };

/** The parts of the request context a write needs; tests build one with tests/support/accounts.ts. */
export type AuditContext = Pick<RequestContext, "db" | "log" | "requestId" | "contentChanged">;

/**
 * Runs `work` in a transaction and inserts an audit row for each entry it returns, in the
 * same transaction. If `work` throws, nothing is written (its error is rethrown, except a
 * VersionConflictError, which comes back as `{ ok: false, kind: "conflict" }` for the
 * screen to show with conflictResponse()). If an audit insert fails, the change is rolled
 * back with it. After the commit, context.contentChanged() tells every app process (their page caches).
 *
 *   const result = await auditedWrite(context, staff, async (tx) => {
 *     const before = await loadArticle(tx, id);
 *     const after = await updateVersioned(tx, { table: articles, id: articles.id }, id, version, values);
 *     return { value: after, audit: { action: "update", entityType: "news_article", entityId: id, before, after } };
 *   });
 *   if (!result.ok) return conflictResponse(result);
 */
export async function auditedWrite<T>(
  context: AuditContext,
  actor: AuditActor,
  work: (tx: Tx) => Promise<{ value: T; audit: AuditEntry | AuditEntry[] }>,
): Promise<AuditedWriteResult<T>> {
  let outcome: { value: T; change: AuditedChange };
  try {
    outcome = await context.db.transaction(async (tx) => {
      const { value, audit } = await work(tx);
      const entries = Array.isArray(audit) ? audit : [audit];
      const eventIds: number[] = [];
      for (const entry of entries) eventIds.push(await insertAuditEvent(tx, actor, entry, context.requestId ?? null));
      return {
        value,
        change: { eventIds, entries: entries.map(({ action, entityType, entityId }) => ({ action, entityType, entityId })) },
      };
    });
  } catch (error) {
    if (error instanceof VersionConflictError) {
      return { ok: false, kind: "conflict", message: error.message, entityType: error.entityType, entityId: error.entityId };
    }
    throw error;
  }
  if (outcome.change.entries.length === 0) return { ok: true, ...outcome };
  try {
    await context.contentChanged();
  } catch (error) {
    // The change is saved; a cache that could not be told expires on its own.
    context.log.error({ err: error }, "audited write: change listener failed");
  }
  return { ok: true, ...outcome };
}

function actorLabel(actor: AuditActor): string {
  return actor.id === null ? actor.label : `${actor.name} <${actor.email}>`;
}

/** Snapshot of a record for the audit row: plain JSON, or null. */
export function auditSnapshot(value: unknown): JsonObject | null {
  const json = toJson(value);
  if (json === null) return null;
  return isJsonObject(json) ? json : { value: json };
}

/**
 * Inserts one audit row in the caller's transaction and returns its id. auditedWrite uses
 * it; call it directly only where no request exists (the command line, migrations of data).
 */
export async function insertAuditEvent(tx: Tx | Database, actor: AuditActor, entry: AuditEntry, requestId: string | null): Promise<number> {
  const before = auditSnapshot(entry.before);
  const after = auditSnapshot(entry.after);
  const [row] = await tx
    .insert(auditEvents)
    .values({
      actorUserId: actor.id,
      actorLabel: actorLabel(actor),
      actorRoles: actor.roles,
      roleUsed: actor.actingAs,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      // A write that names no label is still shown by name (an article's title), never by its id alone.
      entityLabel: entry.entityLabel ?? recordLabel(after) ?? recordLabel(before),
      before,
      after,
      diff: jsonDiff(before, after),
      reason: entry.reason?.trim() || null,
      requestId,
    })
    .returning({ id: auditEvents.id });
  return row!.id;
}

/** A table the back office edits: its key column and its `version` column. */
export interface VersionedTable<Table extends PgTable> {
  table: Table;
  /** The column that names one record (its primary key). */
  id: PgColumn;
  /** Defaults to the table's `version` column. */
  version?: PgColumn;
  /** Used in conflict messages and the audit trail. */
  entityType: string;
}

function versionColumnOf(target: VersionedTable<PgTable>): PgColumn {
  const column = target.version ?? (target.table as unknown as Record<string, PgColumn | undefined>).version;
  if (!column) throw new Error(`${target.entityType}: the table has no version column`);
  return column;
}

/**
 * `UPDATE … SET …, version = version + 1 WHERE id = $1 AND version = $2 RETURNING *`.
 * Throws VersionConflictError when no row matched (someone saved first, or it is gone),
 * which auditedWrite turns into a conflict result; returns the updated row otherwise.
 */
export async function updateVersioned<Table extends PgTable>(
  tx: Tx,
  target: VersionedTable<Table>,
  id: string | number,
  expectedVersion: number,
  values: Partial<Table["$inferInsert"]>,
): Promise<Table["$inferSelect"]> {
  const version = versionColumnOf(target);
  const rows = (await tx
    .update(target.table)
    .set({ ...values, version: sql`${version} + 1` } as never)
    .where(and(eq(target.id, id), eq(version, expectedVersion)))
    .returning()) as Array<Table["$inferSelect"]>;
  if (rows.length === 0) throw new VersionConflictError(target.entityType, String(id));
  return rows[0]!;
}

/** Reads one record in the transaction, locked until it ends (`FOR UPDATE`); null when absent. */
export async function lockRecord<Table extends PgTable>(
  tx: Tx,
  target: VersionedTable<Table>,
  id: string | number,
  where?: SQL,
): Promise<Table["$inferSelect"] | null> {
  const rows = (await tx
    .select()
    .from(target.table as PgTable)
    .where(where ? and(eq(target.id, id), where) : eq(target.id, id))
    .for("update")) as Array<Table["$inferSelect"]>;
  return rows[0] ?? null;
}

/** The 409 answer for a conflict, in the shape forms read: `{ formError }`. */
export function conflictResponse(result: { message: string }) {
  return data({ formError: result.message }, { status: 409, headers: BACK_OFFICE_HEADERS });
}
