import { describe, expect, it, vi } from "vitest";
import { createPageCache, PAGE_CACHE_VALIDATE_HEADER, type FetchHandler } from "./page-cache";

function setup(options: { ttlMs?: number; maxEntries?: number; onExpireAll?: () => void } = {}) {
  let clock = 1_000;
  let renders = 0;
  const handler = vi.fn<FetchHandler>(async (request, { cspNonce }) => {
    renders += 1;
    const path = new URL(request.url).pathname;
    if (path === "/private") return new Response("mine", { headers: { "cache-control": "private" } });
    if (path === "/missing") return new Response("nope", { status: 404 });
    return new Response(`<script nonce="${cspNonce}">render ${renders} of ${path}</script>`, {
      headers: { "content-type": "text/html" },
    });
  });
  const cache = createPageCache(handler, { ttlMs: options.ttlMs ?? 60_000, maxEntries: options.maxEntries ?? 10, now: () => clock, onExpireAll: options.onExpireAll });
  const get = (path: string, nonce: string, headers: HeadersInit = {}) =>
    cache.handle(new Request(`http://site.test${path}`, { headers }), { cspNonce: nonce }).then((r) => r.text());
  return { cache, handler, get, advance: (ms: number) => (clock += ms) };
}

describe("createPageCache", () => {
  it("serves a repeat request from the cache with the new request's nonce", async () => {
    const { get, handler } = setup();
    expect(await get("/", "AAA")).toBe('<script nonce="AAA">render 1 of /</script>');
    expect(await get("/", "BBB")).toBe('<script nonce="BBB">render 1 of /</script>');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("renders again once the entry has expired", async () => {
    const { get, advance } = setup({ ttlMs: 5_000 });
    await get("/", "A");
    advance(5_001);
    expect(await get("/", "B")).toBe('<script nonce="B">render 2 of /</script>');
  });

  it("keeps query strings apart", async () => {
    const { get } = setup();
    await get("/news?q=a", "A");
    expect(await get("/news?q=b", "B")).toContain("render 2");
  });

  it("never caches requests with cookies, private responses or errors", async () => {
    const { get, handler } = setup();
    await get("/", "A", { cookie: "session=x" });
    await get("/", "A", { cookie: "session=x" });
    await get("/private", "A");
    await get("/private", "A");
    await get("/missing", "A");
    await get("/missing", "A");
    expect(handler).toHaveBeenCalledTimes(6);
  });

  it("holds at most maxEntries pages, dropping the oldest, and can be cleared", async () => {
    const { cache, get } = setup({ maxEntries: 2 });
    await get("/a", "A");
    await get("/b", "A");
    await get("/c", "A");
    expect(cache.size).toBe(2);
    expect(await get("/a", "A")).toContain("render 4");
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("is off when the time to live is 0", async () => {
    const { get, handler } = setup({ ttlMs: 0 });
    await get("/", "A");
    await get("/", "A");
    expect(handler).toHaveBeenCalledTimes(2);
  });
});

describe("PageCache.lookup", () => {
  it("answers a cached GET with the new nonce, and nothing for cookies, other methods or unknown pages", async () => {
    const { cache, get } = setup();
    await get("/news?q=a", "AAA");
    const request = { method: "GET", pathAndQuery: "/news?q=a", hasCookie: false };
    expect(await cache.lookup(request, "BBB")).toMatchObject({ status: 200, body: '<script nonce="BBB">render 1 of /news</script>' });
    expect(await cache.lookup({ ...request, hasCookie: true }, "BBB")).toBeUndefined();
    expect(await cache.lookup({ ...request, method: "POST" }, "BBB")).toBeUndefined();
    expect(await cache.lookup({ ...request, pathAndQuery: "/news?q=b" }, "BBB")).toBeUndefined();
  });

  it("drops every page at the moment set by expireAllAt (a scheduled article going live), and asks for the next one", async () => {
    const onExpireAll = vi.fn();
    const { cache, get, advance } = setup({ ttlMs: 60_000, onExpireAll });
    cache.expireAllAt(1_000 + 2_000);
    await get("/news", "A");
    advance(1_999);
    expect(await get("/news", "B")).toContain("render 1");
    expect(onExpireAll).not.toHaveBeenCalled();
    advance(1);
    expect(await get("/news", "C")).toContain("render 2");
    expect(onExpireAll).toHaveBeenCalledTimes(1);
    // Until a next moment is set, pages keep their own lifetime.
    expect(await get("/news", "D")).toContain("render 2");
    expect(onExpireAll).toHaveBeenCalledTimes(1);
  });

  it("drops at once what was cached when the moment set is already past", async () => {
    const { cache, get } = setup();
    await get("/", "A");
    cache.expireAllAt(500);
    expect(cache.size).toBe(0);
    cache.expireAllAt(null);
    await get("/", "B");
    expect(await get("/", "C")).toContain("render 2");
  });
});

describe("pages that name a validator (the store's stock)", () => {
  function stockSetup() {
    let stock = 3;
    let reads = 0;
    const order: string[] = [];
    const handler = vi.fn<FetchHandler>(async (request) => {
      order.push("render");
      const path = new URL(request.url).pathname;
      const headers: HeadersInit = path.startsWith("/store") ? { [PAGE_CACHE_VALIDATE_HEADER]: "stock" } : path === "/odd" ? { [PAGE_CACHE_VALIDATE_HEADER]: "weather" } : {};
      return new Response(`${path}: ${stock} left`, { headers });
    });
    const cache = createPageCache(handler, {
      ttlMs: 600_000,
      maxEntries: 10,
      validators: {
        stock: async () => {
          reads += 1;
          order.push("read");
          return String(stock);
        },
      },
    });
    const get = async (path: string) => {
      const response = await cache.handle(new Request(`http://site.test${path}`), { cspNonce: "n" });
      return { text: await response.text(), validateHeader: response.headers.get(PAGE_CACHE_VALIDATE_HEADER) };
    };
    return { cache, handler, get, order, reads: () => reads, sell: () => (stock -= 1) };
  }

  it("serves the page while the validator's value is unchanged, and renders again as soon as it changes", async () => {
    const { get, handler, sell } = stockSetup();
    expect((await get("/store")).text).toBe("/store: 3 left");
    expect((await get("/store")).text).toBe("/store: 3 left");
    expect((await get("/store")).text).toBe("/store: 3 left");
    // First render learns the dependency (not kept), the second is kept, the third is a hit.
    expect(handler).toHaveBeenCalledTimes(2);
    sell();
    expect((await get("/store")).text).toBe("/store: 2 left");
    expect((await get("/store")).text).toBe("/store: 2 left");
    expect(handler).toHaveBeenCalledTimes(3);
  });

  it("reads the validator before rendering, so a change during a render is caught by the next hit", async () => {
    const { get, order } = stockSetup();
    await get("/store/cap");
    order.length = 0;
    await get("/store/cap");
    expect(order).toEqual(["read", "render"]);
  });

  it("never sends the header out, and never reads validators for pages that name none", async () => {
    const { get, reads, handler } = stockSetup();
    expect((await get("/store")).validateHeader).toBeNull();
    await get("/terms");
    await get("/terms");
    expect(handler).toHaveBeenCalledTimes(2);
    expect(reads()).toBe(0);
  });

  it("does not keep a page that names a validator it does not know", async () => {
    const { get, handler } = stockSetup();
    await get("/odd");
    await get("/odd");
    expect(handler).toHaveBeenCalledTimes(2);
  });
});
