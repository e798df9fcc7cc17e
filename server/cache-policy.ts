import { CART_COOKIE_NAME } from "../app/features/shop/cart/cart-cookie";

/** better-auth's cookies (session, two-factor challenge) carry this prefix; see auth.server.ts. */
const AUTH_COOKIE = /^(?:__Secure-|__Host-)?ridgeway\./;
/** better-auth's session cookie (with __Secure- over HTTPS). */
const SESSION_COOKIE = /^(?:__Secure-)?ridgeway\.session_token$/;

function cookies(cookieHeader: string | undefined): Array<[name: string, value: string]> {
  if (!cookieHeader) return [];
  return cookieHeader.split(";").map((part) => {
    const equals = part.indexOf("=");
    return equals === -1 ? [part.trim(), ""] : [part.slice(0, equals).trim(), part.slice(equals + 1).trim()];
  });
}

function cookieNames(cookieHeader: string | undefined): string[] {
  return cookies(cookieHeader).map(([name]) => name);
}

/**
 * Whether a request carries what makes its page someone's own: a session (the header shows the
 * person) or the no-JavaScript cart (the header shows its count). Other cookies (consent,
 * analytics) change nothing on a page.
 */
export function isPersonalRequest(cookieHeader: string | undefined): boolean {
  return cookieNames(cookieHeader).some((name) => name === CART_COOKIE_NAME || AUTH_COOKIE.test(name));
}

/** Whether a request carries the no-JavaScript cart (ADR 0016). */
export function hasCartCookie(cookieHeader: string | undefined): boolean {
  return cookieNames(cookieHeader).includes(CART_COOKIE_NAME);
}

/** The session cookie's value, or null without one (whether the session is live is another question). */
export function sessionCookieValue(cookieHeader: string | undefined): string | null {
  const session = cookies(cookieHeader).find(([name, value]) => SESSION_COOKIE.test(name) && value !== "");
  return session ? session[1] : null;
}

export const PERSONAL = "private, no-store";
/**
 * Public pages: a browser asks again each time (an edit shows on the next view, with a 304 when
 * nothing changed); a shared cache in front of the app (deploy/nginx/page-cache.conf) may keep them
 * for 10 s and serve the stale copy for 10 s more while it fetches the next (ADR 0086), so an
 * edit shows within 20 s and a race-day crowd costs the app one request per page per 10 s.
 */
export const PUBLIC_DEFAULT = "public, max-age=0, s-maxage=10, stale-while-revalidate=10";

/**
 * The Cache-Control a response leaves with. A page made for one person (the request carried their
 * session or cart, or the answer sets a cookie) is never stored by a shared cache or CDN, whatever
 * the route said; a public answer keeps its route's policy, or the default when it set none.
 */
export function cacheControlFor(request: { personal: boolean }, response: { cacheControl: string | null; setsCookie: boolean }): string {
  if (request.personal || response.setsCookie) return PERSONAL;
  // A route that says no-store (an order's confirmation, a payment page reached by its link) is
  // someone's own even without a session: a shared cache must not keep it either.
  if (response.cacheControl && /\bno-store\b/.test(response.cacheControl)) return PERSONAL;
  return response.cacheControl ?? PUBLIC_DEFAULT;
}
