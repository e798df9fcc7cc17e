import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { StaffUser } from "./staff.server";
import {
  auditedWrite,
  lockRecord,
  VersionConflictError,
  type AuditContext,
  type AuditedWriteResult,
  type VersionedTable,
} from "./audit.server";
import { canUndoDelete, UNDO_DELETE_DAYS } from "./soft-delete";

/*
 * Nothing in the back office deletes for good: a delete sets `deleted_at` (deletedAtColumn()
 * in db/schema/columns.ts) and bumps the version; public queries filter with notDeleted();
 * the delete can be undone for 30 days. Both are audited changes.
 */

/** A versioned table that can be soft-deleted: its `deleted_at` column, by default the table's. */
export interface SoftDeletableTable<Table extends PgTable> extends VersionedTable<Table> {
  deletedAt?: PgColumn;
}

function deletedAtOf(target: SoftDeletableTable<PgTable>): PgColumn {
  const column = target.deletedAt ?? (target.table as unknown as Record<string, PgColumn | undefined>).deletedAt;
  if (!column) throw new Error(`${target.entityType}: the table has no deleted_at column`);
  return column;
}

function versionOf(target: VersionedTable<PgTable>): PgColumn {
  return target.version ?? (target.table as unknown as Record<string, PgColumn>).version!;
}

/** The filter public (and list) queries add: `deleted_at IS NULL`. */
export function notDeleted(column: PgColumn) {
  return isNull(column);
}

export type SoftDeleteOutcome<Row> = AuditedWriteResult<Row> | { ok: false; kind: "not-found" | "too-late"; message: string };

const TOO_LATE_MESSAGE = `This record was deleted more than ${UNDO_DELETE_DAYS} days ago and can no longer be restored.`;

/** Soft-deletes one record (with the version check), audited as "delete". */
export async function softDelete<Table extends PgTable>(
  context: AuditContext,
  actor: StaffUser,
  target: SoftDeletableTable<Table>,
  id: string | number,
  expectedVersion: number,
  { reason, entityLabel }: { reason?: string | null; entityLabel?: string | null } = {},
): Promise<SoftDeleteOutcome<Table["$inferSelect"]>> {
  return setDeleted(context, actor, target, id, expectedVersion, true, reason, entityLabel);
}

/** Brings a soft-deleted record back within 30 days (with the version check), audited as "undelete". */
export async function undoSoftDelete<Table extends PgTable>(
  context: AuditContext,
  actor: StaffUser,
  target: SoftDeletableTable<Table>,
  id: string | number,
  expectedVersion: number,
  { reason, entityLabel }: { reason?: string | null; entityLabel?: string | null } = {},
): Promise<SoftDeleteOutcome<Table["$inferSelect"]>> {
  return setDeleted(context, actor, target, id, expectedVersion, false, reason, entityLabel);
}

class Refused extends Error {
  constructor(readonly kind: "not-found" | "too-late") {
    super(kind);
  }
}

async function setDeleted<Table extends PgTable>(
  context: AuditContext,
  actor: StaffUser,
  target: SoftDeletableTable<Table>,
  id: string | number,
  expectedVersion: number,
  deleting: boolean,
  reason?: string | null,
  entityLabel?: string | null,
): Promise<SoftDeleteOutcome<Table["$inferSelect"]>> {
  const deletedAt = deletedAtOf(target);
  const version = versionOf(target);
  try {
    return await auditedWrite(context, actor, async (tx) => {
      const before = await lockRecord(tx, target, id);
      if (!before) throw new Refused("not-found");
      const stamp = (before as Record<string, unknown>)[deletedAtKey(target, deletedAt)] as Date | null;
      if (!deleting && stamp && !canUndoDelete(stamp, new Date())) throw new Refused("too-late");
      const rows = (await tx
        .update(target.table)
        .set({ [deletedAtKey(target, deletedAt)]: deleting ? sql`now()` : null, version: sql`${version} + 1` } as never)
        .where(and(eq(target.id, id), eq(version, expectedVersion), deleting ? isNull(deletedAt) : isNotNull(deletedAt)))
        .returning()) as Array<Table["$inferSelect"]>;
      if (rows.length === 0) throw new VersionConflictError(target.entityType, String(id));
      return {
        value: rows[0]!,
        audit: {
          action: deleting ? "delete" : "undelete",
          entityType: target.entityType,
          entityId: String(id),
          before,
          after: rows[0],
          reason,
          entityLabel,
        },
      };
    });
  } catch (error) {
    if (error instanceof Refused) {
      return { ok: false, kind: error.kind, message: error.kind === "not-found" ? "This record no longer exists." : TOO_LATE_MESSAGE };
    }
    throw error;
  }
}

/** The property name Drizzle uses for the deleted_at column on this table. */
function deletedAtKey(target: SoftDeletableTable<PgTable>, column: PgColumn): string {
  const entry = Object.entries(target.table as unknown as Record<string, unknown>).find(([, value]) => value === column);
  if (!entry) throw new Error(`${target.entityType}: deleted_at is not a column of the table`);
  return entry[0];
}
