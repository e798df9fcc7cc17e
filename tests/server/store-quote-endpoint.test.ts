import { describe, expect, it } from "vitest";
import type { CartQuote } from "../../app/features/shop/store/quote";
import { serverForTests } from "../support/server-fixture";

/** POST /api/cart/quote through the real server: routing, the shipping setting and the origin check. */
describe("POST /api/cart/quote on the running server", () => {
  const site = serverForTests({ env: { SHIPPING_FLAT_RATE_PENCE: "499", SHIPPING_FREE_ABOVE_PENCE: "5000" } });

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}/api/cart/quote`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", Origin: site.url, ...headers },
    });

  it("prices a cart with the configured shipping rule", async () => {
    const small = await post(JSON.stringify({ lines: [{ productId: 6, size: "One Size", quantity: 1 }] }));
    expect(small.status).toBe(200);
    expect(small.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(small.headers.get("Cache-Control")).toBe("private, no-store");
    const quote = (await small.json()) as CartQuote;
    expect([quote.subtotalPence, quote.shippingPence, quote.totalPence]).toEqual([599, 499, 1098]);

    const large = (await (await post(JSON.stringify({ lines: [{ productId: 5, size: "60cm x 40cm", quantity: 2 }] }))).json()) as CartQuote;
    expect([large.subtotalPence, large.shippingPence, large.totalPence]).toEqual([7000, 0, 7000]);
  });

  it("answers bad input with a 400, never a 500", async () => {
    for (const body of ["", "{", "[]", "null", '{"lines":[{"productId":1,"size":"One Size","quantity":0.5}]}', "x".repeat(10_000)]) {
      const response = await post(body);
      expect(response.status, body.slice(0, 40)).toBe(400);
      expect(await response.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
    }
    expect((await post(JSON.stringify({ lines: [], padding: "x".repeat(40_000) }))).status).toBe(413);
  });

  it("refuses other sites and other methods", async () => {
    const crossSite = await post(JSON.stringify({ lines: [{ productId: 1, size: "One Size", quantity: 1 }] }), {
      Origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
    const get = await fetch(`${site.url}/api/cart/quote`);
    expect(get.status).toBe(405);
  });
});
