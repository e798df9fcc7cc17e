/**
 * A short-lived cache of whole responses for GET requests, kept for two audiences:
 * everyone (no session, no cart) and signed-in visitors, whose pages differ only in
 * the header's account buttons (ADR 0090). Content changes rarely, so serving a page
 * rendered a few seconds ago is as good as rendering it again, and much cheaper. A kept page has no CSP
 * nonce: its inline scripts are allowed by their hashes (public-page.ts), so
 * every hit sends the same bytes, compressed once (brotli 11, gzip 9) off the
 * main thread from its first hit on, with an ETag.
 *
 * Some pages show data that changes all the time (the store's stock). Such a
 * page names a validator in the PAGE_CACHE_VALIDATE_HEADER response header; the
 * cache then keeps the validator's value read before the page was rendered, and
 * serves the page again only while a fresh read of it gives the same value
 * (ADR 0054). The header never leaves the server.
 */
export type FetchHandler<Context extends PageContext = PageContext> = (request: Request, context: Context) => Promise<Response>;

import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { PAGE_CACHE_VALIDATE_HEADER } from "../app/lib/page-cache-validation";
import { isPersonalRequest } from "./cache-policy";
import { toPublicPage } from "./public-page";

export { PAGE_CACHE_VALIDATE_HEADER };

/**
 * Set on a response the cache kept (or could have kept): the CSP hashes of its inline scripts,
 * for the server to put in the policy in place of the nonce. Never leaves the server.
 */
export const PAGE_SCRIPT_HASHES_HEADER = "x-page-script-hashes";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Reads a value that changes whenever what a page shows changes, never older than the call. */
export type PageValidator = () => Promise<string>;

interface CachedResponse extends CachedPage {
  expiresAt: number;
  /** Set by the first hit: a page nobody asks for again (the store between two sales) is never compressed. */
  compressing: boolean;
  /** Each validator the page depends on, with its value read before the page was rendered. */
  checks: Array<[name: string, value: string]>;
}

/** A cached page, ready to send as it is. */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  /** CSP source expressions for the page's inline scripts. */
  scriptHashes: string[];
  /** A strong validator of the body, quoted, without an encoding suffix. */
  etag: string;
  /** The body compressed once, filled in shortly after the page was kept. */
  encoded: Partial<Record<"br" | "gzip", Buffer>>;
}

/**
 * Who a page is made for (ADR 0090):
 * - "everyone": no session and no cart cookie;
 * - "signed-in": a live session and no cart: the page is the same for every signed-in visitor,
 *   unless what rendered it asked who they are (`madeForVisitor`), and is kept apart from
 *   everyone's;
 * - "own": a no-JavaScript cart, or a session not known to be live: rendered for this request
 *   alone, never kept.
 */
export type PageAudience = "everyone" | "signed-in" | "own";

/** What decides whether a request may be answered from the cache. */
export interface PageRequest {
  method: string;
  /** Path and query string, e.g. "/news?q=silverstone". */
  pathAndQuery: string;
  audience: PageAudience;
}

/** The audience when nothing more is known than the cookies' names: any session or cart makes the page the request's own. */
export function audienceFromCookies(cookieHeader: string | undefined): PageAudience {
  return isPersonalRequest(cookieHeader) ? "own" : "everyone";
}

/** What the cache reads of a request's context: its nonce, and whether a loader asked who the visitor is. */
export interface PageContext {
  cspNonce: string;
  /** Set while rendering when a loader or action read who is signed in (beyond the header's signed-in or not). */
  madeForVisitor?: boolean;
}

export interface PageCache<Context extends PageContext> {
  /** Answers from the cache or renders (and keeps what may be kept); the audience defaults to audienceFromCookies. */
  handle(request: Request, context: Context, audience?: PageAudience): Promise<Response>;
  /** The fresh cached page for a request; lets the server answer a hit without building Fetch objects. */
  lookup(request: PageRequest): Promise<CachedPage | undefined>;
  /** Whether a request may be answered from the cache at all (for the hit/miss metrics). */
  isCacheable(request: PageRequest): boolean;
  /** Drops every cached page, e.g. after content was edited. */
  clear(): void;
  /**
   * Drops every cached page at `time` (ms since the epoch), or never when null: the moment the
   * next scheduled article goes live, so no page cached before it outlives it. Once that moment
   * has passed, `onExpireAll` is called to set the next one.
   */
  expireAllAt(time: number | null): void;
  readonly size: number;
}

