import { describe, expect, it } from "vitest";
import {
  CART_COOKIE_NAME,
  cartCookieHeader,
  mergeCookieCart,
  parseCartCookieValue,
  readCartCookie,
  serialiseCartCookie,
} from "./cart-cookie";
import { EMPTY_CART, type CartState } from "./cart-state";

const cart: CartState = {
  lines: [
    { id: 8, selectedSize: "M", quantity: 2 },
    { id: 8, selectedSize: "L", quantity: 1 },
    { id: 5, selectedSize: "60cm x 40cm", quantity: 1 },
  ],
  promoCode: "RIDGEWAY10",
};

const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe("serialiseCartCookie / parseCartCookieValue", () => {
  it("round-trips lines and the promo code, and writes only cookie-safe characters", () => {
    const value = serialiseCartCookie(cart);
    expect(value).toMatch(/^[A-Za-z0-9%\-_.!~*'()]+$/);
    expect(parseCartCookieValue(value)).toEqual({ kind: "cart", cart });
  });

  it("keeps no promo code when there is none", () => {
    const value = serialiseCartCookie({ ...cart, promoCode: null });
    expect(decodeURIComponent(value)).not.toContain('"p"');
    expect(parseCartCookieValue(value)).toEqual({ kind: "cart", cart: { ...cart, promoCode: null } });
  });

  it("fits 30 lines well inside a browser's cookie limit", () => {
    const full: CartState = {
      lines: Array.from({ length: 30 }, (_, index) => ({ id: 1000 + index, selectedSize: "One Size", quantity: 20 })),
      promoCode: "RIDGEWAY10",
    };
    const value = serialiseCartCookie(full);
    expect(value.length).toBeLessThan(2000);
    expect(parseCartCookieValue(value)).toEqual({ kind: "cart", cart: full });
  });

  it.each([
    ["empty", ""],
    ["not URI-encoded JSON", "%E0%A4%A"],
    ["not JSON", "hello"],
    ["a list", encode([[8, "M", 1]])],
    ["another format version", encode({ v: 2, l: [[8, "M", 1]] })],
    ["no lines", encode({ v: 1, l: [] })],
    ["31 lines", encode({ v: 1, l: Array.from({ length: 31 }, (_, index) => [index + 1, "One Size", 1]) })],
    ["quantity 0", encode({ v: 1, l: [[8, "M", 0]] })],
    ["quantity -1", encode({ v: 1, l: [[8, "M", -1]] })],
    ["quantity 1.5", encode({ v: 1, l: [[8, "M", 1.5]] })],
    ["quantity 21", encode({ v: 1, l: [[8, "M", 21]] })],
    ["quantity as text", encode({ v: 1, l: [[8, "M", "2"]] })],
    ["product id 0", encode({ v: 1, l: [[0, "M", 1]] })],
    ["product id too large", encode({ v: 1, l: [[2_147_483_648, "M", 1]] })],
    ["no size", encode({ v: 1, l: [[8, "", 1]] })],
    ["a padded size", encode({ v: 1, l: [[8, " M", 1]] })],
    ["a size of 61 characters", encode({ v: 1, l: [[8, "x".repeat(61), 1]] })],
    ["a line with a price", encode({ v: 1, l: [[8, "M", 1, 1]] })],
    [
      "a repeated line",
      encode({
        v: 1,
        l: [
          [8, "M", 1],
          [8, "M", 2],
        ],
      }),
    ],
    ["a lower-case promo code", encode({ v: 1, l: [[8, "M", 1]], p: "ridgeway10" })],
    ["a promo code that is not text", encode({ v: 1, l: [[8, "M", 1]], p: 10 })],
    ["an over-long value", encode({ v: 1, l: [[8, "M", 1]], x: "y".repeat(4000) })],
  ])("refuses %s", (_label, value) => {
    expect(parseCartCookieValue(value)).toEqual({ kind: "invalid" });
  });
});

describe("readCartCookie", () => {
  it("finds the cart among other cookies", () => {
    const header = `theme=dark; ${CART_COOKIE_NAME}=${serialiseCartCookie(cart)}; other=1`;
    expect(readCartCookie(header)).toEqual({ kind: "cart", cart });
  });

  it("says when there is no cart cookie", () => {
    expect(readCartCookie(null)).toEqual({ kind: "none" });
    expect(readCartCookie("")).toEqual({ kind: "none" });
    expect(readCartCookie(`${CART_COOKIE_NAME}x=1; theme=dark`)).toEqual({ kind: "none" });
  });

  it("reports a tampered cart cookie as invalid", () => {
    expect(readCartCookie(`${CART_COOKIE_NAME}=%7Bbroken`)).toEqual({ kind: "invalid" });
  });
});

describe("cartCookieHeader", () => {
  it("stores a cart for 30 days, Lax, on the whole site, Secure over HTTPS", () => {
    const header = cartCookieHeader(cart, { secure: true });
    expect(header.startsWith(`${CART_COOKIE_NAME}=${serialiseCartCookie(cart)}; `)).toBe(true);
    expect(header).toContain("Max-Age=2592000");
    expect(header).toContain("Path=/");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Secure");
    expect(header).not.toContain("HttpOnly");
    expect(cartCookieHeader(cart, { secure: false })).not.toContain("Secure");
  });

  it("clears the cookie for no cart or an empty one", () => {
    expect(cartCookieHeader(null, { secure: false })).toBe(`${CART_COOKIE_NAME}=; Max-Age=0; Path=/; SameSite=Lax`);
    expect(cartCookieHeader(EMPTY_CART, { secure: false })).toContain("Max-Age=0");
  });
});

describe("mergeCookieCart", () => {
  it("adds the cookie's lines to the browser cart: same lines add up, new ones follow", () => {
    const browser: CartState = { lines: [{ id: 8, selectedSize: "M", quantity: 1, seenPricePence: 2400 }], promoCode: null };
    expect(mergeCookieCart(browser, cart)).toEqual({
      lines: [
        { id: 8, selectedSize: "M", quantity: 3, seenPricePence: 2400 },
        { id: 8, selectedSize: "L", quantity: 1 },
        { id: 5, selectedSize: "60cm x 40cm", quantity: 1 },
      ],
      promoCode: "RIDGEWAY10",
    });
  });

  it("keeps the browser's promo code over the cookie's", () => {
    expect(mergeCookieCart({ lines: [], promoCode: "SUMMER" }, cart).promoCode).toBe("SUMMER");
  });

  it("caps a line at 20 and the cart at 30 lines", () => {
    const browser: CartState = {
      lines: Array.from({ length: 29 }, (_, index) => ({ id: 100 + index, selectedSize: "One Size", quantity: 1 })).concat({
        id: 8,
        selectedSize: "M",
        quantity: 19,
      }),
      promoCode: null,
    };
    const merged = mergeCookieCart(browser, cart);
    expect(merged.lines).toHaveLength(30);
    expect(merged.lines.find((line) => line.id === 8 && line.selectedSize === "M")?.quantity).toBe(20);
    expect(merged.lines.some((line) => line.selectedSize === "L")).toBe(false);
  });

  it("leaves a full line as it is", () => {
    const browser: CartState = { lines: [{ id: 8, selectedSize: "M", quantity: 20 }], promoCode: "RIDGEWAY10" };
    expect(mergeCookieCart(browser, { lines: [{ id: 8, selectedSize: "M", quantity: 20 }], promoCode: null })).toEqual(browser);
  });
});
