/**
 * The pictures e-mails show: the logo under /email/, library photos under /media/u/ and the
 * site's own raster art under /media/ (an editor's share image). A mail client, a webmail's
 * image proxy and the back office's sandboxed preview (an opaque origin) all fetch them from
 * another origin, so they are served with `Cross-Origin-Resource-Policy: cross-origin`; every
 * other response keeps the site's `same-origin` (ADR 0103).
 */
const EMAIL_IMAGE_PATH =
  /^\/(?:email\/[\w.-]+\.png|media\/(?:u\/[0-9a-f]{32}(?:-\d{1,4})?\.(?:avif|webp|jpg|png)|(?:[\w-]+\/)*[\w.-]+\.(?:png|jpe?g|gif|webp)))$/i;

export function isEmailImagePath(pathname: string): boolean {
  return EMAIL_IMAGE_PATH.test(pathname);
}
