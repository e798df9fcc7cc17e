import { randomUUID } from "node:crypto";
import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { mediaAssets } from "../../../db/schema";
import { hashOfKey, type PictureImage } from "./media";
import type { MediaDetails } from "./media-form";
import type { ProcessedMedia } from "./process.server";
import type { MediaStorage, StoredFile } from "./storage.server";

export type MediaAsset = typeof mediaAssets.$inferSelect;

export const MEDIA_PAGE_SIZE = 24;

/** What History and the audit trail record of an asset: its editable fields, never its bytes. */
export function mediaSnapshot(asset: MediaAsset) {
  return {
    altText: asset.altText,
    caption: asset.caption,
    credit: asset.credit,
    focalX: asset.focalX,
    focalY: asset.focalY,
    deletedAt: asset.deletedAt?.toISOString() ?? null,
    version: asset.version,
  };
}

export type SaveUploadResult = { created: true; asset: MediaAsset } | { created: false; asset: MediaAsset };

/**
 * Stores a processed upload: its files first, then its row. The same file uploaded again is
 * the asset already in the library (its key is the file's hash), which is returned as it is.
 * If the row cannot be written, the files just stored are removed again, unless another
 * upload of the same file won the race and owns them.
 */
export async function saveUpload(
  db: Database,
  storage: MediaStorage,
  media: ProcessedMedia,
  details: MediaDetails,
  createdBy: string | null,
): Promise<SaveUploadResult> {
  const existing = await findByHash(db, media.hash);
  if (existing) return { created: false, asset: existing };
  const files = [media.original, ...media.variants.map((variant) => variant.file)];
  for (const file of files) await storage.put(file.key, file.bytes, file.contentType);
  try {
    const [asset] = await db.insert(mediaAssets).values({
      id: randomUUID(),
      hash: media.hash,
      kind: media.type.kind,
      originalKey: media.original.key,
      originalType: media.type.mime,
      originalBytes: media.originalBytes,
      width: media.width,
      height: media.height,
      altText: details.altText,
      caption: details.caption,
      credit: details.credit,
      variants: media.variants.map(({ format, width, height, bytes, key }) => ({ format, width, height, bytes, key })),
      createdBy,
    }).returning();
    return { created: true, asset: asset! };
  } catch (error) {
    const winner = await findByHash(db, media.hash);
    if (winner) return { created: false, asset: winner };
    await storage.delete(files.map((file) => file.key)).catch(() => {});
    throw error;
  }
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
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, options.page ?? 1), pageCount);
  const items = await db
    .select()
    .from(mediaAssets)
    .where(where)
    .orderBy(desc(mediaAssets.createdAt), desc(mediaAssets.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items, total, page, pageCount };
}

export type VersionedWrite =
  | { ok: true; before: MediaAsset; after: MediaAsset }
  | { ok: false; reason: "not-found" | "conflict"; current?: MediaAsset };

/**
 * Changes an asset if it is still at `version` (nobody saved in between) and adds one to the
 * version; otherwise changes nothing and says why, with the row as it now is.
 */
export async function updateMediaAssetVersioned(
  db: Database,
  id: string,
  version: number,
  changes: Partial<Pick<MediaAsset, "altText" | "caption" | "credit" | "focalX" | "focalY" | "deletedAt">>,
): Promise<VersionedWrite> {
  const before = await getMediaAsset(db, id);
  if (!before) return { ok: false, reason: "not-found" };
  const [after] = await db
    .update(mediaAssets)
    .set({ ...changes, version: sql`${mediaAssets.version} + 1`, updatedAt: new Date() })
    .where(and(eq(mediaAssets.id, id), eq(mediaAssets.version, version)))
    .returning();
  if (!after) return { ok: false, reason: "conflict", current: (await getMediaAsset(db, id)) ?? before };
  return { ok: true, before, after };
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

/** Options for a media field: every live image, newest first, as id and label. */
export async function listMediaChoices(db: Database, options: { query?: string; limit?: number } = {}) {
  const { items } = await listMediaAssets(db, { query: options.query, pageSize: options.limit ?? 200 });
  return items
    .filter((asset) => asset.kind === "image")
    .map((asset) => ({
      id: asset.id,
      label: asset.altText,
      thumbnail: asset.variants.find((variant) => variant.format === "webp")?.key ?? null,
    }));
}

/** A stored file of a live asset, for the public address; null for an unknown key or a deleted asset. */
export async function getServableMediaFile(db: Database, storage: MediaStorage, key: string): Promise<StoredFile | null> {
  const [live] = await db
    .select({ id: mediaAssets.id })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.hash, hashOfKey(key)), isNull(mediaAssets.deletedAt)));
  if (!live) return null;
  return storage.get(key);
}
