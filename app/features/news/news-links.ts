/** The one canonical path of an article; /race-reports/{id} points here. */
export function articlePath(id: string): string {
  return `/news/${encodeURIComponent(id)}`;
}

/** A site path ("/media/x.svg") made absolute against the public address; absolute URLs pass through. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Article ids are slugs (or the original backend's UUIDs); anything else cannot name an article. */
export function isArticleId(value: string): boolean {
  return /^[\w-]{1,200}$/.test(value);
}
