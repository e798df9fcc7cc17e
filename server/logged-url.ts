/**
 * A request's address as the log keeps it: the secrets some addresses carry are left out, so a
 * copy of the logs opens nothing. A partner report's link is its token (ADR 0131: only its hash
 * is stored), and e-mailed links carry theirs as `token=`.
 */
export function loggedUrl(url: string): string {
  return url.replace(/^\/partner-report\/[^/?#]+/, "/partner-report/[token]").replace(/([?&]token=)[^&#]*/gi, "$1[token]");
}
