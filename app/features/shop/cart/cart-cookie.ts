/**
 * The cart kept in a cookie for shoppers without JavaScript (ADR 0016): the
 * same lines as the browser cart (product id, size, quantity) and the promo
 * code, never a price. The server writes it from the cart forms' posts and
 * renders /cart and /checkout from it; when JavaScript runs, the browser cart
 * takes its lines once and the cookie is cleared.
 *
 * Read and written by hand (no Zod): the browser reads it too, on every page.
 */
import { brand } from "~/brand";
import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE } from "~/features/shop/store/limits";
import { cleanPromoCode } from "./cart-storage";
import { cartReducer, type CartLine, type CartState } from "./cart-state";

export const CART_COOKIE_NAME = `${brand.cartStorageKey}-nojs`;

/** How long a cookie cart is kept without a change (the browser cart has no end; a cookie needs one). */
export const CART_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Longer values are refused unread: 30 real lines take well under 1.5 kB. */
export const MAX_CART_COOKIE_LENGTH = 3800;

const FORMAT_VERSION = 1;
const MAX_SIZE_LENGTH = 60;
const MAX_PRODUCT_ID = 2_147_483_647;

export type CookieCartRead =
  /** No cart cookie was sent. */
  | { kind: "none" }
  | { kind: "cart"; cart: CartState }
  /** A cart cookie that is not one this site wrote (tampered, truncated, an old format): ignore and clear it. */
  | { kind: "invalid" };

/** The value stored: `{"v":1,"l":[[productId,size,quantity],...],"p":"CODE"?}`, URI-encoded. */
export function serialiseCartCookie(cart: CartState): string {
  const lines = cart.lines.slice(0, MAX_CART_LINES).map((line) => [line.id, line.selectedSize, line.quantity]);
  const value: { v: number; l: unknown[]; p?: string } = { v: FORMAT_VERSION, l: lines };
  if (cart.promoCode) value.p = cart.promoCode;
  return encodeURIComponent(JSON.stringify(value));
}

const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

/**
 * Reads a cookie value strictly: anything the server would not have written
 * (a bad shape, a quantity outside 1 to 20, a repeated line, more than 30
 * lines, an over-long size or code) makes the whole value invalid.
 */
export function parseCartCookieValue(value: string): CookieCartRead {
  if (value.length === 0 || value.length > MAX_CART_COOKIE_LENGTH) return { kind: "invalid" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(value));
  } catch {
    return { kind: "invalid" };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { kind: "invalid" };
  const { v, l, p } = parsed as { v?: unknown; l?: unknown; p?: unknown };
  if (v !== FORMAT_VERSION || !Array.isArray(l) || l.length === 0 || l.length > MAX_CART_LINES) return { kind: "invalid" };
  let promoCode: string | null = null;
  if (p !== undefined) {
    promoCode = cleanPromoCode(p);
    if (promoCode === null || promoCode !== p) return { kind: "invalid" };
  }
  const lines: CartLine[] = [];
  for (const entry of l) {
    if (!Array.isArray(entry) || entry.length !== 3) return { kind: "invalid" };
    const [id, size, quantity] = entry as unknown[];
    if (!isWhole(id, 1, MAX_PRODUCT_ID) || !isWhole(quantity, 1, MAX_QUANTITY_PER_LINE)) return { kind: "invalid" };
    if (typeof size !== "string" || size.length === 0 || size.length > MAX_SIZE_LENGTH || size.trim() !== size) return { kind: "invalid" };
    if (lines.some((line) => line.id === id && line.selectedSize === size)) return { kind: "invalid" };
    lines.push({ id, selectedSize: size, quantity });
  }
  return { kind: "cart", cart: { lines, promoCode } };
}

/**
 * Finds the cart cookie in a `Cookie` request header or in `document.cookie`
 * (both are `name=value; name=value`).
 */
export function readCartCookie(cookies: string | null | undefined): CookieCartRead {
  if (!cookies) return { kind: "none" };
  for (const part of cookies.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== CART_COOKIE_NAME) continue;
    return parseCartCookieValue(part.slice(separator + 1).trim());
  }
  return { kind: "none" };
}

/**
 * The `Set-Cookie` value that stores `cart`, or clears the cookie when `cart`
 * is null or has no lines. Not HttpOnly: the browser clears it once it has
 * taken the lines into its own cart.
 */
export function cartCookieHeader(cart: CartState | null, options: { secure: boolean }): string {
  const attributes = ["Path=/", "SameSite=Lax", ...(options.secure ? ["Secure"] : [])];
  if (!cart || cart.lines.length === 0) return [`${CART_COOKIE_NAME}=`, "Max-Age=0", ...attributes].join("; ");
  return [`${CART_COOKIE_NAME}=${serialiseCartCookie(cart)}`, `Max-Age=${CART_COOKIE_MAX_AGE_SECONDS}`, ...attributes].join("; ");
}

/**
 * Adds a cookie cart to the browser cart, as if each cookie line had been
 * added there: the same product and size add up (at most 20), new lines follow
 * (at most 30 lines in all). The browser's promo code wins; without one the
 * cookie's is kept.
 */
export function mergeCookieCart(browser: CartState, cookie: CartState): CartState {
  let merged = browser;
  for (const line of cookie.lines) {
    merged = cartReducer(merged, { type: "add", productId: line.id, size: line.selectedSize, quantity: line.quantity });
  }
  if (merged.promoCode === null && cookie.promoCode !== null && merged.lines.length > 0) {
    merged = cartReducer(merged, { type: "set_promo", code: cookie.promoCode });
  }
  return merged;
}
