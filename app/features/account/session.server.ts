import { data, redirect } from "react-router";
import type { RequestContext } from "~/context";
import { pageUrlOf } from "~/lib/data-request";
import { CLIENT_IP_HEADER } from "./client-ip-header";
import { dashboardFor, NOT_FOR_PARAM, type AccountRole } from "./roles";
import { pastAbsoluteLimit } from "./session-limits";

/** The signed-in person, as loaders and actions see them. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: AccountRole;
  /** The avatar's URL path, or null for the placeholder. */
  image: string | null;
  driverId: string | null;
  /** This browser's session (to tell it apart in the list of active sessions). */
  sessionId: string;
}

/** What the session cookie's name ends with (better-auth prefixes it, and adds __Secure- over HTTPS). */
const SESSION_COOKIE_SUFFIX = "ridgeway.session_token=";

const lookups = new WeakMap<RequestContext, Promise<SessionUser | null>>();

/**
 * The headers better-auth should see for this request: the browser's (for the
 * cookies and the user agent) with the client address from our own context.
 */
export function authHeaders(request: Request, context: RequestContext): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, context.clientIp);
  return headers;
}

/** Copies the Set-Cookie headers of a better-auth answer onto this request's response. */
export function keepCookies(context: RequestContext, headers: Headers): void {
  context.setCookies.push(...headers.getSetCookie());
}

/**
 * The signed-in person, or null. Read once per request (one indexed query on the
 * session token, joined to the user) and only when a session cookie was sent,
 * so anonymous pages and the checkout of a guest cost nothing extra. Marks the
 * page as made for this visitor (`madeForVisitor`).
 */
export function getOptionalUser(request: Request, context: RequestContext): Promise<SessionUser | null> {
  context.madeForVisitor = true;
  return lookupSession(request, context);
}

/**
 * Whether someone is signed in, for the header's account buttons only: a page that asks
 * nothing more is the same for every signed-in visitor and may be kept for all of them
 * (ADR 0090).
 */
export async function isSignedIn(request: Request, context: RequestContext): Promise<boolean> {
  const user = await lookupSession(request, context);
  // A session cookie with no live session behind it (ended since it was checked): the page, which
  // says "Sign In", is this request's alone and never kept for signed-in visitors.
  if (!user && request.headers.get("cookie")?.includes(SESSION_COOKIE_SUFFIX)) context.madeForVisitor = true;
  return user !== null;
}

function lookupSession(request: Request, context: RequestContext): Promise<SessionUser | null> {
  let lookup = lookups.get(context);
  if (!lookup) {
    lookup = readSession(request, context);
    lookups.set(context, lookup);
  }
  return lookup;
}

async function readSession(request: Request, context: RequestContext): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")?.includes(SESSION_COOKIE_SUFFIX)) return null;
  const headers = authHeaders(request, context);
  // Expired, revoked or forged cookies come back as null (and are cleared); a
  // session used after a day is extended, with a fresh cookie to send back.
  const { headers: answerHeaders, response } = await context.auth.api.getSession({ headers, returnHeaders: true });
  keepCookies(context, answerHeaders);
  if (!response) return null;
  if (pastAbsoluteLimit(response.session.createdAt, new Date())) {
    const signOut = await context.auth.api.signOut({ headers, returnHeaders: true });
    keepCookies(context, signOut.headers);
    return null;
  }
  const { user } = response;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role as AccountRole,
    image: user.image ?? null,
    driverId: user.driverId ?? null,
    sessionId: response.session.id,
  };
}

/**
 * The signed-in person, or the way out: a page sends the visitor to /login
 * (and back here afterwards), an API answers 401; someone signed in with
 * another role is sent to their own dashboard, which tells them why.
 */
export async function requireUser(
  request: Request,
  context: RequestContext,
  { roles }: { roles?: readonly AccountRole[] } = {},
): Promise<SessionUser> {
  const user = await getOptionalUser(request, context);
  // The page, not a client navigation's data request for it: that is where to come back to.
  const url = pageUrlOf(request);
  if (!user) {
    if (url.pathname.startsWith("/api/")) {
      throw data({ message: "Sign in to use this." }, { status: 401, headers: { "Cache-Control": "no-store" } });
    }
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, {
      headers: { "Cache-Control": "no-store" },
    });
  }
  if (roles && !roles.includes(user.role)) {
    // Their own dashboard instead, which says why (wrongDashboardNotice).
    throw redirect(`${dashboardFor(user.role)}?${NOT_FOR_PARAM}=${encodeURIComponent(roles[0]!)}`, {
      headers: { "Cache-Control": "no-store" },
    });
  }
  return user;
}
