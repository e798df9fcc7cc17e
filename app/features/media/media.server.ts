import { randomUUID } from "node:crypto";
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { mediaAssets } from "../../../db/schema";
import sharp from "sharp";
import { emailVariant, hashOfKey, isVariantKey, type MediaVariant, type PictureImage } from "./media";
import {
  auditedWrite,
  lockRecord,
  updateVersioned,
  type AuditActor,
  type AuditContext,
  type AuditedWriteResult,
} from "~/features/admin/audit.server";
import type { RestoreTarget } from "~/features/admin/history.server";
import { canUndoDelete } from "~/features/admin/soft-delete";
import { mediaEditSchema, type MediaDetails, type MediaEdit } from "./media-form";
import type { MediaChoice } from "./media-picker";
import { emailJpeg, type ProcessedMedia } from "./process.server";
import type { MediaStorage, StoredFile } from "./storage.server";
import { pageCountOf, pageOffset } from "~/lib/pagination";

export type MediaAsset = typeof mediaAssets.$inferSelect;

export const MEDIA_PAGE_SIZE = 24;

export type SaveUploadResult = { created: boolean; asset: MediaAsset };

const MEDIA_TABLE = { table: mediaAssets, id: mediaAssets.id, entityType: "media_asset" } as const;

/**
 * Stores a processed upload: its files first, then its row with its audit record. The same
 * file uploaded again is the asset already in the library (found by the file's hash),
 * returned as it is. If the row cannot be written, the files just stored are removed again,
 * except the variants when another upload of the same file won the race and owns them (their
 * keys name the hash; the original's is random, so it is this upload's own).
 */
export async function saveUpload(
  context: AuditContext,
  actor: AuditActor,
  storage: MediaStorage,
  media: ProcessedMedia,
  details: MediaDetails,
): Promise<SaveUploadResult> {
  const existing = await findByHash(context.db, media.hash);
  if (existing) return { created: false, asset: existing };
  const files = [media.original, ...media.variants.map((variant) => variant.file)];
  for (const file of files) await storage.put(file.key, file.bytes, file.contentType);
  try {
    const written = await auditedWrite(context, actor, async (tx) => {
      const [asset] = await tx
        .insert(mediaAssets)
        .values({
          id: randomUUID(),
          hash: media.hash,
          kind: media.type.kind,
          originalKey: media.original.key,
          originalType: media.type.mime,
          originalBytes: media.originalBytes,
          originalCleanedAt: new Date(),
          width: media.width,
          height: media.height,
          altText: details.altText,
          caption: details.caption,
          credit: details.credit,
          variants: media.variants.map(({ format, width, height, bytes, key }) => ({ format, width, height, bytes, key })),
          createdBy: actor.id,
        })
        .returning();
      return {
        value: asset!,
        audit: { action: "create", entityType: MEDIA_TABLE.entityType, entityId: asset!.id, before: null, after: auditRecord(asset!) },
      };
    });
    if (!written.ok) throw new Error("a new media asset cannot conflict");
    return { created: true, asset: written.value };
  } catch (error) {
    const winner = await findByHash(context.db, media.hash);
    if (winner) {
      if (winner.originalKey !== media.original.key) await storage.delete([media.original.key]).catch(() => {});
      return { created: false, asset: winner };
    }
    await storage.delete(files.map((file) => file.key)).catch(() => {});
    throw error;
  }
}

/** What the audit trail keeps of an asset: everything but the list of generated files. */
function auditRecord(asset: MediaAsset) {
  const { variants, ...record } = asset;
  return { ...record, variantCount: variants.length };
}

async function findByHash(db: Database, hash: string): Promise<MediaAsset | undefined> {
  const [asset] = await db.select().from(mediaAssets).where(eq(mediaAssets.hash, hash));
  return asset;
}

export async function getMediaAsset(db: Database, id: string): Promise<MediaAsset | undefined> {
  const [asset] = await db.select().from(mediaAssets).where(eq(mediaAssets.id, id));
  return asset;
}

export interface MediaListOptions {
  query?: string;
  page?: number;
  pageSize?: number;
  /** List the deleted assets (for undo) instead of the live ones. */
  deleted?: boolean;
}

/** A page of the library, newest first, searched by alt text and caption. */
export async function listMediaAssets(db: Database, options: MediaListOptions = {}) {
  const pageSize = options.pageSize ?? MEDIA_PAGE_SIZE;
  const conditions: SQL[] = [options.deleted ? isNotNull(mediaAssets.deletedAt) : isNull(mediaAssets.deletedAt)];
  const query = options.query?.trim();
  if (query) {
    const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(mediaAssets.altText, pattern), ilike(mediaAssets.caption, pattern))!);
  }
  const where = and(...conditions);
  const [counted] = await db.select({ total: count() }).from(mediaAssets).where(where);
  const total = counted?.total ?? 0;
  const pageCount = pageCountOf(total, pageSize);
  const page = Math.min(Math.max(1, options.page ?? 1), pageCount);
  const items = await db
    .select()
    .from(mediaAssets)
    .where(where)
    .orderBy(desc(mediaAssets.createdAt), desc(mediaAssets.id))
    .limit(pageSize)
    .offset(pageOffset(page, pageSize));
  return { items, total, page, pageCount };
}

