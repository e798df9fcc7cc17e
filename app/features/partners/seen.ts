/*
 * The optional "seen" count (issue 41, ADR 0145): a partner's mark on a page counts as seen once
 * at least half of it has been on screen for a second without a break, the industry's viewability
 * rule. Shared by the browser's reporter and the server's endpoint; no I/O here.
 */

/** Where a page sends what was seen, in one beacon. */
export const SEEN_BEACON_PATH = "/api/partner-seen";

/** The largest beacon body the endpoint reads (server/body-limit.ts counts it while it streams). */
export const MAX_SEEN_BODY_BYTES = 2 * 1024;

/** Marks one beacon may name: more than any page shows. */
export const MAX_SEEN_PER_BEACON = 24;

/** The viewability rule: this share of the mark on screen, for this long. */
export const SEEN_RULE = { ratio: 0.5, milliseconds: 1_000 } as const;

/**
 * The visitor's objection to the seen count: the one thing the count keeps in the browser, a
 * strictly necessary preference (the cookie policy lists it). A cookie rather than local storage,
 * so the objection form works without JavaScript and the server honours it too.
 */
export const SEEN_OBJECTION_COOKIE = "ridgeway-racing-no-seen-count";

/** How long an objection lasts: a year, then the visitor is asked by the policy again. */
export const SEEN_OBJECTION_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The attribute a partner's mark carries: "<placement>/<partner>", only where the pair is counted. */
export const SEEN_ATTRIBUTE = "data-partner-seen";

/** Whether a Cookie header (or document.cookie) holds the objection. */
export function hasSeenObjection(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => part.trim() === `${SEEN_OBJECTION_COOKIE}=1`);
}

/** The Set-Cookie header that records the objection, or withdraws it. */
export function seenObjectionCookie(objecting: boolean, secure: boolean): string {
  const value = objecting ? `1; Max-Age=${SEEN_OBJECTION_MAX_AGE_SECONDS}` : "; Max-Age=0";
  return `${SEEN_OBJECTION_COOKIE}=${value}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}
