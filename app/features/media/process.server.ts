import { createHash, randomBytes } from "node:crypto";
import sharp, { type Metadata, type Sharp } from "sharp";
import type { MediaVariant } from "../../../db/schema/media";
import { stripMp4Metadata } from "./mp4-metadata.server";
import {
  EMAIL_IMAGE_WIDTH,
  MEDIA_IMAGE_MAX_BYTES,
  MEDIA_MAX_INPUT_PIXELS,
  MEDIA_MESSAGES,
  MEDIA_VIDEO_MAX_BYTES,
  sniffMediaType,
  variantKey,
  variantWidths,
  type SniffedType,
} from "./media";

/** A file to store under its key. */
export interface MediaFile {
  key: string;
  contentType: string;
  bytes: Buffer;
}

export interface ProcessedMedia {
  /** Of the file as uploaded: the same file uploaded again is the same asset. */
  hash: string;
  type: SniffedType;
  /** The original as stored: without location and camera data, under a random key. */
  original: MediaFile;
  originalBytes: number;
  /** Upright size; null for a video. */
  width: number | null;
  height: number | null;
  variants: Array<MediaVariant & { file: MediaFile }>;
}

export type ProcessResult = { ok: true; media: ProcessedMedia } | { ok: false; message: string };

/** sharp's format names for the accepted image types. */
const SHARP_FORMAT: Record<string, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp", "image/avif": "heif" };
const ENCODERS = {
  avif: (image: Sharp) => image.avif({ quality: 50, effort: 3 }),
  webp: (image: Sharp) => image.webp({ quality: 78 }),
};

/**
 * E-mails' copy of a picture: a JPEG at most EMAIL_IMAGE_WIDTH wide, on white where the picture
 * is transparent (JPEG has no transparency), which Outlook for Windows shows (ADR 0103).
 */
