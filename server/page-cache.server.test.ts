import { describe, expect, it, vi } from "vitest";
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { CART_COOKIE_NAME } from "../app/features/shop/cart/cart-cookie";
import { createPageCache, PAGE_CACHE_VALIDATE_HEADER, PAGE_SCRIPT_HASHES_HEADER, type FetchHandler } from "./page-cache";

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
  const cache = createPageCache(handler, {
    ttlMs: options.ttlMs ?? 60_000,
    maxEntries: options.maxEntries ?? 10,
    now: () => clock,
    onExpireAll: options.onExpireAll,
  });
  // Real nonces are 16 random bytes in base64; the tests name theirs with a short label.
  const get = (path: string, nonce: string, headers: HeadersInit = {}) =>
    cache.handle(new Request(`http://site.test${path}`, { headers }), { cspNonce: `${nonce}-nonce-of-this-request` }).then((r) => r.text());
  return { cache, handler, get, advance: (ms: number) => (clock += ms) };
}

describe("createPageCache", () => {
  it("serves a repeat request from the cache, the same page for everyone: no nonce, its scripts' hashes", async () => {
    const { cache, get, handler } = setup();
    const first = await cache.handle(new Request("http://site.test/"), { cspNonce: "AAA-nonce-of-this-request" });
    expect(await first.text()).toBe("<script>render 1 of /</script>");
    const hash = `'sha256-${createHash("sha256").update("render 1 of /").digest("base64")}'`;
    expect(first.headers.get(PAGE_SCRIPT_HASHES_HEADER)).toBe(hash);
    expect(await get("/", "BBB")).toBe("<script>render 1 of /</script>");
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("keeps a page for a visitor whose cookies carry no session or cart, and never one for a cart", async () => {
    const { get, handler } = setup();
    await get("/", "A", { cookie: "consent=yes" });
    expect(await get("/", "B", { cookie: "analytics=1" })).toContain("render 1");
    expect(await get("/", "C", { cookie: `${CART_COOKIE_NAME}=x` })).toContain("render 2");
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it("does not keep a page whose nonce shows anywhere but in a nonce attribute", async () => {
    const handler = vi.fn<FetchHandler>(async (_request, { cspNonce }) => new Response(`<p>${cspNonce}</p>`));
    const cache = createPageCache(handler, { ttlMs: 60_000, maxEntries: 10 });
    const nonce = "leaked-nonce-0123456789";
    expect(await (await cache.handle(new Request("http://site.test/"), { cspNonce: nonce })).text()).toBe(`<p>${nonce}</p>`);
    await cache.handle(new Request("http://site.test/"), { cspNonce: nonce });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it("compresses a kept page once it is asked for again, off the main thread, and gives it a strong ETag", async () => {
    const { cache, get } = setup();
    await get("/", "A");
    const request = { method: "GET", pathAndQuery: "/", audience: "everyone" as const };
    await vi.waitFor(async () => expect((await cache.lookup(request))?.encoded.br).toBeDefined());
    const page = (await cache.lookup(request))!;
    expect(brotliDecompressSync(page.encoded.br!).toString()).toBe(page.body);
    expect(gunzipSync(page.encoded.gzip!).toString()).toBe(page.body);
    expect(page.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it("renders again once the entry has expired", async () => {
    const { get, advance } = setup({ ttlMs: 5_000 });
    await get("/", "A");
    advance(5_001);
    expect(await get("/", "B")).toBe("<script>render 2 of /</script>");
  });

  it("keeps query strings apart", async () => {
    const { get } = setup();
    await get("/news?q=a", "A");
    expect(await get("/news?q=b", "B")).toContain("render 2");
  });

  it("never caches requests with a session or cart it was not told about, private responses or errors", async () => {
    const { get, handler } = setup();
    await get("/", "A", { cookie: "ridgeway.session_token=x" });
    await get("/", "A", { cookie: "ridgeway.session_token=x" });
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

describe("signed-in visitors' pages (ADR 0090)", () => {
  const signedIn = (
    cache: ReturnType<typeof setup>["cache"],
    path: string,
    context: { cspNonce: string; madeForVisitor?: boolean } = { cspNonce: "S-nonce-of-this-request" },
  ) =>
    cache
      .handle(new Request(`http://site.test${path}`, { headers: { cookie: "ridgeway.session_token=live" } }), context, "signed-in")
      .then((r) => r.text());

  it("keeps one page for every signed-in visitor, apart from everyone's", async () => {
    const { cache, get, handler } = setup();
    expect(await get("/", "A")).toBe("<script>render 1 of /</script>");
    expect(await signedIn(cache, "/")).toBe("<script>render 2 of /</script>");
    expect(await signedIn(cache, "/")).toBe("<script>render 2 of /</script>");
    expect(await get("/", "B")).toBe("<script>render 1 of /</script>");
    expect(handler).toHaveBeenCalledTimes(2);
    expect(await cache.lookup({ method: "GET", pathAndQuery: "/", audience: "signed-in" })).toMatchObject({
      body: "<script>render 2 of /</script>",
    });
  });

  it("never keeps a page that asked who the visitor is, nor one for their own audience", async () => {
    const { cache, handler } = setup();
    handler.mockImplementation(async (request, context) => {
      (context as { madeForVisitor?: boolean }).madeForVisitor = true;
      return new Response(`for one person at ${new URL(request.url).pathname}`);
    });
    await signedIn(cache, "/checkout");
    await signedIn(cache, "/checkout");
    expect(handler).toHaveBeenCalledTimes(2);
    expect(await cache.lookup({ method: "GET", pathAndQuery: "/checkout", audience: "signed-in" })).toBeUndefined();
    await cache.handle(new Request("http://site.test/news"), { cspNonce: "O-nonce-of-this-request" }, "own");
    expect(await cache.lookup({ method: "GET", pathAndQuery: "/news", audience: "own" })).toBeUndefined();
    expect(await cache.lookup({ method: "GET", pathAndQuery: "/news", audience: "everyone" })).toBeUndefined();
  });
});

describe("PageCache.lookup", () => {
  it("answers a cached GET, and nothing for a personal request, other methods or unknown pages", async () => {
    const { cache, get } = setup();
    await get("/news?q=a", "AAA");
    const request = { method: "GET", pathAndQuery: "/news?q=a", audience: "everyone" as const };
    expect(await cache.lookup(request)).toMatchObject({ status: 200, body: "<script>render 1 of /news</script>" });
    expect(await cache.lookup({ ...request, audience: "own" })).toBeUndefined();
    expect(await cache.lookup({ ...request, method: "POST" })).toBeUndefined();
    expect(await cache.lookup({ ...request, pathAndQuery: "/news?q=b" })).toBeUndefined();
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
      const headers: HeadersInit = path.startsWith("/store")
        ? { [PAGE_CACHE_VALIDATE_HEADER]: "stock" }
        : path === "/odd"
          ? { [PAGE_CACHE_VALIDATE_HEADER]: "weather" }
          : {};
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
      const response = await cache.handle(new Request(`http://site.test${path}`), { cspNonce: "nonce-of-this-request" });
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
