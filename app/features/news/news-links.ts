/** The one canonical path of an article; /race-reports/{id} points here. */
export function articlePath(id: string): string {
  return `/news/${encodeURIComponent(id)}`;
}

/** Article ids are slugs (or the original backend's UUIDs); anything else cannot name an article. */
export function isArticleId(value: string): boolean {
  return /^[\w-]{1,200}$/.test(value);
}
