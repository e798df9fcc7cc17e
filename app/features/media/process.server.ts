import { createHash } from "node:crypto";
import sharp, { type Metadata, type Sharp } from "sharp";
import type { MediaVariant } from "../../../db/schema/media";
import {
  MEDIA_IMAGE_MAX_BYTES,
  MEDIA_MAX_INPUT_PIXELS,
  MEDIA_MESSAGES,
  MEDIA_VIDEO_MAX_BYTES,
  originalKey,
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
  hash: string;
  type: SniffedType;
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

export function mediaHash(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

/**
 * Checks an uploaded file and makes what the library stores: the type comes from the bytes,
 * the size limit from the type, the pixel count from the image's header before anything is
 * decoded (a small file can declare a huge image: a decompression bomb). An image gets AVIF
 * and WebP copies at each width up to its own, upright and without metadata (sharp writes
 * none unless asked: no EXIF, no GPS). A clip is kept as it is. The original is kept too.
 * sharp works on libuv's thread pool, so the event loop stays free meanwhile.
 */
export async function processUpload(bytes: Buffer): Promise<ProcessResult> {
  const type = sniffMediaType(bytes);
  if (!type) return { ok: false, message: MEDIA_MESSAGES.notAllowed };
  const limit = type.kind === "image" ? MEDIA_IMAGE_MAX_BYTES : MEDIA_VIDEO_MAX_BYTES;
  if (bytes.byteLength > limit) {
    return { ok: false, message: type.kind === "image" ? MEDIA_MESSAGES.imageTooLarge : MEDIA_MESSAGES.videoTooLarge };
  }
  const hash = mediaHash(bytes);
  const original = { key: originalKey(hash, type.ext), contentType: type.mime, bytes };
  if (type.kind === "video") {
    return { ok: true, media: { hash, type, original, originalBytes: bytes.byteLength, width: null, height: null, variants: [] } };
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
    return { ok: true, media: { hash, type, original, originalBytes: bytes.byteLength, width, height, variants } };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return { ok: false, message: MEDIA_MESSAGES.tooManyPixels };
    return { ok: false, message: MEDIA_MESSAGES.unreadable };
  }
}
