import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { asc, count, eq } from "drizzle-orm";
import pino from "pino";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { auditEvents, mediaAssets, mediaBlobs } from "../../db/schema";
import { MEDIA_MESSAGES, MEDIA_UPLOAD_MAX_BODY_BYTES, mediaFileUrl } from "../../app/features/media/media";
import { deleteMediaAsset, getMediaAsset, undeleteMediaAsset, updateMediaDetails } from "../../app/features/media/media.server";
import type { AuditActor, AuditContext } from "../../app/features/admin/audit.server";
import { databaseMediaStorage } from "../../app/features/media/storage.server";
import { uploadMedia } from "../../app/features/media/upload.server";
import { mediaFiles } from "../../server/media-files";
import { CLIP_SECRETS, teamClip, withFilmingMetadata } from "../support/mp4";
import { seededTestDatabase } from "../support/test-database";

const suite = seededTestDatabase();
const editor: AuditActor = { id: null, label: "Media test <editor@example.com>", roles: ["editor"], actingAs: "editor" };
const auditContext = (): AuditContext => ({
  db: suite.db,
  log: pino({ level: "silent" }),
  requestId: "media-test",
  contentChanged: async () => {},
});
const upload = (request: Request) => uploadMedia(auditContext(), editor, request);
let baseUrl = "";
let closeServer: () => void = () => {};

beforeAll(async () => {
  // The handler server/app.ts mounts at /media/u/:key, on the test database.
  const app = express();
  app.get("/media/u/:key", mediaFiles(suite.db));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeServer = () => server.close();
});
afterAll(() => closeServer());

function uploadRequest(
  file: Blob | null,
  fields: Record<string, string> = { altText: "Car 7 at Druids" },
  fileName = "photo.jpg",
): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("file", file, fileName);
  return new Request("http://localhost/admin/media/new", { method: "POST", body: form });
}

/** A body streamed chunk by chunk with no declared length, as a client may send it. */
function streamedUpload(totalBytes: number): { request: Request; bytesRead: () => number } {
  const boundary = "----media-test-boundary";
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="altText"\r\n\r\nA big one\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const chunk = new Uint8Array(256 * 1024);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(head);
        sent += head.byteLength;
      } else if (sent < totalBytes) {
        controller.enqueue(chunk);
        sent += chunk.byteLength;
      } else controller.close();
    },
  });
  const request = new Request("http://localhost/admin/media/new", {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    duplex: "half",
  } as RequestInit);
  return { request, bytesRead: () => sent };
}

async function storedCounts() {
  const [blobs] = await suite.db.select({ n: count() }).from(mediaBlobs);
  const [assets] = await suite.db.select({ n: count() }).from(mediaAssets);
  return { blobs: blobs!.n, assets: assets!.n };
}

/** A photo-like JPEG (noise, so the encoders have work to do) with EXIF that must not survive. */
async function photoJpeg(width: number, height: number): Promise<Buffer> {
  const noise = randomBytes(width * height * 3);
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Artist: "Secret Photographer", Copyright: "private" } })
    .toBuffer();
}

describe("media storage in the database", () => {
  it("keeps every byte value through the driver (and, on PGlite, its thread)", async () => {
    const storage = databaseMediaStorage(suite.db);
    const allByteValues = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const large = randomBytes(3 * 1024 * 1024);
    await storage.put("test-all-bytes", allByteValues, "application/octet-stream");
    await storage.put("test-large", new Uint8Array(large), "application/octet-stream");
    const [small, big] = [await storage.get("test-all-bytes"), await storage.get("test-large")];
    expect(Buffer.compare(small!.bytes, allByteValues)).toBe(0);
    expect(big!.bytes.byteLength).toBe(large.byteLength);
    expect(Buffer.compare(big!.bytes, large)).toBe(0);
    await storage.delete(["test-all-bytes", "test-large"]);
    expect(await storage.get("test-large")).toBeNull();
  });
});