export type MediaWriteResult = AuditedWriteResult<MediaAsset> | { ok: false; kind: "not-found" };

/**
 * Saves staff's edit of an asset (alt text, caption, credit, focal point) if it is still at
 * the version they opened; otherwise nothing changes and the result says conflict.
 */
export async function updateMediaDetails(context: AuditContext, actor: AuditActor, id: string, edit: MediaEdit): Promise<MediaWriteResult> {
  const { version, ...values } = edit;
  return versionedWrite(context, actor, id, version, "update", values);
}

/** Soft delete: the files stop being served and the asset leaves the library, until undone. */
export async function deleteMediaAsset(context: AuditContext, actor: AuditActor, id: string, version: number): Promise<MediaWriteResult> {
  return versionedWrite(context, actor, id, version, "delete", { deletedAt: new Date() });
}

/** Brings a soft-deleted asset back, within UNDO_DELETE_DAYS of its deletion. */
export async function undeleteMediaAsset(context: AuditContext, actor: AuditActor, id: string, version: number): Promise<MediaWriteResult> {
  return versionedWrite(context, actor, id, version, "undelete", { deletedAt: null });
}

async function versionedWrite(
  context: AuditContext,
  actor: AuditActor,
  id: string,
  version: number,
  action: "update" | "delete" | "undelete",
  values: Partial<typeof mediaAssets.$inferInsert>,
): Promise<MediaWriteResult> {
  const current = await getMediaAsset(context.db, id);
  if (!current) return { ok: false, kind: "not-found" };
  if (action === "undelete" && !canUndoDelete(current.deletedAt, new Date())) return { ok: false, kind: "not-found" };
  return auditedWrite(context, actor, async (tx) => {
    const before = await lockRecord(tx, MEDIA_TABLE, id);
    const after = await updateVersioned(tx, MEDIA_TABLE, id, version, { ...values, updatedAt: new Date() });
    return {
      value: after,
      audit: { action, entityType: MEDIA_TABLE.entityType, entityId: id, before: before && auditRecord(before), after: auditRecord(after) },
    };
  });
}

type MediaAuditRecord = ReturnType<typeof auditRecord>;

/** Thrown inside a restore when the snapshot no longer passes the edit form's checks. */
export class MediaSnapshotError extends Error {}

/**
 * How the History panel sets an asset's details back to an earlier snapshot: only what staff
 * edit (alt text, caption, credit, focal point), checked by the edit form's own schema and
 * written with the version check. Deletion is not restored here (Undo delete does that).
 */
export function mediaRestoreTarget(id: string): RestoreTarget<MediaAuditRecord> {
  return {
    entityType: MEDIA_TABLE.entityType,
    entityId: id,
    load: async (tx) => {
      const row = await lockRecord(tx, MEDIA_TABLE, id);
      return row ? auditRecord(row) : null;
    },
    apply: async (tx, snapshot, expectedVersion) => {
      const parsed = mediaEditSchema.safeParse({ ...snapshot, version: expectedVersion });
      if (!parsed.success) throw new MediaSnapshotError("That version cannot be restored: it no longer passes the checks of this form.");
      const { version, ...values } = parsed.data;
      return auditRecord(await updateVersioned(tx, MEDIA_TABLE, id, version, { ...values, updatedAt: new Date() }));
    },
  };
}

/** How <ResponsivePicture> shows an uploaded image. */
export function pictureImageOf(asset: MediaAsset): PictureImage | null {
  if (asset.kind !== "image" || !asset.width || !asset.height) return null;
  return {
    kind: "upload",
    alt: asset.altText,
    width: asset.width,
    height: asset.height,
    focalX: asset.focalX,
    focalY: asset.focalY,
    variants: asset.variants,
  };
}

/** The picture of a live (not deleted) image asset, for a page showing it; null if there is none. */
export async function getPictureImage(db: Database, id: string): Promise<PictureImage | null> {
  const asset = await getMediaAsset(db, id);
  return asset && !asset.deletedAt ? pictureImageOf(asset) : null;
}

/**
 * The pictures of the live library images among `ids`, in one query: what public pages show for
 * records that chose a library photo (a deleted or unknown asset is simply absent, so the page
 * falls back to the record's own image path).
 */
export async function libraryPictures(db: Database, ids: readonly (string | null | undefined)[]): Promise<Map<string, PictureImage>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const pictures = new Map<string, PictureImage>();
  if (wanted.length === 0) return pictures;
  const assets = await db
    .select()
    .from(mediaAssets)
    .where(and(inArray(mediaAssets.id, wanted), isNull(mediaAssets.deletedAt)));
  for (const asset of assets) {
    const picture = pictureImageOf(asset);
    if (picture) pictures.set(asset.id, picture);
  }
  return pictures;
}

