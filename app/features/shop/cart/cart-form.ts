/**
 * The cart's forms: add to cart on the store pages, and +, -, remove, clear and
 * the promo code on the cart page. With JavaScript the page handles each form
 * in the browser cart; without it the form posts to /cart, which keeps the
 * cart in a cookie (ADR 0016). Names shared by both sides; no Zod here.
 */
import type { CartQuote } from "~/features/shop/store/quote";
import { pathOnThisSite } from "~/lib/site-path";

export const CART_ACTION_PATH = "/cart";

/** A cart read from the request's cookie and priced by the server, as the cart and checkout pages show it. */
export interface CookieCartView {
  lines: { productId: number; size: string; quantity: number }[];
  promoCode: string | null;
  quote: CartQuote;
}

export const CART_INTENTS = ["add", "increment", "decrement", "set_quantity", "remove", "clear", "apply_promo", "remove_promo"] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

export const CART_FIELDS = {
  intent: "intent",
  productId: "productId",
  size: "size",
  quantity: "quantity",
  promoCode: "promoCode",
  /** Where to go back to after adding (a store page), with the confirmation. */
  returnTo: "returnTo",
} as const;

/** The query parameters that carry "Added to cart" back to the store page. */
export const ADDED_PARAMS = { productId: "added", size: "addedSize" } as const;

/** The anchor of a product on the store page, so the shopper lands back beside it. */
export const productAnchor = (productId: number) => `product-${productId}`;

/** The product and size just added without JavaScript, read from the page's URL. */
export function readAddedNotice(search: URLSearchParams | string): { productId: number; size: string } | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const id = params.get(ADDED_PARAMS.productId) ?? "";
  const size = params.get(ADDED_PARAMS.size)?.trim() ?? "";
  if (!/^\d{1,10}$/.test(id) || !size || size.length > 60) return null;
  return { productId: Number(id), size };
}

/** The store pages a successful add may return to; anything else goes to the cart. */
const RETURN_PATH = /^\/store(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/;
const KEPT_STORE_PARAMS = ["q", "category", "sort"];

/**
 * Where the shopper goes after adding without JavaScript: back to the store
 * page they were on (its search, filter and sort kept) with the confirmation,
 * at the product they added; the cart when `returnTo` is missing or not a
 * store page of this site.
 */
export function pathAfterAdding(returnTo: string | null | undefined, productId: number, size: string): string {
  const path = pathOnThisSite(returnTo);
  if (!path) return CART_ACTION_PATH;
  const url = new URL(path, "http://store.invalid");
  if (!RETURN_PATH.test(url.pathname) || url.pathname.length > 120) return CART_ACTION_PATH;
  const params = new URLSearchParams();
  for (const name of KEPT_STORE_PARAMS) {
    const value = url.searchParams.get(name);
    if (value) params.set(name, value.slice(0, 100));
  }
  params.set(ADDED_PARAMS.productId, String(productId));
  params.set(ADDED_PARAMS.size, size);
  return `${url.pathname}?${params.toString()}#${productAnchor(productId)}`;
}
