/*
 * The media library's upload form, shared by its screen and the server that reads it. Apart from
 * media.ts, which every visitor's pictures load with (vite.config.ts): a visitor's phone does not
 * fetch the back office's upload settings.
 */

/** The upload form's file field. */
export const MEDIA_FILE_FIELD = "file";

/** What the file picker offers. */
export const MEDIA_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,video/mp4";