/**
 * The caption and credit of each live library picture among `srcs` (its variants' addresses,
 * `/media/u/<hash>-<width>.<format>`, as the article editor places them), by src, in one query.
 * Other images (the seed's art) and deleted assets are absent.
 */
export async function pictureNotesFor(db: Database, srcs: readonly string[]): Promise<Map<string, { caption: string; credit: string }>> {
  const hashes = new Map<string, string[]>();
  for (const src of new Set(srcs)) {
    const key = src.startsWith("/media/u/") ? src.slice("/media/u/".length) : "";
    if (!isVariantKey(key)) continue;
    const hash = hashOfKey(key);
    hashes.set(hash, [...(hashes.get(hash) ?? []), src]);
  }
  const notes = new Map<string, { caption: string; credit: string }>();
  if (hashes.size === 0) return notes;
  const assets = await db
    .select({ hash: mediaAssets.hash, caption: mediaAssets.caption, credit: mediaAssets.credit })
    .from(mediaAssets)
    .where(and(inArray(mediaAssets.hash, [...hashes.keys()]), isNull(mediaAssets.deletedAt)));
  for (const asset of assets) {
    for (const src of hashes.get(asset.hash) ?? []) notes.set(src, { caption: asset.caption, credit: asset.credit });
  }
  return notes;
}

/** Each row with `photo`: the library picture its `assetIdOf` names, or null (show its image path). */
export async function withLibraryPhotos<Row>(
  db: Database,
  rows: Row[],
  assetIdOf: (row: Row) => string | null,
): Promise<(Row & { photo: PictureImage | null })[]> {
  const pictures = await libraryPictures(db, rows.map(assetIdOf));
  return rows.map((row) => ({ ...row, photo: pictures.get(assetIdOf(row) ?? "") ?? null }));
}

/** Whether `id` is a live image of the library: a record may only choose one of those. */
export async function isLibraryImage(db: Pick<Database, "select">, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const [asset] = await db
    .select({ id: mediaAssets.id })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.id, id), eq(mediaAssets.kind, "image"), isNull(mediaAssets.deletedAt)));
  return Boolean(asset);
}

/** Options for a MediaPicker: the live images, newest first, as id, alt text and thumbnail. */
export async function listMediaChoices(db: Database, options: { query?: string; limit?: number } = {}): Promise<MediaChoice[]> {
  const { items } = await listMediaAssets(db, { query: options.query, pageSize: options.limit ?? 200 });
  return items
    .filter((asset) => asset.kind === "image")
    .map((asset) => {
      const webp = asset.variants.filter((variant) => variant.format === "webp").sort((a, b) => a.width - b.width);
      return {
        id: asset.id,
        label: asset.altText,
        thumbnail: webp[0]?.key ?? null,
        inline: (webp.filter((variant) => variant.width <= 960).at(-1) ?? webp[0])?.key ?? null,
      };
    });
}

/**
 * A stored file of a live asset, for the public address: one of its variants, or its original
 * once cleaned (ADR 0096), each only under the key the asset lists. Null for any other key, for
 * an original not cleaned yet, and for a deleted asset.
 */
export async function getServableMediaFile(db: Database, storage: MediaStorage, key: string): Promise<StoredFile | null> {
  const variant = isVariantKey(key);
  const [live] = await db
    .select({ variants: mediaAssets.variants, originalCleanedAt: mediaAssets.originalCleanedAt })
    .from(mediaAssets)
    .where(and(variant ? eq(mediaAssets.hash, hashOfKey(key)) : eq(mediaAssets.originalKey, key), isNull(mediaAssets.deletedAt)));
  if (!live) return null;
  if (variant ? !live.variants.some((listed) => listed.key === key) : !live.originalCleanedAt) return null;
  return storage.get(key);
}

/**
 * The JPEG e-mails show of a library picture (ADR 0103), made from its widest WebP and added to
 * its files when the asset was uploaded before uploads made one. Null for a video, a deleted
 * asset, or one whose files cannot be read.
 */
export async function ensureEmailVariant(db: Database, storage: MediaStorage, assetId: string): Promise<MediaVariant | null> {
  const [asset] = await db
    .select({ hash: mediaAssets.hash, kind: mediaAssets.kind, variants: mediaAssets.variants })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.id, assetId), isNull(mediaAssets.deletedAt)));
  if (asset?.kind !== "image") return null;
  const existing = emailVariant(asset.variants);
  if (existing) return existing;
  const source = asset.variants.filter((variant) => variant.format === "webp").sort((a, b) => b.width - a.width)[0];
  const stored = source ? await storage.get(source.key) : null;
  if (!stored) return null;
  const { file, ...made } = await emailJpeg(sharp(stored.bytes), asset.hash);
  await storage.put(file.key, file.bytes, file.contentType);
  await db
    .update(mediaAssets)
    .set({ variants: [...asset.variants.filter((variant) => variant.key !== made.key), made] })
    .where(eq(mediaAssets.id, assetId));
  return made;
}
