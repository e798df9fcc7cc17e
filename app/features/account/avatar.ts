/** What an avatar upload may be; the server checks the file's real content, not its name or type. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_ACCEPT = "image/jpeg,image/png,image/webp";
/** Stored and served as a square WebP of this many pixels a side. */
export const AVATAR_SIZE = 256;

export const AVATAR_MESSAGES = {
  tooLarge: "That picture is larger than 5 MB. Choose a smaller one.",
  notImage: "That file isn't a picture we can use. Upload a JPEG, PNG or WebP image.",
  tooManyPixels: "That picture is too large to process. Choose one under 40 megapixels.",
} as const;

/** The URL the avatar is served at; the version changes with each upload so browsers can cache it for good. */
export function avatarPath(userId: string, version: string): string {
  return `/avatars/${encodeURIComponent(userId)}?v=${encodeURIComponent(version)}`;
}