export async function emailJpeg(image: Sharp, hash: string): Promise<MediaVariant & { file: MediaFile }> {
  const { data, info } = await image
    .resize({ width: EMAIL_IMAGE_WIDTH, withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  const key = variantKey(hash, info.width, "jpeg");
  return {
    format: "jpeg",
    width: info.width,
    height: info.height,
    bytes: data.byteLength,
    key,
    file: { key, contentType: "image/jpeg", bytes: data },
  };
}

export function mediaHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

/**
 * A new original's storage key: random, so that no variant's address (which carries the
 * asset's hash) leads to it (ADR 0096).
 */
export function newOriginalKey(ext: SniffedType["ext"]): string {
  return `${randomBytes(16).toString("hex")}.${ext}`;
}

/** How an original is written again: its own format, at a quality that keeps it an original. */
const ORIGINAL_ENCODERS: Record<Extract<SniffedType, { kind: "image" }>["mime"], (image: Sharp, bytes: Uint8Array) => Sharp> = {
  "image/jpeg": (image) => image.jpeg({ quality: 92 }),
  "image/png": (image) => image.png(),
  "image/webp": (image, bytes) => (isLosslessWebp(bytes) ? image.webp({ lossless: true }) : image.webp({ quality: 90 })),
  "image/avif": (image) => image.avif({ quality: 80, effort: 3 }),
};

/** A WebP whose picture is lossless: its first image chunk is VP8L (simple format, or after VP8X and others). */
function isLosslessWebp(bytes: Uint8Array): boolean {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 12; offset + 8 <= view.length;) {
    const chunk = view.toString("latin1", offset, offset + 4);
    if (chunk === "VP8L") return true;
    if (chunk === "VP8 ") return false;
    offset += 8 + view.readUInt32LE(offset + 4) + (view.readUInt32LE(offset + 4) % 2);
  }
  return false;
}

export type CleanResult = { ok: true; bytes: Buffer } | { ok: false; message: string };

/**
 * The original without location and camera data (ADR 0096). An image is decoded and written
 * again in its own format: turned upright (so it needs no orientation tag), its ICC profile kept
 * (so its colours stay), and nothing else: no EXIF (GPS, make, model, serial, maker notes), XMP,
 * IPTC or comments. An animated image keeps its first frame, as its variants do. A clip is
 * cleared in place (mp4-metadata.server.ts).
 */
export async function cleanOriginal(bytes: Buffer, type: SniffedType): Promise<CleanResult> {
  if (type.kind === "video") {
    const stripped = stripMp4Metadata(bytes);
    if (stripped.ok) return stripped;
    return {
      ok: false,
      message: stripped.reason === "fragmented-data-track" ? MEDIA_MESSAGES.clipWithDataTrack : MEDIA_MESSAGES.unreadableClip,
    };
  }
  try {
    const image = sharp(bytes, { limitInputPixels: MEDIA_MAX_INPUT_PIXELS, animated: false }).autoOrient().keepIccProfile();
    return { ok: true, bytes: await ORIGINAL_ENCODERS[type.mime](image, bytes).toBuffer() };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return { ok: false, message: MEDIA_MESSAGES.tooManyPixels };
    return { ok: false, message: MEDIA_MESSAGES.unreadable };
  }
}

/**
 * Checks an uploaded file and makes what the library stores: the type comes from the bytes,
 * the size limit from the type, the pixel count from the image's header before anything is
 * decoded (a small file can declare a huge image: a decompression bomb). An image gets AVIF
 * and WebP copies at each width up to its own and one JPEG for e-mails, upright and without metadata (sharp writes
 * none unless asked: no EXIF, no GPS). The original is kept too, cleaned the same way
 * (cleanOriginal), under a random key. sharp works on libuv's thread pool, so the event loop
 * stays free meanwhile.
 */
export async function processUpload(bytes: Buffer): Promise<ProcessResult> {
  const type = sniffMediaType(bytes);
  if (!type) return { ok: false, message: MEDIA_MESSAGES.notAllowed };
  const limit = type.kind === "image" ? MEDIA_IMAGE_MAX_BYTES : MEDIA_VIDEO_MAX_BYTES;
  if (bytes.byteLength > limit) {
    return { ok: false, message: type.kind === "image" ? MEDIA_MESSAGES.imageTooLarge : MEDIA_MESSAGES.videoTooLarge };
  }
  const hash = mediaHash(bytes);
  const originalOf = (cleaned: Buffer) => ({ key: newOriginalKey(type.ext), contentType: type.mime, bytes: cleaned });
  if (type.kind === "video") {
    const cleaned = await cleanOriginal(bytes, type);
    if (!cleaned.ok) return cleaned;
    return {
      ok: true,
      media: {
        hash,
        type,
        original: originalOf(cleaned.bytes),
        originalBytes: cleaned.bytes.byteLength,
        width: null,
        height: null,
        variants: [],
      },
    };
  }

  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, message: MEDIA_MESSAGES.unreadable };
  }
  if (metadata.format !== SHARP_FORMAT[type.mime] || !metadata.width || !metadata.height) {
    return { ok: false, message: MEDIA_MESSAGES.unreadable };
  }
  if (metadata.width * metadata.height > MEDIA_MAX_INPUT_PIXELS) return { ok: false, message: MEDIA_MESSAGES.tooManyPixels };
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  const width = quarterTurn ? metadata.height : metadata.width;
  const height = quarterTurn ? metadata.width : metadata.height;

  try {
    const widths = variantWidths(width);
    // Decoded and turned upright once, at the widest size needed; every variant is made from that.
    const upright = await sharp(bytes, { limitInputPixels: MEDIA_MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: widths[widths.length - 1], withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: upright.info.width, height: upright.info.height, channels: upright.info.channels };
    const variants: ProcessedMedia["variants"] = [];
    for (const variantWidth of widths) {
      for (const format of ["avif", "webp"] as const) {
        const resized = sharp(upright.data, { raw }).resize({ width: variantWidth });
        const { data, info } = await ENCODERS[format](resized).toBuffer({ resolveWithObject: true });
        const key = variantKey(hash, variantWidth, format);
        variants.push({
          format,
          width: info.width,
          height: info.height,
          bytes: data.byteLength,
          key,
          file: { key, contentType: `image/${format}`, bytes: data },
        });
      }
    }
    variants.push(await emailJpeg(sharp(upright.data, { raw }), hash));
    const cleaned = await cleanOriginal(bytes, type);
    if (!cleaned.ok) return cleaned;
    return {
      ok: true,
      media: { hash, type, original: originalOf(cleaned.bytes), originalBytes: cleaned.bytes.byteLength, width, height, variants },
    };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return { ok: false, message: MEDIA_MESSAGES.tooManyPixels };
    return { ok: false, message: MEDIA_MESSAGES.unreadable };
  }
}
