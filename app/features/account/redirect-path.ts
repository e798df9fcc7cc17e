const SITE = "http://site.invalid";

/**
 * Where /login sends someone back to after signing in: a path on this site only. The value is
 * normalised first (as a browser would read it) and the result is checked, not the input:
 * "/..//evil.example" normalises to "//evil.example", which a browser reads as another host.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/")) return null;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that starts with two slashes (or a slash and a backslash) names a host.
  if (/^\/[/\\]/.test(path)) return null;
  // Resolved once more, as the browser will resolve the Location header: still this site.
  return new URL(path, SITE).origin === SITE ? path : null;
}
