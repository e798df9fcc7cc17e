import { createHash } from "node:crypto";
import type { createAuth } from "../app/features/account/auth.server";
import { pastAbsoluteLimit } from "../app/features/account/session-limits";
import { hasCartCookie, isPersonalRequest, sessionCookieValue } from "./cache-policy";
import type { PageAudience } from "./page-cache";

/** The audience's answer: who the page is for, and the cookies reading the session asks to set. */
export interface AudienceOf {
  audience: PageAudience;
  setCookies: string[];
}

/** How long a session found live is taken as live for choosing a page, and how many are remembered. */
export const LIVE_SESSION_MEMORY = { ttlMs: 10_000, maxEntries: 10_000 } as const;

/**
 * Which of the page cache's audiences a request belongs to (ADR 0090). A session cookie is checked
 * with better-auth (one indexed query) before its visitor is given the signed-in page; an expired,
 * revoked or forged one gets a page rendered for it, which clears the cookie. A session the check
 * extends sends its fresh cookie with the page.
 *
 * A session found live is taken as live for `ttlMs` without asking again: this only picks which
 * shared page is sent (its header says "Sign Out" rather than "Sign In"), never what anyone may
 * see, which every personal page and action checks for itself. Any other request carrying the
 * cookie (signing out is a POST) makes it be checked again.
 */
export function createPageAudience(
  auth: ReturnType<typeof createAuth>,
  {
    ttlMs = LIVE_SESSION_MEMORY.ttlMs,
    maxEntries = LIVE_SESSION_MEMORY.maxEntries,
    now = Date.now,
  }: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
) {
  /** Live sessions by a hash of their cookie (no token is kept), with when to check again. */
  const liveUntil = new Map<string, number>();

  async function checkSession(cookieHeader: string): Promise<AudienceOf> {
    try {
      // Only the cookies: nothing else the client sent (a forged client-address header) reaches better-auth.
      const { headers, response } = await auth.api.getSession({ headers: new Headers({ cookie: cookieHeader }), returnHeaders: true });
      if (!response || pastAbsoluteLimit(response.session.createdAt, new Date(now()))) return { audience: "own", setCookies: [] };
      return { audience: "signed-in", setCookies: headers.getSetCookie() };
    } catch {
      // Unknown is not signed in: the page is rendered for this request, which reports the fault.
      return { audience: "own", setCookies: [] };
    }
  }

  return async function audienceOf(method: string, cookieHeader: string | undefined): Promise<AudienceOf> {
    if (!cookieHeader || !isPersonalRequest(cookieHeader)) return { audience: "everyone", setCookies: [] };
    const session = sessionCookieValue(cookieHeader);
    const key = session === null ? null : createHash("sha256").update(session).digest("base64url");
    // Only a GET is ever answered from the cache; any other request may end the session.
    if (method !== "GET") {
      if (key !== null) liveUntil.delete(key);
      return { audience: "own", setCookies: [] };
    }
    // A cart, or a two-factor challenge without a session, makes the page the request's own.
    if (key === null || hasCartCookie(cookieHeader)) return { audience: "own", setCookies: [] };
    if ((liveUntil.get(key) ?? 0) > now()) return { audience: "signed-in", setCookies: [] };
    const answer = await checkSession(cookieHeader);
    if (answer.audience === "signed-in") {
      liveUntil.delete(key);
      liveUntil.set(key, now() + ttlMs);
      // Map keeps insertion order: the first key is the one checked longest ago.
      if (liveUntil.size > maxEntries) liveUntil.delete(liveUntil.keys().next().value!);
    } else {
      liveUntil.delete(key);
    }
    return answer;
  };
}
