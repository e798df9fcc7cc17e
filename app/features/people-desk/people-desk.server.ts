import { and, asc, count, eq, ilike, isNotNull, isNull, max, or, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../../db/client.server";
import { driverProfileChanges, drivers, femaleSideMembers, teamMembers } from "../../../db/schema";
import type { RequestContext } from "~/context";
import {
  auditedWrite,
  lockRecord,
  updateVersioned,
  type AuditContext,
  type AuditedWriteResult,
  type Tx,
} from "~/features/admin/audit.server";
import { restoreFromHistory, type RestoreOutcome } from "~/features/admin/history.server";
import { softDelete, undoSoftDelete, type SoftDeletableTable, type SoftDeleteOutcome } from "~/features/admin/soft-delete.server";
import type { StaffUser } from "~/features/admin/staff.server";
import { pictureThumbnailSrc } from "~/features/media/media";
import { withLibraryPhotos } from "~/features/media/media.server";
import type { JsonObject } from "~/lib/json-diff";
import { PEOPLE_FIELDS, PEOPLE_KIND_INFO, PEOPLE_PAGE_SIZE, PEOPLE_SCHEMAS, type PeopleKind } from "./people-forms";
import { pageCountOf, pageOffset } from "~/lib/pagination";

/*
 * The people desk's reads and writes: drivers, team members and the Female Side, each write
 * through admin-core's audited write (version check, audit row in the same transaction; the
 * write then announces itself, so every process's page cache shows it at once).
 */

export type PersonRecord = typeof drivers.$inferSelect | typeof teamMembers.$inferSelect | typeof femaleSideMembers.$inferSelect;

type PeopleTable = typeof drivers | typeof teamMembers | typeof femaleSideMembers;

export function peopleTarget(kind: PeopleKind): SoftDeletableTable<PeopleTable> {
  const entityType = PEOPLE_KIND_INFO[kind].entityType;
  if (kind === "drivers") return { table: drivers, id: drivers.id, entityType };
  if (kind === "team") return { table: teamMembers, id: teamMembers.id, entityType };
  return { table: femaleSideMembers, id: femaleSideMembers.id, entityType };
}

/** The key a record is addressed by in this kind's table (team members have numeric ids). */
export function recordKey(kind: PeopleKind, id: string): string | number | null {
  if (kind !== "team") return id;
  return /^\d{1,9}$/.test(id) ? Number(id) : null;
}

/** The columns staff edit (never the id, version or deletion stamp). */
export function editableColumns(kind: PeopleKind): string[] {
  return PEOPLE_FIELDS[kind].filter((field) => !field.createOnly).map((field) => field.name);
}

export interface PeopleListRow {
  id: string;
  name: string;
  role: string;
  /** A small picture for the list: the library photo's smallest file, else the image path ("" for none). */
  thumbnail: string;
  version: number;
  deletedAt: string | null;
  /** Drivers only: whether a change of their own waits for approval. */
  pendingChange: boolean;
}

function escapeLike(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** One page of a kind's records, in their public order, searched by name or role. */
export async function listPeople(
  db: Database,
  kind: PeopleKind,
  { q, deleted, page }: { q: string; deleted: boolean; page: number },
): Promise<{ rows: PeopleListRow[]; total: number; pageCount: number }> {
  const { table } = peopleTarget(kind);
  const pattern = q ? escapeLike(q) : null;
  const where = and(
    deleted ? isNotNull(table.deletedAt) : isNull(table.deletedAt),
    pattern ? or(ilike(table.name, pattern), ilike(table.role, pattern)) : undefined,
  );
  const order =
    kind === "team"
      ? [asc(teamMembers.id)]
      : kind === "drivers"
        ? [asc(drivers.sortOrder), asc(drivers.id)]
        : [asc(femaleSideMembers.sortOrder), asc(femaleSideMembers.id)];
  const pending =
    kind === "drivers"
      ? // Spelled out: in a one-table select Drizzle leaves column names unqualified, and both tables have "id".
        sql<boolean>`exists (select 1 from ${driverProfileChanges} as waiting where waiting.driver_id = "drivers"."id" and waiting.status = 'pending')`
      : sql<boolean>`false`;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: table.id,
        name: table.name,
        role: table.role,
        image: table.image,
        photoAssetId: table.photoAssetId,
        version: table.version,
        deletedAt: table.deletedAt,
        pendingChange: pending,
      })
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(PEOPLE_PAGE_SIZE)
      .offset(pageOffset(page, PEOPLE_PAGE_SIZE)),
    db
      .select({ total: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  const total = totals?.total ?? 0;
  const withPhotos = await withLibraryPhotos(db, rows, (row) => row.photoAssetId);
  return {
    rows: withPhotos.map(({ id, name, role, image, photo, version, deletedAt, pendingChange }) => ({
      id: String(id),
      name,
      role,
      thumbnail: pictureThumbnailSrc(photo, image),
      version,
      deletedAt: deletedAt?.toISOString() ?? null,
      pendingChange: Boolean(pendingChange),
    })),
    total,
    pageCount: pageCountOf(total, PEOPLE_PAGE_SIZE),
  };
}

/** One record, deleted or not; null when there is none. */
export async function getPerson(db: Database, kind: PeopleKind, id: string): Promise<PersonRecord | null> {
  const key = recordKey(kind, id);
  if (key === null) return null;
  const target = peopleTarget(kind);
  const rows = await db
    .select()
    .from(target.table as PgTable)
    .where(eq(target.id, key));
  return (rows[0] as PersonRecord | undefined) ?? null;
}

export type PeopleContext = AuditContext & Pick<RequestContext, "contentChanged">;

export type CreateOutcome = AuditedWriteResult<PersonRecord> | { ok: false; kind: "taken"; message: string };

/** Adds a record (validated values; `id` chosen by staff for drivers and the Female Side). */
export async function createPerson(
  context: PeopleContext,
  staff: StaffUser,
  kind: PeopleKind,
  values: Record<string, unknown>,
): Promise<CreateOutcome> {
  const target = peopleTarget(kind);
  class Taken extends Error {}
  try {
    const result = await auditedWrite(context, staff, async (tx) => {
      let row: Record<string, unknown> = { ...values };
      if (kind === "team") {
        // Team members are numbered (their pages are /team/1, /team/2...): the next number.
        await tx.execute(sql`lock table ${teamMembers} in share row exclusive mode`);
        const [{ highest } = { highest: 0 }] = await tx.select({ highest: max(teamMembers.id) }).from(teamMembers);
        row = { ...row, id: (highest ?? 0) + 1 };
      } else {
        const existing = await tx
          .select({ id: target.id })
          .from(target.table as PgTable)
          .where(eq(target.id, String(values.id)));
        if (existing.length > 0) throw new Taken();
      }
      const [created] = (await tx
        .insert(target.table)
        .values(row as never)
        .returning()) as PersonRecord[];
      return {
        value: created!,
        audit: { action: "create", entityType: target.entityType, entityId: String(created!.id), before: null, after: created },
      };
    });
    return result;
  } catch (error) {
    if (error instanceof Taken || isUniqueViolation(error)) {
      return { ok: false, kind: "taken", message: `Another ${PEOPLE_KIND_INFO[kind].singular} already has this id; choose another.` };
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export type UpdateOutcome = AuditedWriteResult<PersonRecord> | { ok: false; kind: "not-found"; message: string };

/** Saves an edit made on the version `expectedVersion`; a stale one is a conflict, nothing saved. */
export async function updatePerson(
  context: PeopleContext,
  staff: StaffUser,
  kind: PeopleKind,
  id: string,
  expectedVersion: number,
  values: Record<string, unknown>,
  reason: string,
): Promise<UpdateOutcome> {
  const key = recordKey(kind, id);
  const target = peopleTarget(kind);
  if (key === null) return { ok: false, kind: "not-found", message: "This record does not exist." };
  class Gone extends Error {}
  try {
    const result = await auditedWrite(context, staff, async (tx) => {
      const before = await lockRecord(tx, target, key);
      if (!before) throw new Gone();
      const after = (await updateVersioned(tx, target, key, expectedVersion, pickEditable(kind, values) as never)) as PersonRecord;
      return { value: after, audit: { action: "update", entityType: target.entityType, entityId: String(key), before, after, reason } };
    });
    return result;
  } catch (error) {
    if (error instanceof Gone) return { ok: false, kind: "not-found", message: "This record does not exist." };
    throw error;
  }
}

function pickEditable(kind: PeopleKind, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    editableColumns(kind)
      .filter((name) => name in values)
      .map((name) => [name, values[name]]),
  );
}

export async function deletePerson(
  context: PeopleContext,
  staff: StaffUser,
  kind: PeopleKind,
  id: string,
  expectedVersion: number,
  reason: string,
): Promise<SoftDeleteOutcome<PersonRecord>> {
  const key = recordKey(kind, id);
  if (key === null) return { ok: false, kind: "not-found", message: "This record does not exist." };
  const result = (await softDelete(context, staff, peopleTarget(kind), key, expectedVersion, {
    reason,
  })) as SoftDeleteOutcome<PersonRecord>;
  return result;
}

export async function undeletePerson(
  context: PeopleContext,
  staff: StaffUser,
  kind: PeopleKind,
  id: string,
  expectedVersion: number,
  reason: string,
): Promise<SoftDeleteOutcome<PersonRecord>> {
  const key = recordKey(kind, id);
  if (key === null) return { ok: false, kind: "not-found", message: "This record does not exist." };
  const result = (await undoSoftDelete(context, staff, peopleTarget(kind), key, expectedVersion, {
    reason,
  })) as SoftDeleteOutcome<PersonRecord>;
  return result;
}

/**
 * The editable fields of an audit snapshot, checked against the form's own rules (a snapshot
 * is what the database held, so it passes; anything else is refused rather than written).
 */
export function snapshotValues(kind: PeopleKind, snapshot: JsonObject): Record<string, unknown> | null {
  const asForm: Record<string, string> = {};
  for (const name of editableColumns(kind)) {
    const value = snapshot[name];
    asForm[name] = Array.isArray(value) ? value.join("\n") : value === null || value === undefined ? "" : String(value);
  }
  const parsed = PEOPLE_SCHEMAS[kind].safeParse(asForm);
  return parsed.success ? (parsed.data as Record<string, unknown>) : null;
}

export async function restorePersonVersion(
  context: PeopleContext,
  staff: StaffUser,
  kind: PeopleKind,
  id: string,
  eventId: number,
  expectedVersion: number,
): Promise<RestoreOutcome<PersonRecord> | { ok: false; kind: "invalid"; message: string }> {
  const key = recordKey(kind, id);
  if (key === null) return { ok: false, kind: "not-found", message: "This record does not exist." };
  const target = peopleTarget(kind);
  class Unusable extends Error {}
  try {
    const result = await restoreFromHistory<PersonRecord>(
      context,
      staff,
      {
        entityType: target.entityType,
        entityId: String(key),
        load: (tx: Tx) => lockRecord(tx, target, key) as Promise<PersonRecord | null>,
        apply: async (tx, snapshot, version) => {
          const values = snapshotValues(kind, snapshot);
          if (!values) throw new Unusable();
          return (await updateVersioned(tx, target, key, version, values as never)) as PersonRecord;
        },
      },
      { eventId, expectedVersion },
    );
    return result;
  } catch (error) {
    if (error instanceof Unusable)
      return { ok: false, kind: "invalid", message: "That version cannot be restored: it is missing fields this record needs." };
    throw error;
  }
}
