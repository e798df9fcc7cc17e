import type { AddressInfo } from "node:net";
import { and, count, eq } from "drizzle-orm";
import express from "express";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, mediaAssets, mediaBlobs, teamMembers } from "../../db/schema";
import type { AuditActor, AuditContext } from "../../app/features/admin/audit.server";
import { cleanStoredOriginals, type CleaningOptions } from "../../app/features/media/clean-originals.server";
import { mediaFileUrl, sniffMediaType } from "../../app/features/media/media";
import { getMediaAsset } from "../../app/features/media/media.server";
import { processUpload } from "../../app/features/media/process.server";
import { databaseMediaStorage } from "../../app/features/media/storage.server";
import { uploadMedia } from "../../app/features/media/upload.server";
import { mediaFiles } from "../../server/media-files";
import { CLIP_SECRETS, teamClip, withFilmingMetadata } from "../support/mp4";
import { metadataIn, photoWithMetadata, STORED } from "../support/photo-metadata";
import { seededTestDatabase } from "../support/test-database";

/*
 * ADR 0096: no original leaves the server with its location or camera data, and none is at an
 * address a variant's gives away; the originals stored before are cleaned by a job.
 */

const suite = seededTestDatabase();
const editor: AuditActor = { id: null, label: "Originals test <editor@example.com>", roles: ["editor"], actingAs: "editor" };
const auditContext = (): AuditContext => ({
  db: suite.db,
  log: pino({ level: "silent" }),
  requestId: "originals-test",
  contentChanged: async () => {},
});
const quiet: CleaningOptions = { log: pino({ level: "silent" }), contentChanged: async () => {} };
const storage = () => databaseMediaStorage(suite.db);
let baseUrl = "";
let closeServer: () => void = () => {};

beforeAll(async () => {
  const app = express();
  app.get("/media/u/:key", mediaFiles(suite.db));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeServer = () => server.close();
});
afterAll(() => closeServer());

async function uploadFile(bytes: Buffer, name: string) {
  const form = new FormData();
  form.set("altText", `Test ${name}`);
  form.set("file", new Blob([new Uint8Array(bytes)]), name);
  const result = await uploadMedia(auditContext(), editor, new Request("http://localhost/admin/media/new", { method: "POST", body: form }));
  if (!result.ok) throw new Error(`upload refused: ${JSON.stringify(result.fieldErrors)}`);
  return result.asset;
}

