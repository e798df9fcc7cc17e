const SITE = "http://site.invalid";

/**
 * A path on this site, as a browser will read it, or null: the one check for every value that
 * must stay on the site (a redirect after signing in, a hero slide's link, an image path).
 *
 * The value is resolved against an origin, as a browser resolves it against the page's, and the
 * result must keep that origin; a prefix check cannot do this, because browsers read "/\host",
 * "/\t/host" and "/..//host" as another host's address. Backslashes and control characters are
 * refused outright (no path of the site's needs them, and each browser treats them its own
 * way). What comes back is the resolved path, query and hash, and it is resolved once more: used
 * as a link or a Location header, it is still this site.
 */
export function pathOnThisSite(value: unknown): string | null {
  // A path, not an address: the safety comes from the origin checks below, not this prefix.
  if (typeof value !== "string" || value[0] !== "/") return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/..//evil.example" resolves to the path "//evil.example", which names a host on its own.
  return new URL(path, SITE).origin === SITE ? path : null;
}
