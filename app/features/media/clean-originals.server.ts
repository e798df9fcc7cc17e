import { and, asc, eq, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { femaleSideMembers, mediaAssets, teamMembers } from "../../../db/schema";
import { insertAuditEvent, type AuditActor } from "~/features/admin/audit.server";
import { mediaFileUrl, sniffMediaType, type SniffedType } from "./media";
import { cleanOriginal, newOriginalKey } from "./process.server";
import type { MediaStorage } from "./storage.server";

/*
 * The one-off job that cleans the originals stored before ADR 0096: each is read, cleared of
 * location and camera data (cleanOriginal, as an upload is now), stored under a new random key,
 * and its asset switched to it; the file as uploaded is then deleted. Until then the original is
 * not served (getServableMediaFile), so nothing waits on this job for safety.
 *
 * Safe to stop at any moment and to run in several processes at once: an asset is switched
 * only if it is still as read (its key, and not cleaned yet), in one transaction with its audit
 * record and the people whose clip path named it. Stopped before the switch, it leaves a clean
 * file under an unused key (harmless, as after any failed upload, ADR 0024); after it, the old
 * file, which the next run deletes. The server runs it at every start; once all are clean it
 * costs a few queries.
 */

const SYSTEM: AuditActor = { id: null, label: "media originals cleaning", roles: [], actingAs: null };
const EXTENSIONS: Record<string, SniffedType["ext"]> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "video/mp4": "mp4",
};
const BATCH = 20;

export interface CleaningOptions {
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  /** Told when a public page changed (a person's clip path now names the new key). */
  contentChanged: () => Promise<void>;
  /** Asked between assets; true ends the run early (the rest waits for the next start). */
  stopped?: () => boolean;
}

export interface CleaningReport {
  cleaned: number;
  /** Left as they are (unreadable, or their file is missing): logged, not served, tried again at the next start. */
  failed: number;
}

/** The key an original was stored under before ADR 0096. */
function uploadedKey(hash: string, originalType: string): string | null {
  const ext = EXTENSIONS[originalType];
  return ext ? `${hash}.${ext}` : null;
}

export async function cleanStoredOriginals(db: Database, storage: MediaStorage, options: CleaningOptions): Promise<CleaningReport> {
  const report: CleaningReport = { cleaned: 0, failed: 0 };
  await deleteLeftovers(db, storage);
  const failedIds: string[] = [];
  while (!options.stopped?.()) {
    // Clips first: a person's page may play one, and clearing a clip takes milliseconds.
    const batch = await db
      .select()
      .from(mediaAssets)
      .where(and(isNull(mediaAssets.originalCleanedAt), failedIds.length > 0 ? notInArray(mediaAssets.id, failedIds) : undefined))
      .orderBy(sql`${mediaAssets.kind} = 'video' desc`, asc(mediaAssets.createdAt), asc(mediaAssets.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    for (const asset of batch) {
      if (options.stopped?.()) break;
      const outcome = await cleanOne(db, storage, asset, options).catch((error: unknown) => {
        options.log.warn({ err: error, assetId: asset.id }, "could not clean a stored original");
        return "failed" as const;
      });
      if (outcome === "failed") {
        failedIds.push(asset.id);
        report.failed += 1;
      } else if (outcome === "cleaned") report.cleaned += 1;
    }
  }
  if (report.cleaned > 0 || report.failed > 0) {
    options.log.info({ ...report }, "stored media originals cleaned of location and camera data");
  }
  return report;
}

type Asset = typeof mediaAssets.$inferSelect;

async function cleanOne(
  db: Database,
  storage: MediaStorage,
  asset: Asset,
  options: CleaningOptions,
): Promise<"cleaned" | "failed" | "taken"> {
  const stored = await storage.get(asset.originalKey);
  const type = stored && sniffMediaType(stored.bytes);
  if (!stored || !type || type.mime !== asset.originalType) {
    options.log.warn(
      { assetId: asset.id, key: asset.originalKey, found: Boolean(stored) },
      "a stored original is missing or not what its asset says",
    );
    return "failed";
  }
  const cleaned = await cleanOriginal(stored.bytes, type);
  if (!cleaned.ok) {
    options.log.warn({ assetId: asset.id, reason: cleaned.message }, "a stored original could not be cleaned");
    return "failed";
  }
  const key = newOriginalKey(type.ext);
  await storage.put(key, cleaned.bytes, type.mime);

  const oldUrl = mediaFileUrl(asset.originalKey);
  const newUrl = mediaFileUrl(key);
  const switched = await db.transaction(async (tx) => {
    const [after] = await tx
      .update(mediaAssets)
      .set({
        originalKey: key,
        originalBytes: cleaned.bytes.byteLength,
        originalCleanedAt: new Date(),
        updatedAt: new Date(),
        version: sql`${mediaAssets.version} + 1`,
      })
      .where(and(eq(mediaAssets.id, asset.id), eq(mediaAssets.originalKey, asset.originalKey), isNull(mediaAssets.originalCleanedAt)))
      .returning();
    if (!after) return null;
    const { variants: _variants, ...before } = asset;
    const { variants: _after, ...record } = after;
    await insertAuditEvent(
      tx,
      SYSTEM,
      {
        action: "update",
        entityType: "media_asset",
        entityId: asset.id,
        entityLabel: asset.altText,
        before: { ...before, variantCount: asset.variants.length },
        after: { ...record, variantCount: after.variants.length },
        reason: "Location and camera details removed from the original; it has a new address",
      },
      null,
    );
    // A clip is shown on a public page only by its path, typed on a person's record.
    let pathsChanged = 0;
    if (asset.kind === "video") {
      for (const [table, entityType] of [
        [teamMembers, "team_member"],
        [femaleSideMembers, "female_side_member"],
      ] as const) {
        const people = await tx
          .update(table)
          .set({ video: newUrl, version: sql`${table.version} + 1` })
          .where(eq(table.video, oldUrl))
          .returning({ id: table.id, name: table.name, version: table.version });
        for (const person of people) {
          await insertAuditEvent(
            tx,
            SYSTEM,
            {
              action: "update",
              entityType,
              entityId: String(person.id),
              entityLabel: person.name,
              before: { video: oldUrl },
              after: { video: newUrl, version: person.version },
              reason: "The library clip it plays has a new address",
            },
            null,
          );
        }
        pathsChanged += people.length;
      }
    }
    return { pathsChanged };
  });
  if (!switched) {
    // Another process cleaned it first; this copy is nobody's.
    await storage.delete([key]);
    return "taken";
  }
  await storage.delete([asset.originalKey]);
  if (switched.pathsChanged > 0) await options.contentChanged();
  return "cleaned";
}

/**
 * Deletes the files as uploaded of assets already cleaned, which a run stopped after the switch
 * left behind (a delete of a key that is not there does nothing).
 */
async function deleteLeftovers(db: Database, storage: MediaStorage): Promise<void> {
  const cleaned = await db
    .select({ hash: mediaAssets.hash, originalType: mediaAssets.originalType, originalKey: mediaAssets.originalKey })
    .from(mediaAssets)
    .where(isNotNull(mediaAssets.originalCleanedAt));
  const current = new Set(cleaned.map((asset) => asset.originalKey));
  const keys = cleaned
    .map((asset) => uploadedKey(asset.hash, asset.originalType))
    .filter((key): key is string => key !== null && !current.has(key));
  for (let i = 0; i < keys.length; i += 500) await storage.delete(keys.slice(i, i + 500));
}
