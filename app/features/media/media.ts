/*
 * The media library's rules, shared by the browser and the server: what may be uploaded, the
 * sizes generated, the addresses files are served at, and how a <picture> is described.
 * See docs/decisions/0024-media-storage.md.
 */
import type { MediaVariant } from "../../../db/schema/media";

export type { MediaVariant };

const MB = 1024 * 1024;
/** The largest still image accepted. */
export const MEDIA_IMAGE_MAX_BYTES = 15 * MB;
/** The largest MP4 clip accepted. */
export const MEDIA_VIDEO_MAX_BYTES = 40 * MB;
/** Where the upload form posts. */
export const MEDIA_UPLOAD_PATH = "/admin/media/new";
/**
 * What the upload route reads at most, file and form fields and multipart framing together;
 * the server's per-route body limit for POST /admin/media/new.
 */
export const MEDIA_UPLOAD_MAX_BODY_BYTES = MEDIA_VIDEO_MAX_BYTES + 64 * 1024;
/** Decoding costs 4 bytes a pixel: 50 megapixels (any phone's photo) is 200 MB of memory, the most we allow. */
export const MEDIA_MAX_INPUT_PIXELS = 50_000_000;
/** The widths generated for each image; never wider than the original. */
export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1920] as const;
const MEDIA_MAX_WIDTH = 1920;

export const MEDIA_MESSAGES = {
  noFile: "Choose a file to upload.",
  notAllowed: "That file isn't one we can use. Upload a JPEG, PNG, WebP or AVIF image, or an MP4 clip.",
  imageTooLarge: "That image is larger than 15 MB. Export a smaller one.",
  videoTooLarge: "That file is larger than 40 MB, the most we accept (15 MB for images).",
  tooManyPixels: "That image has too many pixels to process (over 50 megapixels). Resize it and try again.",
  unreadable: "That image could not be read: the file may be damaged.",
  unreadableClip: "That clip could not be read: the file may be damaged. Export it again as an MP4.",
  clipWithDataTrack:
    "That clip carries a data track (GPS or sensor readings) we cannot remove from a streaming MP4. Export it again as a plain MP4.",
} as const;

export type SniffedType =
  | { kind: "image"; mime: "image/jpeg"; ext: "jpg" }
  | { kind: "image"; mime: "image/png"; ext: "png" }
  | { kind: "image"; mime: "image/webp"; ext: "webp" }
  | { kind: "image"; mime: "image/avif"; ext: "avif" }
  | { kind: "video"; mime: "video/mp4"; ext: "mp4" };

const MP4_BRANDS = new Set(["isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "dash", "MSNV"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

/**
 * The file's real type, read from its first bytes (its "magic number"); the name and the type
 * the browser claims are never trusted. Null for anything not accepted.
 */
export function sniffMediaType(bytes: Uint8Array): SniffedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { kind: "image", mime: "image/jpeg", ext: "jpg" };
  }
  const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && pngSignature.every((byte, i) => bytes[i] === byte)) {
    return { kind: "image", mime: "image/png", ext: "png" };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") {
    return { kind: "image", mime: "image/webp", ext: "webp" };
  }
  // ISO base media (AVIF, MP4): a first box "ftyp" holding a major brand and compatible brands.
  if (bytes.length >= 12 && ascii(bytes, 4, 4) === "ftyp") {
    const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
    const end = Math.min(boxSize, bytes.length);
    const brands = [ascii(bytes, 8, 4)];
    for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, 4));
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return { kind: "image", mime: "image/avif", ext: "avif" };
    if (brands.some((brand) => MP4_BRANDS.has(brand))) return { kind: "video", mime: "video/mp4", ext: "mp4" };
  }
  return null;
}

/** The widths to generate for an image `originalWidth` pixels wide: the standard ones below it, and its own width when narrower than the largest. */
export function variantWidths(originalWidth: number): number[] {
  const widest = Math.min(originalWidth, MEDIA_MAX_WIDTH);
  return [...MEDIA_WIDTHS.filter((width) => width < widest), widest];
}

/** The address a stored file is served at. */
export function mediaFileUrl(key: string): string {
  return `/media/u/${key}`;
}

