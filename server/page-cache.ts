/**
 * A short-lived cache of whole responses for anonymous GET requests. Content
 * changes rarely, so serving a page rendered a few seconds ago is as good as
 * rendering it again, and much cheaper. The one per-request part of a page,
 * the CSP nonce, is swapped for the current request's nonce on every hit.
 */
export type FetchHandler<Context extends { cspNonce: string } = { cspNonce: string }> = (
  request: Request,
  context: Context,
) => Promise<Response>;

interface CachedResponse {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  nonce: string;
  expiresAt: number;
}

/** A cached page, ready to send as it is. */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: string;
}

/** What decides whether a request may be answered from the cache. */
export interface PageRequest {
  method: string;
  /** Path and query string, e.g. "/news?q=silverstone". */
  pathAndQuery: string;
  hasCookie: boolean;
}

export interface PageCache<Context extends { cspNonce: string }> {
  handle: FetchHandler<Context>;
  /**
   * The fresh cached page for a request, with `nonce` in place of the one it was rendered with;
   * lets the server answer a hit without building Fetch objects.
   */
  lookup(request: PageRequest, nonce: string): CachedPage | undefined;
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

export function createPageCache<Context extends { cspNonce: string }>(
  handler: FetchHandler<Context>,
  options: { ttlMs: number; maxEntries: number; now?: () => number; onExpireAll?: () => void },
): PageCache<Context> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedResponse>();
  let expireAllAt: number | null = null;

  function expireAllIfDue() {
    if (expireAllAt === null || now() < expireAllAt) return;
    entries.clear();
    expireAllAt = null;
    options.onExpireAll?.();
  }

  function isCacheableRequest(request: PageRequest): boolean {
    // Any cookie may carry a session: signed-in visitors always get a fresh page.
    return options.ttlMs > 0 && request.method === "GET" && !request.hasCookie;
  }

  function lookup(request: PageRequest, nonce: string): CachedPage | undefined {
    if (!isCacheableRequest(request)) return undefined;
    expireAllIfDue();
    const entry = entries.get(request.pathAndQuery);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(request.pathAndQuery);
      return undefined;
    }
    return { status: entry.status, headers: entry.headers, body: entry.body.replaceAll(entry.nonce, nonce) };
  }

  function isCacheableResponse(response: Response): boolean {
    const cacheControl = response.headers.get("cache-control") ?? "";
    return response.status === 200 && !response.headers.has("set-cookie") && !/no-store|private/i.test(cacheControl);
  }

  function toResponse(page: CachedPage): Response {
    return new Response(page.body, { status: page.status, headers: page.headers });
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
    handle: async (request, context) => {
      const url = new URL(request.url);
      const pageRequest = { method: request.method, pathAndQuery: `${url.pathname}${url.search}`, hasCookie: request.headers.has("cookie") };
      if (!isCacheableRequest(pageRequest)) return handler(request, context);
      const hit = lookup(pageRequest, context.cspNonce);
      if (hit) return toResponse(hit);
      const cacheKey = pageRequest.pathAndQuery;

      const response = await handler(request, context);
      if (!isCacheableResponse(response)) return response;
      // A page rendered across the moment an article went live may show either side of it.
      expireAllIfDue();
      const entry: CachedResponse = {
        status: response.status,
        headers: [...response.headers.entries()],
        body: await response.text(),
        nonce: context.cspNonce,
        expiresAt: now() + options.ttlMs,
      };
      entries.set(cacheKey, entry);
      // Map keeps insertion order: the first key is the oldest entry.
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      return toResponse({ status: entry.status, headers: entry.headers, body: entry.body });
    },
  };
}