export function createPageCache<Context extends PageContext>(
  handler: FetchHandler<Context>,
  options: {
    ttlMs: number;
    maxEntries: number;
    now?: () => number;
    onExpireAll?: () => void;
    /** The validators pages may name, e.g. { stock: () => read the stock's fingerprint }. */
    validators?: Record<string, PageValidator>;
  },
): PageCache<Context> {
  const now = options.now ?? Date.now;
  const validators = options.validators ?? {};
  const entries = new Map<string, CachedResponse>();
  /** Pages whose last render named validators: their next render reads them first. */
  const validatedPages = new Map<string, string[]>();
  let expireAllAt: number | null = null;

  function expireAllIfDue() {
    if (expireAllAt === null || now() < expireAllAt) return;
    entries.clear();
    expireAllAt = null;
    options.onExpireAll?.();
  }

  function isCacheableRequest(request: PageRequest): boolean {
    // No-JavaScript carts always get a fresh page; cookies the site does not read change nothing.
    return options.ttlMs > 0 && request.method === "GET" && request.audience !== "own";
  }

  /** Everyone's pages and signed-in visitors' pages are kept apart. */
  function cacheKey(request: PageRequest): string {
    return request.audience === "signed-in" ? `signed-in ${request.pathAndQuery}` : request.pathAndQuery;
  }

  async function lookup(request: PageRequest): Promise<CachedPage | undefined> {
    if (!isCacheableRequest(request)) return undefined;
    expireAllIfDue();
    const key = cacheKey(request);
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    if (entry.checks.length > 0 && !(await stillValid(entry))) {
      if (entries.get(key) === entry) entries.delete(key);
      return undefined;
    }
    if (!entry.compressing) compressOnce(entry);
    return entry;
  }

  async function stillValid(entry: CachedResponse): Promise<boolean> {
    try {
      const current = await Promise.all(entry.checks.map(([name]) => validators[name]!()));
      return entry.checks.every(([, value], index) => current[index] === value);
    } catch {
      // Unknown is not the same: render again (and let that fail loudly if the database is away).
      return false;
    }
  }

  /** The validators named by a response, those the cache knows; unknown names make a page uncacheable. */
  function namedValidators(response: Response): string[] | null {
    const header = response.headers.get(PAGE_CACHE_VALIDATE_HEADER);
    if (!header) return [];
    const names = header
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    return names.every((name) => name in validators) ? names : null;
  }

  function withoutValidateHeader(response: Response): Response {
    if (!response.headers.has(PAGE_CACHE_VALIDATE_HEADER)) return response;
    const headers = new Headers(response.headers);
    headers.delete(PAGE_CACHE_VALIDATE_HEADER);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  function isCacheableResponse(response: Response): boolean {
    const cacheControl = response.headers.get("cache-control") ?? "";
    return response.status === 200 && !response.headers.has("set-cookie") && !/no-store|private/i.test(cacheControl);
  }

  function toResponse(page: Pick<CachedPage, "status" | "headers" | "body" | "scriptHashes">): Response {
    const headers = new Headers(page.headers);
    headers.set(PAGE_SCRIPT_HASHES_HEADER, page.scriptHashes.join(" "));
    return new Response(page.body, { status: page.status, headers });
  }

  /** Compresses a kept page on the thread pool; a hit before it is done is compressed per request. */
  function compressOnce(entry: CachedResponse) {
    entry.compressing = true;
    const body = Buffer.from(entry.body);
    const sizeHint = { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length };
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, ...sizeHint } }).then(
      (encoded) => (entry.encoded.br = encoded),
      () => undefined,
    );
    gzip(body, { level: 9 }).then(
      (encoded) => (entry.encoded.gzip = encoded),
      () => undefined,
    );
  }

  return {
    get size() {
      return entries.size;
    },
    clear: () => entries.clear(),
    expireAllAt: (time) => {
      expireAllAt = time;
      expireAllIfDue();
    },
    lookup,
    isCacheable: isCacheableRequest,
    handle: async (request, context, audience = audienceFromCookies(request.headers.get("cookie") ?? undefined)) => {
      const url = new URL(request.url);
      const pageRequest = { method: request.method, pathAndQuery: `${url.pathname}${url.search}`, audience };
      if (!isCacheableRequest(pageRequest)) return withoutValidateHeader(await handler(request, context));
      const hit = await lookup(pageRequest);
      if (hit) return toResponse(hit);
      const key = cacheKey(pageRequest);

      // A page that depends on validators has them read before it is rendered: a change after the
      // read makes the next hit's read differ, never the other way round.
      const expected = validatedPages.get(key) ?? [];
      let checks: CachedResponse["checks"] | null;
      try {
        checks = await Promise.all(expected.map(async (name) => [name, await validators[name]!()] as [string, string]));
      } catch {
        checks = null;
      }
      const response = await handler(request, context);
      const named = namedValidators(response);
      const sent = withoutValidateHeader(response);
      if (!isCacheableResponse(sent) || named === null || checks === null) return sent;
      // A page that asked who the visitor is (their dashboard, a checkout filled in for them) is theirs.
      if (audience === "signed-in" && context.madeForVisitor) return sent;
      if (named.length > 0) validatedPages.set(key, named);
      else validatedPages.delete(key);
      // Rendered without reading what it turned out to depend on: not kept; its next render reads it.
      if (named.some((name) => !expected.includes(name))) return sent;
      const rendered = await sent.text();
      const page = toPublicPage(rendered, context.cspNonce);
      if (!page) return new Response(rendered, { status: sent.status, headers: sent.headers });
      // A page rendered across the moment an article went live may show either side of it.
      expireAllIfDue();
      const entry: CachedResponse = {
        status: sent.status,
        headers: [...sent.headers.entries()],
        body: page.html,
        scriptHashes: page.scriptHashes,
        etag: `"${createHash("sha256").update(page.html).digest("base64url").slice(0, 27)}"`,
        encoded: {},
        compressing: false,
        expiresAt: now() + options.ttlMs,
        checks: checks.filter(([name]) => named.includes(name)),
      };
      entries.set(key, entry);
      // Map keeps insertion order: the first key is the oldest entry.
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      if (validatedPages.size > options.maxEntries * 2) validatedPages.delete(validatedPages.keys().next().value!);
      return toResponse(entry);
    },
  };
}
