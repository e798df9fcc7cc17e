import { and, asc, count, desc, eq, ilike, isNotNull, isNull, max, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../../../db/client.server";
import { galleryItems, heroSlides, partners, podcastEpisodes, sponsorshipTiers } from "../../../db/schema";
import {
  auditedWrite,
  lockRecord,
  updateVersioned,
  type AuditContext,
  type AuditedWriteResult,
  type Tx,
} from "~/features/admin/audit.server";
import type { RestoreTarget } from "~/features/admin/history.server";
import { softDelete, undoSoftDelete, type SoftDeletableTable, type SoftDeleteOutcome } from "~/features/admin/soft-delete.server";
import { UNDO_DELETE_DAYS } from "~/features/admin/soft-delete";
import type { StaffUser } from "~/features/admin/staff.server";
import type { JsonObject } from "~/lib/json-diff";
import { slugify } from "~/features/admin/desk/desk-fields";
import type { DeskKey } from "./desks";
import { pageCountOf, pageOffset } from "~/lib/pagination";

/*
 * Where each desk's records live, and the one set of operations every desk uses: list with
 * search and pages, read, create, update (version-checked), soft delete and undo, restore from
 * History. Every write goes through admin-core's auditedWrite (or its soft-delete and restore
 * helpers), so each has its audit row and announces the content change after commit.
 */

type Row = Record<string, unknown> & { version: number; deletedAt: Date | null };
type Id = string | number;

interface DeskStore {
  target: SoftDeletableTable<PgTable>;
  /** The column the list shows as the record's name, and searches. */
  label: PgColumn;
  order: SQL[];
  /** The fields an edit writes (and a restore takes from a snapshot). */
  editable: string[];
  /** Fields written on create only (they name the record). */
  createOnly?: string[];
  /** The id a new record gets. */
  newId: (tx: Tx, values: Record<string, unknown>) => Promise<Id>;
  /** The id from the URL, or null when it cannot be one. */
  parseId: (raw: string) => Id | null;
  /** A line under the name in the list. */
  summary: (row: Row) => string;
}

const textId = (raw: string) => (/^[a-z0-9][a-z0-9-]{0,99}$/i.test(raw) ? raw : null);

/** A slug of `text` no record of `table` has yet: "name", then "name-2", "name-3"... */
function freeSlug(table: PgTable, idColumn: PgColumn, text: string, fallback: string) {
  return async (tx: Tx): Promise<string> => {
    const base = slugify(text) || fallback;
    const taken = new Set(
      (
        await tx
          .select({ id: idColumn })
          .from(table)
          .where(or(eq(idColumn, base), ilike(idColumn, `${base}-%`)))
      ).map((row) => String(row.id)),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  };
}

const dateText = (value: unknown) => (typeof value === "string" ? value : "");

const STORES: Record<DeskKey, DeskStore> = {
  partners: {
    target: { table: partners, id: partners.id, entityType: "partner" },
    label: partners.name,
    order: [asc(partners.sortOrder), asc(partners.name)],
    editable: [
      "name",
      "category",
      "description",
      "website",
      "logo",
      "logoAssetId",
      "tier",
      "activeFrom",
      "activeUntil",
      "details",
      "sortOrder",
    ],
    newId: (tx, values) => freeSlug(partners, partners.id, String(values.name), "partner")(tx),
    parseId: textId,
    summary: (row) => {
      const dates =
        row.activeFrom || row.activeUntil
          ? ` · shown ${dateText(row.activeFrom) || "now"} to ${dateText(row.activeUntil) || "no end"}`
          : "";
      return `${String(row.category)}${row.tier ? ` · ${String(row.tier)}` : ""}${dates}`;
    },
  },
  tiers: {
    target: { table: sponsorshipTiers, id: sponsorshipTiers.tier, entityType: "sponsorship_tier" },
    label: sponsorshipTiers.tier,
    order: [asc(sponsorshipTiers.sortOrder), asc(sponsorshipTiers.tier)],
    editable: ["pricePence", "period", "description", "features", "sortOrder"],
    createOnly: ["tier"],
    newId: async (_tx, values) => String(values.tier),
    parseId: (raw) => (raw.length > 0 && raw.length <= 60 ? raw : null),
    summary: (row) => `£${(Number(row.pricePence) / 100).toLocaleString("en-GB")} ${String(row.period)}`,
  },
  podcast: {
    target: { table: podcastEpisodes, id: podcastEpisodes.id, entityType: "podcast_episode" },
    label: podcastEpisodes.title,
    order: [desc(podcastEpisodes.publishedOn), desc(podcastEpisodes.id)],
    editable: ["title", "publishedOn", "description", "thumbnail", "youtubeUrl", "spotifyUrl"],
    newId: (tx, values) => freeSlug(podcastEpisodes, podcastEpisodes.id, String(values.title), "episode")(tx),
    parseId: textId,
    summary: (row) => `Released ${dateText(row.publishedOn)}`,
  },
  gallery: {
    target: { table: galleryItems, id: galleryItems.id, entityType: "gallery_item" },
    label: galleryItems.title,
    order: [asc(galleryItems.id)],
    editable: ["title", "image", "photoAssetId", "alt", "circuit", "dateText", "description", "objectPosition"],
    newId: async (tx) => {
      // Gallery items are numbered in the order they were added; the lock keeps two adds apart.
      await tx.execute(sql`lock table ${galleryItems} in share row exclusive mode`);
      const [row] = await tx.select({ last: max(galleryItems.id) }).from(galleryItems);
      return (row?.last ?? 0) + 1;
    },
    parseId: (raw) => (/^\d{1,9}$/.test(raw) ? Number(raw) : null),
    summary: (row) => `#${String(row.id)} · ${String(row.circuit)} · ${String(row.dateText)}`,
  },
  "hero-slides": {
    target: { table: heroSlides, id: heroSlides.id, entityType: "hero_slide" },
    label: heroSlides.title,
    order: [asc(heroSlides.sortOrder), asc(heroSlides.id)],
    editable: ["title", "subtitle", "image", "photoAssetId", "href", "sortOrder"],
    newId: (tx, values) => freeSlug(heroSlides, heroSlides.id, String(values.title), "slide")(tx),
    parseId: textId,
    summary: (row) => `Position ${String(row.sortOrder)} · links to ${String(row.href)}`,
  },
};

export function deskEntityType(key: DeskKey): string {
  return STORES[key].target.entityType;
}

export function parseDeskId(key: DeskKey, raw: string): Id | null {
  return STORES[key].parseId(raw);
}

export const DESK_PAGE_SIZE = 20;

export interface DeskListItem {
  id: string;
  label: string;
  summary: string;
  version: number;
  deletedAt: string | null;
}

function listItem(store: DeskStore, row: Row): DeskListItem {
  return {
    id: String(row[idKey(store)]),
    label: String(row[labelKey(store)]),
    summary: store.summary(row),
    version: row.version,
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
  };
}

function keyOf(store: DeskStore, column: PgColumn): string {
  const entry = Object.entries(store.target.table as unknown as Record<string, unknown>).find(([, value]) => value === column);
  return entry![0];
}
const idKey = (store: DeskStore) => keyOf(store, store.target.id);
const labelKey = (store: DeskStore) => keyOf(store, store.label);
const deletedAtOf = (store: DeskStore) => (store.target.table as unknown as { deletedAt: PgColumn }).deletedAt;

/** One page of a desk's records (not deleted), searched by name; and those deleted in the last 30 days. */
export async function listDesk(db: Database, key: DeskKey, { query, page }: { query: string; page: number }) {
  const store = STORES[key];
  const pattern = query && `%${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const where = and(isNull(deletedAtOf(store)), pattern ? ilike(store.label, pattern) : undefined);
  const [rows, [totals], deleted] = await Promise.all([
    db
      .select()
      .from(store.target.table)
      .where(where)
      .orderBy(...store.order)
      .limit(DESK_PAGE_SIZE)
      .offset(pageOffset(page, DESK_PAGE_SIZE)),
    db.select({ total: count() }).from(store.target.table).where(where),
    db
      .select()
      .from(store.target.table)
      .where(and(isNotNull(deletedAtOf(store)), sql`${deletedAtOf(store)} > now() - make_interval(days => ${UNDO_DELETE_DAYS})`))
      .orderBy(desc(deletedAtOf(store)))
      .limit(DESK_PAGE_SIZE),
  ]);
  const total = totals?.total ?? 0;
  return {
    items: (rows as Row[]).map((row) => listItem(store, row)),
    deleted: (deleted as Row[]).map((row) => listItem(store, row)),
    total,
    pageCount: pageCountOf(total, DESK_PAGE_SIZE),
  };
}

/** One record (deleted or not), or null. */
export async function readDeskRecord(db: Database, key: DeskKey, id: Id): Promise<Row | null> {
  const store = STORES[key];
  const [row] = await db.select().from(store.target.table).where(eq(store.target.id, id));
  return (row as Row | undefined) ?? null;
}

function pick(values: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((name) => name in values).map((name) => [name, values[name]]));
}

/** The message when a new record would take a name another one has (tiers are named by their name). */
export const NAME_TAKEN_MESSAGE = "There is already one with this name (perhaps among the deleted ones): choose another.";

export type DeskCreateResult = AuditedWriteResult<Row> | { ok: false; kind: "taken"; message: string };

export async function createDeskRecord(
  context: AuditContext,
  staff: StaffUser,
  key: DeskKey,
  values: Record<string, unknown>,
  reason?: string | null,
): Promise<DeskCreateResult> {
  const store = STORES[key];
  class Taken extends Error {}
  try {
    return await auditedWrite(context, staff, async (tx) => {
      const id = await store.newId(tx, values);
      const rows = (await tx
        .insert(store.target.table)
        .values({ ...pick(values, [...store.editable, ...(store.createOnly ?? [])]), [idKey(store)]: id } as never)
        .onConflictDoNothing()
        .returning()) as Row[];
      if (rows.length === 0) throw new Taken();
      const after = rows[0]!;
      return {
        value: after,
        audit: {
          action: "create",
          entityType: store.target.entityType,
          entityId: String(id),
          entityLabel: String(after[labelKey(store)]),
          before: null,
          after,
          reason,
        },
      };
    });
  } catch (error) {
    if (error instanceof Taken) return { ok: false, kind: "taken", message: NAME_TAKEN_MESSAGE };
    throw error;
  }
}

export async function updateDeskRecord(
  context: AuditContext,
  staff: StaffUser,
  key: DeskKey,
  id: Id,
  expectedVersion: number,
  values: Record<string, unknown>,
  reason?: string | null,
): Promise<AuditedWriteResult<Row>> {
  const store = STORES[key];
  return auditedWrite(context, staff, async (tx) => {
    const before = await lockRecord(tx, store.target, id);
    const after = (await updateVersioned(tx, store.target, id, expectedVersion, pick(values, store.editable))) as Row;
    return {
      value: after,
      audit: {
        action: "update",
        entityType: store.target.entityType,
        entityId: String(id),
        entityLabel: String(after[labelKey(store)]),
        before,
        after,
        reason,
      },
    };
  });
}

/** What the record is called, for the audit log (its label column), or null when it is gone. */
async function labelOf(db: Database, key: DeskKey, id: Id): Promise<string | null> {
  const record = await readDeskRecord(db, key, id);
  return record ? String(record[labelKey(STORES[key])]) : null;
}

export async function deleteDeskRecord(
  context: AuditContext,
  staff: StaffUser,
  key: DeskKey,
  id: Id,
  expectedVersion: number,
): Promise<SoftDeleteOutcome<Row>> {
  const entityLabel = await labelOf(context.db, key, id);
  return softDelete(context, staff, STORES[key].target, id, expectedVersion, { entityLabel }) as Promise<SoftDeleteOutcome<Row>>;
}

export async function undeleteDeskRecord(
  context: AuditContext,
  staff: StaffUser,
  key: DeskKey,
  id: Id,
  expectedVersion: number,
): Promise<SoftDeleteOutcome<Row>> {
  const entityLabel = await labelOf(context.db, key, id);
  return undoSoftDelete(context, staff, STORES[key].target, id, expectedVersion, { entityLabel }) as Promise<SoftDeleteOutcome<Row>>;
}

/** How restoreFromHistory sets a record back: the editable fields of the snapshot. */
export async function deskRestoreTargetFor(db: Database, key: DeskKey, id: Id): Promise<RestoreTarget<Row>> {
  return deskRestoreTarget(key, id, await labelOf(db, key, id));
}

export function deskRestoreTarget(key: DeskKey, id: Id, entityLabel: string | null): RestoreTarget<Row> {
  const store = STORES[key];
  return {
    entityType: store.target.entityType,
    entityId: String(id),
    entityLabel,
    load: async (tx) => (await lockRecord(tx, store.target, id)) as Row | null,
    apply: async (tx, snapshot: JsonObject, expectedVersion) =>
      (await updateVersioned(tx, store.target, id, expectedVersion, pick(snapshot, store.editable))) as Row,
  };
}

/** The tier names partners can be given (not deleted), in the tiers' order. */
export async function tierOptions(db: Database): Promise<string[]> {
  const rows = await db
    .select({ tier: sponsorshipTiers.tier })
    .from(sponsorshipTiers)
    .where(isNull(sponsorshipTiers.deletedAt))
    .orderBy(asc(sponsorshipTiers.sortOrder));
  return rows.map((row) => row.tier);
}
