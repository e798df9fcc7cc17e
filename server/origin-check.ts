import type { RequestHandler } from "express";

/**
 * Same-origin protection for state-changing requests (login CSRF and every
 * other form action): a POST, PUT, PATCH or DELETE from another site's page is
 * refused before any action runs.
 *
 * Current browsers send `Origin` on every such request; `Sec-Fetch-Site` is the
 * fallback when a request arrives without it. A request with neither header
 * does not come from a current browser's page (curl, a mail provider's RFC 8058
 * one-click unsubscribe, server-to-server) and is allowed.
 */

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Paths that authenticate their requests themselves, not by cookie, so a request from another
 * site can do nothing a forged one could not: the payment provider signs its events, and an
 * unsubscribe names its subscriber by the unguessable token in its link (RFC 8058's one-click
 * POST comes from the mail provider, and from webmail it carries the webmail's Origin).
 */
export const ORIGIN_CHECK_EXEMPT_PATHS: readonly string[] = ["/api/payments/webhook", "/newsletter/unsubscribe"];

export const CROSS_ORIGIN_MESSAGE = "Forbidden: this request did not come from this site.";

export interface OriginCheckRequest {
  method: string;
  /** The URL path, without the query string. */
  path: string;
  /** The `Origin` header, if sent. */
  origin?: string;
  /** The `Sec-Fetch-Site` header, if sent. */
  secFetchSite?: string;
  /** Origins the site is served from, e.g. `https://example.com` (the public URL and the request's own). */
  allowedOrigins: readonly string[];
}

export type OriginDecision = { allowed: true } | { allowed: false; reason: "cross-origin" | "opaque-origin" | "cross-site-fetch" };

/** Reduces a URL or origin to its normalised origin (lower case, default port dropped), or null. */
export function normaliseOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.origin;
  } catch {
    return null;
  }
}

function isExemptPath(rawPath: string): boolean {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, "") : rawPath;
  return ORIGIN_CHECK_EXEMPT_PATHS.includes(path);
}

export function checkOrigin(request: OriginCheckRequest): OriginDecision {
  if (!STATE_CHANGING.has(request.method.toUpperCase())) return { allowed: true };
  if (isExemptPath(request.path)) return { allowed: true };

  if (request.origin !== undefined) {
    const origin = normaliseOrigin(request.origin);
    // "null" (sandboxed frames, file: pages) and anything unparsable is never our own page.
    if (origin === null) return { allowed: false, reason: "opaque-origin" };
    const allowed = request.allowedOrigins.some((candidate) => normaliseOrigin(candidate) === origin);
    return allowed ? { allowed: true } : { allowed: false, reason: "cross-origin" };
  }
  if (request.secFetchSite?.trim().toLowerCase() === "cross-site") {
    return { allowed: false, reason: "cross-site-fetch" };
  }
  return { allowed: true };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Express middleware: answers 403 with a short plain message when `checkOrigin`
 * refuses. Mount it before the React Router handler.
 */
export function originCheck(options: { publicUrl: string }): RequestHandler {
  return (req, res, next) => {
    if (!STATE_CHANGING.has(req.method)) {
      next();
      return;
    }
    const allowedOrigins = [options.publicUrl];
    // The request's own scheme and host, so direct runs on 127.0.0.1:PORT work. With
    // TRUST_PROXY, Express reads the scheme from X-Forwarded-Proto.
    const host = req.get("host");
    if (host) allowedOrigins.push(`${req.protocol}://${host}`);
    const origin = header(req.headers.origin);
    const secFetchSite = header(req.headers["sec-fetch-site"]);
    const decision = checkOrigin({ method: req.method, path: req.path, origin, secFetchSite, allowedOrigins });
    if (decision.allowed) {
      // React Router refuses any action whose Origin is not the request's own ("Bad Request"),
      // which would undo the exemption: a webmail's one-click unsubscribe carries its own Origin.
      // The exempt paths authenticate by token or signature, so the header is dropped for them.
      if (origin !== undefined && isExemptPath(req.path)) delete req.headers.origin;
      next();
      return;
    }
    req.log.warn(
      { reason: decision.reason, origin, secFetchSite, method: req.method, path: req.path },
      "refused a state-changing request from another origin",
    );
    res.status(403).set("Cache-Control", "private, no-store").type("text/plain").send(CROSS_ORIGIN_MESSAGE);
  };
}
