import { describe, expect, it } from "vitest";
import { CART_COOKIE_NAME } from "../app/features/shop/cart/cart-cookie";
import { cacheControlFor, hasCartCookie, isPersonalRequest, PERSONAL, PUBLIC_DEFAULT, sessionCookieValue } from "./cache-policy";

describe("isPersonalRequest", () => {
  it.each([
    ["ridgeway.session_token=abc", true],
    ["__Secure-ridgeway.session_token=abc", true],
    ["consent=yes; ridgeway.two_factor=x", true],
    [`${CART_COOKIE_NAME}=v1`, true],
    ["consent=yes; _ga=GA1.2.3", false],
    ["not-ridgeway.session_token=1", false],
    ["", false],
    [undefined, false],
  ])("%j -> %s", (cookie, personal) => {
    expect(isPersonalRequest(cookie)).toBe(personal);
  });
});

describe("sessionCookieValue and hasCartCookie", () => {
  it.each([
    ["ridgeway.session_token=abc.d%3D", "abc.d%3D"],
    ["consent=yes; __Secure-ridgeway.session_token=xyz", "xyz"],
    ["ridgeway.session_token=", null],
    ["ridgeway.two_factor=x", null],
    ["not-ridgeway.session_token=1", null],
    [undefined, null],
  ])("%j -> %j", (cookie, value) => {
    expect(sessionCookieValue(cookie)).toBe(value);
  });

  it("finds the no-JavaScript cart by its exact name", () => {
    expect(hasCartCookie(`a=1; ${CART_COOKIE_NAME}=v1`)).toBe(true);
    expect(hasCartCookie(`x${CART_COOKIE_NAME}=v1`)).toBe(false);
  });
});

describe("cacheControlFor", () => {
  it("keeps a personal page out of every shared cache, whatever the route said", () => {
    expect(cacheControlFor({ personal: true }, { cacheControl: "public, max-age=300", setsCookie: false })).toBe(PERSONAL);
    expect(cacheControlFor({ personal: false }, { cacheControl: null, setsCookie: true })).toBe(PERSONAL);
    // A route's no-store (an order confirmation reached by its link) is personal too.
    expect(cacheControlFor({ personal: false }, { cacheControl: "no-store", setsCookie: false })).toBe(PERSONAL);
  });
  it("keeps a public route's own policy, or says the default", () => {
    expect(cacheControlFor({ personal: false }, { cacheControl: "public, max-age=3600", setsCookie: false })).toBe("public, max-age=3600");
    expect(cacheControlFor({ personal: false }, { cacheControl: null, setsCookie: false })).toBe(PUBLIC_DEFAULT);
  });
});
