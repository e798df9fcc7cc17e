import { describe, expect, it } from "vitest";
import { CART_COOKIE_NAME, parseCartCookieValue, serialiseCartCookie } from "../../app/features/shop/cart/cart-cookie";
import type { CartState } from "../../app/features/shop/cart/cart-state";
import { serverForTests } from "../support/server-fixture";

/** POST /cart without JavaScript (ADR 0016) through the real server, on PGlite or PostgreSQL. */
describe("the cookie cart on the running server", () => {
  // The page cache on, as in production: pages shown from a cookie cart must never come from it.
  const site = serverForTests({ env: { PAGE_CACHE_TTL_MS: "60000" } });

  const cookieFor = (cart: CartState) => `${CART_COOKIE_NAME}=${serialiseCartCookie(cart)}`;

  const post = (fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}/cart`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Origin: site.url, ...(cookie ? { Cookie: cookie } : {}), ...headers },
      redirect: "manual",
    });

  /** The cart a response stored, null when it cleared the cookie, undefined when it left it alone. */
  function storedCart(response: Response): CartState | null | undefined {
    const header = response.headers.getSetCookie().find((value) => value.startsWith(`${CART_COOKIE_NAME}=`));
    if (header === undefined) return undefined;
    expect(header).toContain("Path=/");
    expect(header).toContain("SameSite=Lax");
    if (header.includes("Max-Age=0")) return null;
    const read = parseCartCookieValue(header.slice(CART_COOKIE_NAME.length + 1).split(";")[0]!);
    if (read.kind !== "cart") throw new Error(`the server wrote an unreadable cart cookie: ${header}`);
    return read.cart;
  }

  it("adds a line, sends the shopper back to the store page with the confirmation (303) and keeps no price", async () => {
    const response = await post({ intent: "add", productId: "8", size: "M", quantity: "1", returnTo: "/store?category=apparel" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/store?category=apparel&added=8&addedSize=M#product-8");
    const cart = storedCart(response)!;
    expect(cart).toEqual({ lines: [{ id: 8, selectedSize: "M", quantity: 1 }], promoCode: null });

    const again = await post({ intent: "add", productId: "8", size: "M", price: "1", returnTo: "https://evil.example/" }, cookieFor(cart));
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe("/cart");
    expect(storedCart(again)).toEqual({ lines: [{ id: 8, selectedSize: "M", quantity: 2 }], promoCode: null });
  });

  it("changes, prices and clears the cart from the cart page's forms", async () => {
    let cookie = cookieFor({
      lines: [
        { id: 8, selectedSize: "M", quantity: 1 },
        { id: 8, selectedSize: "L", quantity: 1 },
      ],
      promoCode: null,
    });
    const step = async (fields: Record<string, string>) => {
      const response = await post(fields, cookie);
      expect(response.status, JSON.stringify(fields)).toBe(303);
      expect(response.headers.get("Location")).toBe("/cart");
      const cart = storedCart(response);
      cookie = cart ? cookieFor(cart) : "";
      return cart;
    };
    expect((await step({ intent: "increment", productId: "8", size: "M" }))!.lines[0]!.quantity).toBe(2);
    expect((await step({ intent: "apply_promo", promoCode: " ridgeway10 " }))!.promoCode).toBe("RIDGEWAY10");

    const page = await (await fetch(`${site.url}/cart`, { headers: { Cookie: cookie } })).text();
    // M × 2 + L × 1 at £24.00, less 10%.
    expect(page).toContain('data-testid="order-total">£64.80<');
    expect(page).toContain('data-testid="cart-badge"');

    expect((await step({ intent: "decrement", productId: "8", size: "M" }))!.lines[0]!.quantity).toBe(1);
    expect((await step({ intent: "set_quantity", productId: "8", size: "L", quantity: "3" }))!.lines[1]!.quantity).toBe(3);
    expect((await step({ intent: "remove_promo" }))!.promoCode).toBeNull();
    expect((await step({ intent: "remove", productId: "8", size: "M" }))!.lines).toEqual([{ id: 8, selectedSize: "L", quantity: 3 }]);
    expect(await step({ intent: "clear" })).toBeNull();
  });

  it.each([
    ["no intent", {}, 400],
    ["an unknown intent", { intent: "checkout" }, 400],
    ["an unknown product", { intent: "add", productId: "999", size: "One Size" }, 404],
    ["a product id that is not a number", { intent: "add", productId: "abc", size: "One Size" }, 400],
    ["no product", { intent: "add", size: "M" }, 400],
    ["an unknown size", { intent: "add", productId: "8", size: "XXXL" }, 400],
    ["no size", { intent: "add", productId: "8" }, 400],
    ["quantity 0", { intent: "add", productId: "8", size: "M", quantity: "0" }, 400],
    ["quantity -1", { intent: "add", productId: "8", size: "M", quantity: "-1" }, 400],
    ["quantity 1.5", { intent: "add", productId: "8", size: "M", quantity: "1.5" }, 400],
    ["a huge quantity", { intent: "add", productId: "8", size: "M", quantity: "99999999999999999999" }, 400],
    ["a quantity that is not a number", { intent: "add", productId: "8", size: "M", quantity: "two" }, 400],
    ["a sold-out product", { intent: "add", productId: "4", size: "One Size" }, 409],
    ["more than the stock left", { intent: "add", productId: "8", size: "XXL", quantity: "4" }, 409],
    ["a line that is not in the cart", { intent: "increment", productId: "8", size: "S" }, 404],
    ["a promo code for an empty cart", { intent: "apply_promo", promoCode: "RIDGEWAY10" }, 409],
  ])("refuses %s without changing the cart", async (_label, fields, status) => {
    const response = await post(fields as Record<string, string>);
    expect(response.status).toBe(status);
    expect(storedCart(response)).toBeUndefined();
    const page = await response.text();
    expect(page).toContain("Your cart was not changed");
  });

  it("refuses an unknown or empty promo code by the promo box, keeping the cart", async () => {
    const cookie = cookieFor({ lines: [{ id: 6, selectedSize: "One Size", quantity: 1 }], promoCode: null });
    for (const promoCode of ["NOPE", " ", "x".repeat(40)]) {
      const response = await post({ intent: "apply_promo", promoCode }, cookie);
      expect(response.status, promoCode).toBe(400);
      expect(storedCart(response)).toBeUndefined();
      const page = await response.text();
      expect(page).toMatch(/id="[^"]+-promo-error" role="alert"[^>]*>Invalid promo code</);
      expect(page).not.toContain("Your cart was not changed");
    }
  });

  it("refuses a line over 20, a 31st line and a quantity out of range on a line", async () => {
    const full = await post(
      { intent: "add", productId: "8", size: "M" },
      cookieFor({ lines: [{ id: 8, selectedSize: "M", quantity: 20 }], promoCode: null }),
    );
    expect(full.status).toBe(409);
    const thirty = cookieFor({
      lines: Array.from({ length: 30 }, (_, index) => ({ id: 1000 + index, selectedSize: "One Size", quantity: 1 })),
      promoCode: null,
    });
    expect((await post({ intent: "add", productId: "6", size: "One Size" }, thirty)).status).toBe(409);
    const one = cookieFor({ lines: [{ id: 6, selectedSize: "One Size", quantity: 1 }], promoCode: null });
    for (const quantity of ["-1", "1.5", "21", "x", ""]) {
      expect((await post({ intent: "set_quantity", productId: "6", size: "One Size", quantity }, one)).status, quantity).toBe(400);
    }
    expect((await post({ intent: "set_quantity", productId: "6", size: "One Size", quantity: "121" }, one)).status).toBe(400);
  });

  it("ignores and clears a malformed cart cookie: pages render, a post starts a new cart", async () => {
    for (const value of ["%7Bbroken", "x".repeat(5000), encodeURIComponent('{"v":1,"l":[[8,"M",1.5]]}'), "%E0%A4%A"]) {
      const cookie = `${CART_COOKIE_NAME}=${value}`;
      for (const path of ["/", "/store", "/cart", "/checkout"]) {
        const response = await fetch(`${site.url}${path}`, { headers: { Cookie: cookie } });
        expect(response.status, `${path} ${value.slice(0, 20)}`).toBe(200);
        expect(storedCart(response), path).toBeNull();
      }
      const add = await post({ intent: "add", productId: "6", size: "One Size" }, cookie);
      expect(add.status).toBe(303);
      expect(storedCart(add)).toEqual({ lines: [{ id: 6, selectedSize: "One Size", quantity: 1 }], promoCode: null });
      const refused = await post({ intent: "add", productId: "999", size: "One Size" }, cookie);
      expect(refused.status).toBe(404);
      expect(storedCart(refused)).toBeNull();
    }
  });

  it("answers a body that is not a form, and another site's post, with a 4xx", async () => {
    const json = await fetch(`${site.url}/cart`, {
      method: "POST",
      body: JSON.stringify({ intent: "add", productId: 8, size: "M" }),
      headers: { Origin: site.url, "Content-Type": "application/json" },
    });
    expect(json.status).toBe(400);
    const crossSite = await post({ intent: "add", productId: "8", size: "M" }, undefined, { Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(storedCart(crossSite)).toBeUndefined();
  });

  it("never serves a page rendered for a cookie cart from the page cache, nor a cached page to a cookie cart", async () => {
    for (const path of ["/store", "/cart", "/checkout"]) {
      const anonymous = await (await fetch(`${site.url}${path}`)).text();
      expect(anonymous, path).not.toContain('data-testid="cart-badge"');
      const cookie = cookieFor({ lines: [{ id: 6, selectedSize: "One Size", quantity: 3 }], promoCode: null });
      const withCart = await (await fetch(`${site.url}${path}`, { headers: { Cookie: cookie } })).text();
      expect(withCart, path).toMatch(/data-testid="cart-badge"[^>]*>3</);
      const anonymousAgain = await (await fetch(`${site.url}${path}`)).text();
      expect(anonymousAgain, path).not.toContain('data-testid="cart-badge"');
    }
    const checkout = await (
      await fetch(`${site.url}/checkout`, {
        headers: { Cookie: cookieFor({ lines: [{ id: 6, selectedSize: "One Size", quantity: 3 }], promoCode: null }) },
      })
    ).text();
    expect(checkout).toContain('name="productId" value="6"');
    expect(checkout).toContain('data-testid="checkout-total">£17.97<');
  });
});
