/** Where /login sends someone back to after signing in: a path on this site only. */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // Resolve against a dummy origin: anything that escapes it (e.g. "/\t/evil.example") is refused.
  try {
    const url = new URL(value, "http://site.invalid");
    if (url.origin !== "http://site.invalid") return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