async function get(path: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(`${baseUrl}${path}`);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Every address of an asset's files a visitor could guess from a variant's (which carries the hash). */
const guessedFromHash = (hash: string) => ["jpg", "png", "webp", "avif", "mp4"].map((ext) => `/media/u/${hash}.${ext}`);

/** A file stored as the library stored it before ADR 0096: the original as uploaded, under `<hash>.<ext>`. */
async function storeAsBefore(bytes: Buffer, altText: string) {
  const processed = await processUpload(bytes);
  if (!processed.ok) throw new Error(processed.message);
  const media = processed.media;
  const originalKey = `${media.hash}.${media.type.ext}`;
  await storage().put(originalKey, bytes, media.type.mime);
  for (const variant of media.variants) await storage().put(variant.file.key, variant.file.bytes, variant.file.contentType);
  const [asset] = await suite.db
    .insert(mediaAssets)
    .values({
      id: crypto.randomUUID(),
      hash: media.hash,
      kind: media.type.kind,
      originalKey,
      originalType: media.type.mime,
      originalBytes: bytes.byteLength,
      width: media.width,
      height: media.height,
      altText,
      variants: media.variants.map(({ format, width, height, bytes: size, key }) => ({ format, width, height, bytes: size, key })),
    })
    .returning();
  return asset!;
}

async function blobCount(): Promise<number> {
  const [row] = await suite.db.select({ n: count() }).from(mediaBlobs);
  return row!.n;
}

describe("originals without location or camera data", () => {
  it("has nothing to clean on the seeded site (its pictures are the site's own art)", async () => {
    expect(await cleanStoredOriginals(suite.db, storage(), quiet)).toEqual({ cleaned: 0, failed: 0 });
  });

  it("gives away nothing of a phone's JPEG at any address a visitor sees or guesses; the original is upright and keeps its colours", async () => {
    const jpeg = await photoWithMetadata("jpeg");
    expect(await metadataIn(jpeg)).toEqual(expect.arrayContaining(["XMP", "IPTC", "make", "model", "serial", "comment", "orientation 6"]));
    const asset = await uploadFile(jpeg, "phone.jpg");
    expect([asset.width, asset.height]).toEqual([STORED.height, STORED.width]);

    for (const path of guessedFromHash(asset.hash)) expect((await get(path)).status, path).toBe(404);
    for (const variant of asset.variants) {
      const served = await get(mediaFileUrl(variant.key));
      expect(served.status).toBe(200);
      expect(await metadataIn(served.bytes), variant.key).toEqual([]);
    }
    expect(asset.originalKey.startsWith(asset.hash)).toBe(false);
    const original = await get(mediaFileUrl(asset.originalKey));
    expect(original.status).toBe(200);
    expect(await metadataIn(original.bytes)).toEqual([]);
    const kept = await sharp(original.bytes).metadata();
    expect([kept.format, kept.width, kept.height]).toEqual(["jpeg", STORED.height, STORED.width]);
    expect(Buffer.compare(kept.icc!, (await sharp(jpeg).metadata()).icc!)).toBe(0);
  });

  it("keeps a PNG a PNG and a WebP a WebP, without their EXIF and XMP", async () => {
    for (const format of ["png", "webp"] as const) {
      const photo = await photoWithMetadata(format);
      const asset = await uploadFile(photo, `phone.${format}`);
      const original = await get(mediaFileUrl(asset.originalKey));
      expect(await metadataIn(original.bytes)).toEqual([]);
      expect((await sharp(original.bytes).metadata()).format).toBe(format);
      expect((await sharp(original.bytes).metadata()).icc).toBeDefined();
    }
  });
});

describe("cleaning the originals stored before", () => {
  it("serves a stored original as uploaded nowhere, then cleans it under a new address, deletes the file as uploaded and says so in the history", async () => {
    const jpeg = await photoWithMetadata("jpeg");
    const asset = await storeAsBefore(jpeg, "Stored before");
    const oldUrl = mediaFileUrl(asset.originalKey);
    // Before the job has run: not served, at its old address or any other.
    expect((await get(oldUrl)).status).toBe(404);
    expect(await metadataIn((await get(mediaFileUrl(asset.variants[0]!.key))).bytes)).toEqual([]);

    expect(await cleanStoredOriginals(suite.db, storage(), quiet)).toEqual({ cleaned: 1, failed: 0 });
    const cleaned = (await getMediaAsset(suite.db, asset.id))!;
    expect(cleaned.originalKey).not.toBe(asset.originalKey);
    expect(cleaned.originalKey).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(cleaned.originalCleanedAt).toBeInstanceOf(Date);
    expect(cleaned.version).toBe(asset.version + 1);
    expect(cleaned.variants).toEqual(asset.variants);
    expect(await storage().get(asset.originalKey)).toBeNull();
    expect((await get(oldUrl)).status).toBe(404);
    const original = await get(mediaFileUrl(cleaned.originalKey));
    expect(original.status).toBe(200);
    expect(original.bytes.byteLength).toBe(cleaned.originalBytes);
    expect(await metadataIn(original.bytes)).toEqual([]);
    const kept = await sharp(original.bytes).metadata();
    expect([kept.width, kept.height]).toEqual([STORED.height, STORED.width]);
    expect(kept.icc).toBeDefined();
    const [history] = await suite.db.select().from(auditEvents).where(eq(auditEvents.entityId, asset.id));
    expect(history).toMatchObject({ actorLabel: "media originals cleaning", action: "update", entityType: "media_asset" });

    // Once is enough.
    expect(await cleanStoredOriginals(suite.db, storage(), quiet)).toEqual({ cleaned: 0, failed: 0 });
    expect((await getMediaAsset(suite.db, asset.id))!.version).toBe(cleaned.version);
  });

  it("cleans a stored clip first and moves a team member's clip path to it, telling the page caches", async () => {
    const clip = withFilmingMetadata(teamClip());
    const asset = await storeAsBefore(clip, "Clip stored before");
    const [member] = await suite.db.select().from(teamMembers).limit(1);
    await suite.db
      .update(teamMembers)
      .set({ video: mediaFileUrl(asset.originalKey) })
      .where(eq(teamMembers.id, member!.id));
    let announced = 0;
    const report = await cleanStoredOriginals(suite.db, storage(), { ...quiet, contentChanged: async () => void (announced += 1) });
    expect(report).toEqual({ cleaned: 1, failed: 0 });
    const cleaned = (await getMediaAsset(suite.db, asset.id))!;
    const [moved] = await suite.db.select().from(teamMembers).where(eq(teamMembers.id, member!.id));
    expect(moved!.video).toBe(mediaFileUrl(cleaned.originalKey));
    expect(moved!.version).toBe(member!.version + 1);
    expect(announced).toBe(1);
    const served = await get(moved!.video!);
    expect(served.status).toBe(200);
    expect(sniffMediaType(served.bytes)?.mime).toBe("video/mp4");
    for (const secret of [CLIP_SECRETS.location, CLIP_SECRETS.make, CLIP_SECRETS.model, CLIP_SECRETS.gpsSample]) {
      expect(served.bytes.includes(secret, 0, "latin1"), secret).toBe(false);
    }
    expect((await get(mediaFileUrl(asset.originalKey))).status).toBe(404);
  });

  it("is safe stopped part-way, run by two processes at once, and with a file it cannot read", async () => {
    const first = await storeAsBefore(await photoWithMetadata("png"), "First");
    const second = await storeAsBefore(await photoWithMetadata("webp"), "Second");
    // A file that passed the old checks but no longer reads: left alone, and the rest goes on.
    const broken = await storeAsBefore(await photoWithMetadata("jpeg"), "Broken");
    await suite.db
      .update(mediaBlobs)
      .set({ data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]) })
      .where(eq(mediaBlobs.key, broken.originalKey));

    // Stopped before it starts: nothing changes.
    expect(await cleanStoredOriginals(suite.db, storage(), { ...quiet, stopped: () => true })).toEqual({ cleaned: 0, failed: 0 });
    expect((await getMediaAsset(suite.db, first.id))!.originalCleanedAt).toBeNull();

    const blobsBefore = await blobCount();
    const [a, b] = await Promise.all([cleanStoredOriginals(suite.db, storage(), quiet), cleanStoredOriginals(suite.db, storage(), quiet)]);
    expect(a.cleaned + b.cleaned).toBe(2);
    expect(a.failed).toBe(1);
    expect(b.failed).toBe(1);
    // Each cleaned asset has one original again: the copies of the run that lost the race are gone.
    expect(await blobCount()).toBe(blobsBefore);
    for (const id of [first.id, second.id]) {
      const asset = (await getMediaAsset(suite.db, id))!;
      expect(asset.version).toBe(2);
      expect(await metadataIn((await get(mediaFileUrl(asset.originalKey))).bytes)).toEqual([]);
    }
    expect((await getMediaAsset(suite.db, broken.id))!.originalCleanedAt).toBeNull();
    expect((await get(mediaFileUrl(broken.originalKey))).status).toBe(404);

    // Stopped after the switch, before the file as uploaded was deleted: the next run deletes it.
    const left = `${first.hash}.png`;
    await storage().put(left, await photoWithMetadata("png"), "image/png");
    await cleanStoredOriginals(suite.db, storage(), quiet);
    expect(await storage().get(left)).toBeNull();
    const [stillThere] = await suite.db
      .select({ n: count() })
      .from(mediaBlobs)
      .where(and(eq(mediaBlobs.key, (await getMediaAsset(suite.db, first.id))!.originalKey)));
    expect(stillThere!.n).toBe(1);
  });
});
