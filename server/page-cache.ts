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

export interface PageCache<Context extends { cspNonce: string }> {
  handle: FetchHandler<Context>;
  /** Drops every cached page, e.g. after content was edited. */
  clear(): void;
  readonly size: number;
}

export function createPageCache<Context extends { cspNonce: string }>(
  handler: FetchHandler<Context>,
  options: { ttlMs: number; maxEntries: number; now?: () => number },
): PageCache<Context> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedResponse>();

  function isCacheableRequest(request: Request): boolean {
    // Any cookie may carry a session: signed-in visitors always get a fresh page.
    return options.ttlMs > 0 && request.method === "GET" && !request.headers.has("cookie");
  }

  function isCacheableResponse(response: Response): boolean {
    const cacheControl = response.headers.get("cache-control") ?? "";
    return response.status === 200 && !response.headers.has("set-cookie") && !/no-store|private/i.test(cacheControl);
  }

  function replay(entry: CachedResponse, nonce: string): Response {
    return new Response(entry.body.replaceAll(entry.nonce, nonce), { status: entry.status, headers: entry.headers });
  }

  return {
    get size() {
      return entries.size;
    },
    clear: () => entries.clear(),
    handle: async (request, context) => {
      if (!isCacheableRequest(request)) return handler(request, context);
      const key = new URL(request.url);
      const cacheKey = `${key.pathname}${key.search}`;
      const hit = entries.get(cacheKey);
      if (hit && hit.expiresAt > now()) return replay(hit, context.cspNonce);
      if (hit) entries.delete(cacheKey);

      const response = await handler(request, context);
      if (!isCacheableResponse(response)) return response;
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
      return replay(entry, context.cspNonce);
    },
  };
}
