import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { FREE_SHIPPING, MAX_CART_LINES, MAX_QUANTITY_PER_LINE } from "../../app/features/shop/store/pricing";
import type { CartQuote, CartQuoteError } from "../../app/features/shop/store/quote";
import { handleCartQuoteRequest, QUOTE_CLIENT_LIMIT, quoteCart } from "../../app/features/shop/store/quote.server";
import { seededTestDatabase } from "../support/test-database";
import { bodyOverLimit } from "../support/request-body";

const suite = seededTestDatabase();
const now = new Date("2026-06-01T12:00:00Z");
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  await suite.db.insert(schema.promoCodes).values([
    { code: "EXPIRED5", percentOff: 5, expiresAt: new Date(now.getTime() - day) },
    { code: "USEDUP5", percentOff: 5, maxUses: 1, usedCount: 1 },
    { code: "PAUSED5", percentOff: 5, active: false },
    { code: "NOTYET5", percentOff: 5, startsAt: new Date(now.getTime() + day) },
    { code: "BIGSPEND5", percentOff: 5, minSpendPence: 5000 },
  ]);
});

let clientCounter = 0;
/** Each request from a client of its own unless a test says otherwise, so the per-client limits do not touch other tests. */
const newClientIp = () => `198.51.100.${++clientCounter}`;

function post(body: unknown, init: { raw?: string; method?: string; clientIp?: string; at?: Date } = {}) {
  const request = new Request("http://localhost/api/cart/quote", {
    method: init.method ?? "POST",
    headers: { "Content-Type": "application/json" },
    body: init.method === "GET" ? undefined : (init.raw ?? JSON.stringify(body)),
  });
  return handleCartQuoteRequest(request, {
    db: suite.db,
    clientIp: init.clientIp ?? newClientIp(),
    shipping: FREE_SHIPPING,
    now: init.at ?? now,
  });
}

async function quoteOf(body: unknown): Promise<CartQuote> {
  const response = await post(body);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as CartQuote;
}

async function refusal(response: Response, status = 400): Promise<CartQuoteError> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as CartQuoteError;
  expect(body.error).toEqual(expect.any(String));
  return body;
}