describe("uploading to the media library", () => {
  it("stores a JPEG with AVIF and WebP variants, no wider than it, and e-mails' JPEG, and serves them for good", async () => {
    const jpeg = await photoJpeg(1400, 933);
    const result = await upload(
      uploadRequest(new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), {
        altText: "Car 7 at Druids",
        caption: "Round 3",
        credit: "J. Smith",
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const asset = result.asset;
    expect(asset).toMatchObject({
      kind: "image",
      originalType: "image/jpeg",
      width: 1400,
      height: 933,
      altText: "Car 7 at Druids",
      focalX: 0.5,
      focalY: 0.5,
      version: 1,
    });
    expect(asset.variants.map((variant) => `${variant.format}@${variant.width}`).sort()).toEqual(
      [
        "avif@320",
        "avif@640",
        "avif@960",
        "avif@1280",
        "avif@1400",
        "webp@320",
        "webp@640",
        "webp@960",
        "webp@1280",
        "webp@1400",
        "jpeg@1104",
      ].sort(),
    );

    const avif = asset.variants.find((variant) => variant.format === "avif" && variant.width === 640)!;
    const response = await fetch(`${baseUrl}${mediaFileUrl(avif.key)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/avif");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = response.headers.get("etag");
    expect(etag).toBeTruthy();
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.byteLength).toBe(avif.bytes);
    const metadata = await sharp(served).metadata();
    expect([metadata.width, metadata.height, metadata.format]).toEqual([640, 427, "heif"]);
    expect(metadata.exif).toBeUndefined();

    const webp = await fetch(`${baseUrl}${mediaFileUrl(asset.variants.find((variant) => variant.format === "webp")!.key)}`);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).exif).toBeUndefined();

    const again = await fetch(`${baseUrl}${mediaFileUrl(avif.key)}`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);

    // The original is kept, written again without its EXIF (ADR 0096).
    const original = await fetch(`${baseUrl}${mediaFileUrl(asset.originalKey)}`);
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    const originalBytes = Buffer.from(await original.arrayBuffer());
    expect(originalBytes.byteLength).toBe(asset.originalBytes);
    const originalMetadata = await sharp(originalBytes).metadata();
    expect([originalMetadata.format, originalMetadata.width, originalMetadata.height, originalMetadata.exif]).toEqual([
      "jpeg",
      1400,
      933,
      undefined,
    ]);
  });

  it("answers 404 for an unknown or malformed key", async () => {
    for (const key of ["0123456789abcdef0123456789abcdef-320.avif", "nope.avif", "0123456789abcdef0123456789abcdef-320.svg"]) {
      const response = await fetch(`${baseUrl}/media/u/${key}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("makes a PNG's sizes without upscaling, and turns a second upload of the same file into the first", async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const first = await upload(uploadRequest(new Blob([new Uint8Array(png)]), { altText: "Team logo" }, "logo.png"));
    expect(first.ok && first.created).toBe(true);
    if (!first.ok) return;
    expect([...new Set(first.asset.variants.map((variant) => variant.width))]).toEqual([320, 640, 800]);
    const before = await storedCounts();
    const second = await upload(uploadRequest(new Blob([new Uint8Array(png)]), { altText: "Another name" }, "copy.png"));
    expect(second.ok && !second.created && second.asset.id === first.asset.id).toBe(true);
    expect(await storedCounts()).toEqual(before);
  });

  it("refuses a file that is not an accepted type, whatever its name, and stores nothing", async () => {
    const before = await storedCounts();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, name] of [
      [gif, "photo.jpg"],
      [svg, "photo.png"],
    ] as const) {
      const result = await upload(uploadRequest(new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), undefined, name));
      expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { file: MEDIA_MESSAGES.notAllowed } });
    }
    // A JPEG header on a body that is no image.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]);
    const result = await upload(uploadRequest(new Blob([new Uint8Array(fake)])));
    expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { file: MEDIA_MESSAGES.unreadable } });
    expect(await storedCounts()).toEqual(before);
  });

  it("requires alt text and a file, keeping what was typed", async () => {
    const result = await upload(uploadRequest(null, { altText: "   ", caption: "Kept caption" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(Object.keys(result.fieldErrors).sort()).toEqual(["altText", "file"]);
    expect(result.values.caption).toBe("Kept caption");
  });

  it("refuses a body over the limit while it streams, before the file is handed over, and stores nothing", async () => {
    const before = await storedCounts();
    const { request, bytesRead } = streamedUpload(MEDIA_UPLOAD_MAX_BODY_BYTES + 8 * 1024 * 1024);
    const result = await upload(request);
    expect(result).toMatchObject({ ok: false, status: 413, fieldErrors: { file: MEDIA_MESSAGES.videoTooLarge } });
    // The rest of the body was read and dropped, so a browser still sending gets the answer.
    expect(bytesRead()).toBeGreaterThan(MEDIA_UPLOAD_MAX_BODY_BYTES);
    expect(await storedCounts()).toEqual(before);

    // Declared too large: refused from the header alone.
    const declared = new Request("http://localhost/admin/media/new", {
      method: "POST",
      body: "x",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(MEDIA_UPLOAD_MAX_BODY_BYTES + 1) },
    });
    expect(await upload(declared)).toMatchObject({ ok: false, status: 413 });
  });

  it("refuses an image over 15 MB, and a decompression bomb, with a clear message", async () => {
    const before = await storedCounts();
    const bigJpeg = Buffer.concat([await photoJpeg(64, 64), Buffer.alloc(15 * 1024 * 1024)]);
    expect(await upload(uploadRequest(new Blob([new Uint8Array(bigJpeg)])))).toMatchObject({
      ok: false,
      status: 413,
      fieldErrors: { file: MEDIA_MESSAGES.imageTooLarge },
    });
    // A tiny PNG whose header declares 30000 × 30000 pixels (3.6 GB once decoded).
    const bomb = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    expect(bomb.byteLength).toBeLessThan(200);
    expect(await upload(uploadRequest(new Blob([new Uint8Array(bomb)]), undefined, "tiny.png"))).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { file: MEDIA_MESSAGES.tooManyPixels },
    });
    expect(await storedCounts()).toEqual(before);
  });

  it("stores an MP4 clip without where, when and with what it was filmed, and refuses one it cannot read", async () => {
    const clip = withFilmingMetadata(teamClip());
    const result = await upload(uploadRequest(new Blob([new Uint8Array(clip)]), { altText: "Onboard lap of Brands Hatch" }, "lap.mp4"));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.asset).toMatchObject({
      kind: "video",
      originalType: "video/mp4",
      originalBytes: clip.byteLength,
      width: null,
      variants: [],
    });
    const response = await fetch(`${baseUrl}${mediaFileUrl(result.asset.originalKey)}`);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.byteLength).toBe(clip.byteLength);
    for (const secret of [CLIP_SECRETS.location, CLIP_SECRETS.make, CLIP_SECRETS.model, CLIP_SECRETS.xmp, CLIP_SECRETS.gpsSample]) {
      expect(served.includes(secret, 0, "latin1"), secret).toBe(false);
    }
    // The address a variant's hash would suggest is not the clip's.
    expect((await fetch(`${baseUrl}/media/u/${result.asset.hash}.mp4`)).status).toBe(404);

    const before = await storedCounts();
    const notAClip = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from("ftypisom"),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from("isomiso2"),
      randomBytes(4096),
    ]);
    expect(await upload(uploadRequest(new Blob([new Uint8Array(notAClip)]), { altText: "Noise" }, "noise.mp4"))).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { file: MEDIA_MESSAGES.unreadableClip },
    });
    expect(await storedCounts()).toEqual(before);
  });

  it("stops serving a deleted asset's files, and serves them again after an undo", async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#114488" } })
      .png()
      .toBuffer();
    const uploaded = await upload(uploadRequest(new Blob([new Uint8Array(png)]), { altText: "Blue" }, "blue.png"));
    if (!uploaded.ok) throw new Error("upload failed");
    const url = `${baseUrl}${mediaFileUrl(uploaded.asset.variants[0]!.key)}`;
    const deleted = await deleteMediaAsset(auditContext(), editor, uploaded.asset.id, 1);
    expect(deleted.ok).toBe(true);
    expect((await fetch(url)).status).toBe(404);
    expect((await undeleteMediaAsset(auditContext(), editor, uploaded.asset.id, 2)).ok).toBe(true);
    expect((await fetch(url)).status).toBe(200);
    const trail = await suite.db
      .select({ action: auditEvents.action, roleUsed: auditEvents.roleUsed, requestId: auditEvents.requestId })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, uploaded.asset.id))
      .orderBy(asc(auditEvents.id));
    expect(trail).toEqual(["create", "delete", "undelete"].map((action) => ({ action, roleUsed: "editor", requestId: "media-test" })));
  });

  it("refuses an edit based on a stale version and keeps the other person's change", async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#226622" } })
      .png()
      .toBuffer();
    const uploaded = await upload(uploadRequest(new Blob([new Uint8Array(png)]), { altText: "Green" }, "green.png"));
    if (!uploaded.ok) throw new Error("upload failed");
    const id = uploaded.asset.id;
    const edit = { altText: "First editor", caption: "", credit: "", focalX: 0.2, focalY: 0.8, version: 1 };
    expect((await updateMediaDetails(auditContext(), editor, id, edit)).ok).toBe(true);
    const stale = await updateMediaDetails(auditContext(), editor, id, { ...edit, altText: "Second editor", focalX: 0.5 });
    expect(stale).toMatchObject({ ok: false, kind: "conflict" });
    expect(await getMediaAsset(suite.db, id)).toMatchObject({
      altText: "First editor",
      focalX: expect.closeTo(0.2, 5),
      focalY: expect.closeTo(0.8, 5),
      version: 2,
    });
  });

  it("lets another app process on the same PostgreSQL serve the upload", async (context) => {
    if (suite.testDb.kind !== "postgres") context.skip();
    const other = await openDatabase({
      dataDir: suite.testDb.dataDir,
      databaseUrl: suite.testDb.databaseUrl,
      seed: false,
      onConnectionError: () => {},
    });
    try {
      const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#884411" } })
        .png()
        .toBuffer();
      const uploaded = await upload(uploadRequest(new Blob([new Uint8Array(png)]), { altText: "Shared" }, "shared.png"));
      if (!uploaded.ok) throw new Error("upload failed");
      const file = await databaseMediaStorage(other.db).get(uploaded.asset.originalKey);
      expect(file!.bytes.byteLength).toBe(uploaded.asset.originalBytes);
      expect(await sharp(file!.bytes).metadata()).toMatchObject({ format: "png", width: 200, height: 100 });
    } finally {
      await other.close();
    }
  });
});
