import { createHash } from "node:crypto";
import sharp from "sharp";
import { AVATAR_MESSAGES, AVATAR_SIZE } from "./avatar";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
/** Decoding a huge image costs memory; 40 megapixels covers any phone photo. */
const MAX_INPUT_PIXELS = 40_000_000;

export type AvatarResult = { ok: true; webp: Buffer; version: string } | { ok: false; message: string };

/**
 * Turns an uploaded picture into the stored avatar: the format is read from the
 * bytes (JPEG, PNG or WebP only), then it is turned upright by its EXIF
 * orientation, cropped to a centred square, resized and re-encoded as WebP.
 * Re-encoding drops everything but pixels (EXIF with GPS, embedded scripts).
 */
export async function processAvatar(bytes: Uint8Array): Promise<AvatarResult> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    return { ok: false, message: AVATAR_MESSAGES.notImage };
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) return { ok: false, message: AVATAR_MESSAGES.notImage };
  try {
    const webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "centre" })
      .webp({ quality: 82 })
      .toBuffer();
    return { ok: true, webp, version: createHash("sha256").update(webp).digest("base64url").slice(0, 16) };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) return { ok: false, message: AVATAR_MESSAGES.tooManyPixels };
    return { ok: false, message: AVATAR_MESSAGES.notImage };
  }
}