describe("quoteCart", () => {
  it("prices lines from the database with a promo code and the shipping rule", async () => {
    const quote = await quoteCart(
      suite.db,
      {
        lines: [
          { productId: 1, size: "One Size", quantity: 2 },
          { productId: 5, size: "60cm x 40cm", quantity: 1 },
        ],
        promoCode: " ridgeway10 ",
      },
      { now, shipping: { flatRatePence: 395, freeAbovePence: 10_000 } },
    );
    expect(quote).toMatchObject({
      ok: true,
      itemCount: 3,
      subtotalPence: 8500,
      discountPence: 850,
      shippingPence: 395,
      totalPence: 8045,
      promo: { status: "applied", code: "RIDGEWAY10", percentOff: 10 },
    });
    expect(quote.lines[0]).toEqual({
      productId: 1,
      size: "One Size",
      quantity: 2,
      name: "Ridgeway Racing Team Cap - Red",
      slug: "team-cap-red",
      image: expect.stringMatching(/^\//),
      unitPricePence: 2500,
      lineTotalPence: 5000,
      availableStock: 40,
      problem: null,
      problemMessage: null,
    });
  });

  it("ships free above the threshold", async () => {
    const quote = await quoteCart(
      suite.db,
      { lines: [{ productId: 5, size: "60cm x 40cm", quantity: 3 }] },
      { now, shipping: { flatRatePence: 395, freeAbovePence: 10_000 } },
    );
    expect([quote.subtotalPence, quote.shippingPence, quote.totalPence]).toEqual([10_500, 0, 10_500]);
  });
});

describe("POST /api/cart/quote", () => {
  it("answers a quote, ignoring prices and totals the browser sends", async () => {
    const quote = await quoteOf({
      lines: [{ productId: 6, size: "One Size", quantity: 2, price: 1, unitPricePence: 1, lineTotalPence: 2 }],
      subtotalPence: 2,
      totalPence: 2,
      discountPence: 99_999,
    });
    expect(quote).toMatchObject({ ok: true, subtotalPence: 1198, discountPence: 0, totalPence: 1198, promo: { status: "none" } });
    expect(quote.lines[0]).toMatchObject({ unitPricePence: 599, lineTotalPence: 1198 });
  });

  it("accepts numbers sent as text and merges repeated lines", async () => {
    const quote = await quoteOf({
      lines: [
        { productId: "7", size: "Set of 2", quantity: "1" },
        { productId: 7, size: "Set of 2", quantity: 2 },
      ],
    });
    expect(quote.lines).toHaveLength(1);
    expect(quote.lines[0]).toMatchObject({ quantity: 3, lineTotalPence: 2697 });
  });

  it("says which lines cannot be bought as asked, leaving them out of the total", async () => {
    const quote = await quoteOf({
      lines: [
        { productId: 1, size: "One Size", quantity: 1 },
        { productId: 999, size: "One Size", quantity: 1 },
        { productId: 1, size: "XXL", quantity: 1 },
        { productId: 2, size: "One Size", quantity: 5 },
        { productId: 4, size: "One Size", quantity: 1 },
      ],
    });
    expect(quote.ok).toBe(false);
    expect(quote.subtotalPence).toBe(2500);
    expect(quote.lines.map((line) => [line.productId, line.problemMessage, line.availableStock])).toEqual([
      [1, null, 40],
      [999, "This item is not in our store.", 0],
      [1, "This size is not available.", 0],
      [2, "Only 3 left in this size.", 3],
      [4, "This size is sold out.", 0],
    ]);
    expect(quote.lines[1]).toMatchObject({ name: null, slug: null, image: null, unitPricePence: null });
  });

  it("says a product is no longer sold", async () => {
    await suite.db.update(schema.products).set({ active: false }).where(eq(schema.products.id, 3));
    try {
      const quote = await quoteOf({ lines: [{ productId: 3, size: "One Size", quantity: 1 }] });
      expect(quote.lines[0]).toMatchObject({ problemMessage: "This item is no longer sold.", availableStock: 0, lineTotalPence: 0 });
    } finally {
      await suite.db.update(schema.products).set({ active: true }).where(eq(schema.products.id, 3));
    }
  });

  // Unknown, paused and not yet started read as a guess does: nothing learnt of a code to use later (ADR 0098).
  it.each(["nope", "PAUSED5", "notyet5", "x".repeat(150)])("calls %s an invalid promo code", async (code) => {
    const quote = await quoteOf({ lines: [{ productId: 1, size: "One Size", quantity: 1 }], promoCode: code });
    expect(quote.promo).toEqual({ status: "invalid", code: code.toUpperCase(), message: "Invalid promo code" });
    expect([quote.discountPence, quote.totalPence]).toEqual([0, 2500]);
  });

  it.each([
    ["EXPIRED5", "This promo code has expired"],
    ["usedup5", "This promo code has been used up"],
    ["bigspend5", "This code needs a spend of at least £50.00"],
  ])("says why %s does not apply", async (code, message) => {
    const quote = await quoteOf({ lines: [{ productId: 1, size: "One Size", quantity: 1 }], promoCode: code });
    expect(quote.promo).toEqual({ status: "invalid", code: code.toUpperCase(), message });
    expect([quote.discountPence, quote.totalPence]).toEqual([0, 2500]);
  });

  it.each([
    ["TEAM15", 15, 375],
    ["racing20", 20, 500],
  ])("applies %s", async (code, percentOff, discount) => {
    const quote = await quoteOf({ lines: [{ productId: 1, size: "One Size", quantity: 1 }], promoCode: code });
    expect(quote.promo).toEqual({
      status: "applied",
      code: code.toUpperCase(),
      percentOff,
      amountOffPence: null,
      label: `${percentOff}% off`,
    });
    expect(quote.discountPence).toBe(discount);
  });

  it("judges a code only against a cart with something in it to sell", async () => {
    for (const lines of [[{ productId: 999, size: "One Size", quantity: 1 }], [{ productId: 4, size: "One Size", quantity: 1 }]]) {
      const quote = await quoteOf({ lines, promoCode: "RIDGEWAY10" });
      expect(quote.promo, JSON.stringify(lines)).toEqual({ status: "invalid", code: "RIDGEWAY10", message: "Invalid promo code" });
    }
  });

  it("stops looking codes up for a client after 10 that did not apply: a real code then gets the same answer as a guess", async () => {
    const clientIp = newClientIp();
    const cart = [{ productId: 1, size: "One Size", quantity: 1 }];
    const tryCode = async (promoCode: string, at = now) => {
      const response = await post({ lines: cart, promoCode }, { clientIp, at });
      expect(response.status).toBe(200);
      return ((await response.json()) as CartQuote).promo;
    };
    // A code that applies costs nothing: a shopper with one is never held up.
    for (let i = 0; i < 15; i += 1) expect((await tryCode("RIDGEWAY10")).status).toBe("applied");
    for (let i = 0; i < 10; i += 1) expect(await tryCode(`GUESS${i}`)).toMatchObject({ status: "invalid", message: "Invalid promo code" });
    const message = "Too many promo codes tried from your connection. Try again in 15 minutes.";
    expect(await tryCode("RIDGEWAY10")).toEqual({ status: "invalid", code: "RIDGEWAY10", message });
    expect(await tryCode("GUESS99")).toEqual({ status: "invalid", code: "GUESS99", message });
    // The cart is still priced, without the code; another client is not affected.
    const paused = (await (await post({ lines: cart, promoCode: "RIDGEWAY10" }, { clientIp })).json()) as CartQuote;
    expect([paused.subtotalPence, paused.discountPence]).toEqual([2500, 0]);
    expect((await quoteOf({ lines: cart, promoCode: "RIDGEWAY10" })).promo.status).toBe("applied");
    // The limit lifts with its window.
    expect((await tryCode("RIDGEWAY10", new Date(now.getTime() + 15 * 60_000))).status).toBe("applied");
  });

  it("counts a code that does not apply once, however often the cart is priced with it", async () => {
    const clientIp = newClientIp();
    const cart = [{ productId: 1, size: "One Size", quantity: 1 }];
    const tryCode = async (promoCode: string) =>
      ((await (await post({ lines: cart, promoCode }, { clientIp, at: now })).json()) as CartQuote).promo;
    // A shopper whose kept code no longer applies changes the cart twenty times: one code tried.
    for (let i = 0; i < 20; i += 1)
      expect(await tryCode("EXPIRED5")).toMatchObject({ status: "invalid", message: "This promo code has expired" });
    for (let i = 0; i < 8; i += 1) await tryCode(`GUESS${i}`);
    expect((await tryCode("RIDGEWAY10")).status).toBe("applied");
    // The tenth different code reaches the limit.
    await tryCode("GUESS8");
    expect(await tryCode("RIDGEWAY10")).toMatchObject({ status: "invalid", message: expect.stringMatching(/^Too many promo codes tried/) });
  });

  it("limits quotes per client: past the limit, 429 with Retry-After, and nothing priced", async () => {
    const clientIp = newClientIp();
    const windowStart = new Date(Math.floor(now.getTime() / QUOTE_CLIENT_LIMIT.windowMs) * QUOTE_CLIENT_LIMIT.windowMs);
    // As if the client had asked QUOTE_CLIENT_LIMIT times in this window already.
    await suite.db.insert(schema.rateLimitHits).values({ key: `cart-quote:${clientIp}`, windowStart, count: QUOTE_CLIENT_LIMIT.limit });
    const limited = await post({ lines: [{ productId: 1, size: "One Size", quantity: 1 }], promoCode: "RIDGEWAY10" }, { clientIp });
    const body = await refusal(limited, 429);
    expect(body.error).toMatch(/Too many requests/);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await post({ lines: [{ productId: 1, size: "One Size", quantity: 1 }] })).status).toBe(200);
  });

  it("treats an empty or null promo code as none", async () => {
    for (const promoCode of ["", "   ", null]) {
      const quote = await quoteOf({ lines: [{ productId: 1, size: "One Size", quantity: 1 }], promoCode });
      expect(quote.promo).toEqual({ status: "none" });
    }
  });

  it.each([
    ["not JSON", undefined, "{lines:", /must be JSON/],
    ["an empty body", undefined, "", /must be JSON/],
    ["a list", [], undefined, /must be an object/],
    ["null", null, undefined, /must be an object/],
    ["no lines", {}, undefined, /No items in cart/],
    ["empty lines", { lines: [] }, undefined, /No items in cart/],
    ["lines that are not a list", { lines: "1x cap" }, undefined, /No items in cart/],
    ["a line that is not an object", { lines: [42] }, undefined, /./],
    ["quantity 0", { lines: [{ productId: 1, size: "One Size", quantity: 0 }] }, undefined, /at least 1/],
    ["a negative quantity", { lines: [{ productId: 1, size: "One Size", quantity: -2 }] }, undefined, /at least 1/],
    ["a fractional quantity", { lines: [{ productId: 1, size: "One Size", quantity: 1.5 }] }, undefined, /whole number/],
    ["an absurd quantity", { lines: [{ productId: 1, size: "One Size", quantity: 1e12 }] }, undefined, /at most 20/],
    ["a quantity as words", { lines: [{ productId: 1, size: "One Size", quantity: "two" }] }, undefined, /whole number/],
    ["a missing size", { lines: [{ productId: 1, quantity: 1 }] }, undefined, /Choose a size/],
    ["an empty size", { lines: [{ productId: 1, size: "  ", quantity: 1 }] }, undefined, /Choose a size/],
    ["a negative product id", { lines: [{ productId: -1, size: "One Size", quantity: 1 }] }, undefined, /Choose a product/],
    ["a huge product id", { lines: [{ productId: 2 ** 40, size: "One Size", quantity: 1 }] }, undefined, /Choose a product/],
    ["a product id as an object", { lines: [{ productId: { $gt: 0 }, size: "One Size", quantity: 1 }] }, undefined, /Choose a product/],
    [
      "a promo code that is not text",
      { lines: [{ productId: 1, size: "One Size", quantity: 1 }], promoCode: 10 },
      undefined,
      /must be text/,
    ],
    [
      "the same line adding up past the limit",
      { lines: Array.from({ length: 3 }, () => ({ productId: 1, size: "One Size", quantity: 10 })) },
      undefined,
      new RegExp(`at most ${MAX_QUANTITY_PER_LINE}`),
    ],
    [
      "more lines than a cart holds",
      { lines: Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => ({ productId: i + 1, size: "One Size", quantity: 1 })) },
      undefined,
      new RegExp(`at most ${MAX_CART_LINES} different items`),
    ],
  ])("refuses %s with a 400 that says why", async (_label, body, raw, message) => {
    const refused = await refusal(await post(body, { raw }));
    expect(refused.error).toMatch(message);
  });

  it("refuses hundreds of lines without pricing them", async () => {
    const lines = Array.from({ length: 400 }, (_, i) => ({ productId: (i % 7) + 1, size: "One Size", quantity: 1 }));
    const refused = await refusal(await post({ lines }));
    expect(refused.error).toMatch(/at most 30 different items/);
  });

  it("refuses a body the server stopped reading at its limit with a 413", async () => {
    const request = new Request("http://localhost/api/cart/quote", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      ...bodyOverLimit('{"lines":['),
    });
    await refusal(await handleCartQuoteRequest(request, { db: suite.db, clientIp: newClientIp(), shipping: FREE_SHIPPING, now }), 413);
  });

  it("answers only POST", async () => {
    const response = await post(undefined, { method: "GET" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});