/**
 * Keys of stored files. A variant's is the asset's hash, its width and its format; an original's
 * is 32 random hex digits and its extension (ADR 0096), so a variant's address does not lead to it.
 */
const MEDIA_KEY = /^[0-9a-f]{32}(?:-\d{1,4})?\.(?:avif|webp|jpg|png|mp4)$/;
const VARIANT_KEY = /^[0-9a-f]{32}-\d{1,4}\.(?:avif|webp|jpg)$/;
export function isMediaKey(key: string): boolean {
  return MEDIA_KEY.test(key);
}
export function isVariantKey(key: string): boolean {
  return VARIANT_KEY.test(key);
}
export function variantKey(hash: string, width: number, format: MediaVariant["format"]): string {
  return `${hash}-${width}.${format === "jpeg" ? "jpg" : format}`;
}

/**
 * The width of an e-mail's picture file: twice the 552 px it is shown at in the 600 px layout,
 * for sharp text on a phone's screen.
 */
export const EMAIL_IMAGE_WIDTH = 1104;

/**
 * The file an e-mail shows of a library picture: its JPEG, since Outlook for Windows shows
 * neither WebP nor AVIF (ADR 0103). Null for an asset uploaded before e-mails had one.
 */
export function emailVariant(variants: MediaVariant[]): MediaVariant | null {
  return variants.filter((variant) => variant.format === "jpeg").sort((a, b) => b.width - a.width)[0] ?? null;
}
/** The asset a variant belongs to. */
export function hashOfKey(key: string): string {
  return key.slice(0, 32);
}

/** What <ResponsivePicture> needs to show an image: an uploaded one with its sizes, or one plain file (the site's SVG art). */
export type PictureImage =
  | {
      kind: "upload";
      alt: string;
      width: number;
      height: number;
      focalX: number;
      focalY: number;
      variants: MediaVariant[];
    }
  | { kind: "file"; src: string; alt: string; width: number; height: number };

export interface PictureSources {
  avifSrcSet: string;
  webpSrcSet: string;
  /** The <img> fallback: the WebP closest to 960 px wide. */
  fallbackSrc: string;
}

/** The `srcset` of one format, narrowest first ("url 320w, url 640w"). */
export function buildSrcSet(variants: MediaVariant[], format: MediaVariant["format"]): string {
  return variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${mediaFileUrl(variant.key)} ${variant.width}w`)
    .join(", ");
}

export function buildPictureSources(variants: MediaVariant[]): PictureSources {
  const webp = variants.filter((variant) => variant.format === "webp").sort((a, b) => a.width - b.width);
  const fallback = webp.filter((variant) => variant.width <= 960).at(-1) ?? webp[0];
  return {
    avifSrcSet: buildSrcSet(variants, "avif"),
    webpSrcSet: buildSrcSet(variants, "webp"),
    fallbackSrc: fallback ? mediaFileUrl(fallback.key) : "",
  };
}

/**
 * A `sizes` attribute from the image's rendered width at breakpoints, widest breakpoint first:
 * `buildSizes([["64rem", "50vw"]], "100vw")` is "(min-width: 64rem) 50vw, 100vw".
 */
export function buildSizes(atBreakpoints: Array<[minWidth: string, size: string]>, otherwise: string): string {
  return [...atBreakpoints.map(([minWidth, size]) => `(min-width: ${minWidth}) ${size}`), otherwise].join(", ");
}

/** The focal point as CSS `object-position` ("30% 70%"), so a cropped frame keeps the subject. */
export function focalObjectPosition(focalX: number, focalY: number): string {
  const percent = (value: number) => `${Math.round(Math.min(1, Math.max(0, value)) * 1000) / 10}%`;
  return `${percent(focalX)} ${percent(focalY)}`;
}

/** A small file of a picture for a back-office list: a library photo's narrowest WebP, else its path. */
export function pictureThumbnailSrc(photo: PictureImage | null | undefined, fallback: string): string {
  if (photo?.kind !== "upload") return fallback;
  const narrowest = photo.variants.filter((variant) => variant.format === "webp").sort((a, b) => a.width - b.width)[0];
  return narrowest ? mediaFileUrl(narrowest.key) : fallback;
}
