/**
 * The cart forms posted without JavaScript (POST /cart): each changes the
 * cookie cart (cart-cookie.ts) after checking it against the catalogue, with
 * the store's own input rules and limits (features/store/pricing.ts). No
 * price is ever read from the form or kept in the cookie.
 */
import type { Database } from "../../../../db/client.server";
import { z } from "~/lib/zod";
import {
  cartLineInputSchema,
  describeLineProblem,
  MAX_CART_LINES,
  MAX_QUANTITY_PER_LINE,
  productIdSchema,
  type ShippingRule,
} from "~/features/shop/store/pricing";
import { quoteCart, quoteCartForClient } from "~/features/shop/store/quote.server";
import { INVALID_PROMO_MESSAGE } from "~/features/shop/store/quote";
import { cartCookieHeader, readCartCookie } from "./cart-cookie";
import { CART_ACTION_PATH, CART_FIELDS, CART_INTENTS, pathAfterAdding, type CartIntent, type CookieCartView } from "./cart-form";
import { cleanPromoCode } from "./cart-storage";
import { cartReducer, EMPTY_CART, type CartAction, type CartState } from "./cart-state";

export interface CartFormContext {
  db: Database;
  shipping: ShippingRule;
  shippingMethod?: string;
  holdSharePercent?: number | null;
  /** Whether the site is served over HTTPS (the cookie is then Secure). */
  secure: boolean;
  /** The visitor's address, for the limit on promo codes tried (promo-attempts.server.ts). */
  clientIp: string;
  now?: Date;
}

export type CartFormOutcome =
  /** The cart changed: store it (`setCookie`) and send the shopper to `location` (303). */
  | { kind: "changed"; setCookie: string; location: string }
  /** Nothing changed: say why. `setCookie` clears a cookie that could not be read. */
  | { kind: "refused"; status: 400 | 404 | 409; message: string; setCookie: string | null };

const lineKeySchema = z.object({ productId: productIdSchema, size: cartLineInputSchema.shape.size });
const quantityOrZeroSchema = z.preprocess(
  (value) => (typeof value === "string" && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
  z
    .number({ message: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .min(0, "Quantity must be at least 0")
    .max(MAX_QUANTITY_PER_LINE, `Quantity can be at most ${MAX_QUANTITY_PER_LINE}`),
);

const text = (form: FormData, name: string): string | undefined => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? "The cart form could not be read";

function findLine(cart: CartState, productId: number, size: string) {
  return cart.lines.find((line) => line.id === productId && line.selectedSize === size);
}

/**
 * Reads the cart cookie of a request and prices it. Null when there is no
 * usable cookie cart; `setCookie` clears a cookie that could not be read.
 */
export async function loadCookieCart(
  cookieHeader: string | null,
  context: CartFormContext,
): Promise<{ view: CookieCartView | null; setCookie: string | null }> {
  const read = readCartCookie(cookieHeader);
  if (read.kind === "invalid") return { view: null, setCookie: cartCookieHeader(null, context) };
  if (read.kind === "none") return { view: null, setCookie: null };
  const lines = read.cart.lines.map((line) => ({ productId: line.id, size: line.selectedSize, quantity: line.quantity }));
  // The cookie is the visitor's to write: its code counts against the promo limit like one typed in.
  const quote = await quoteCartForClient(
    context.db,
    { lines, promoCode: read.cart.promoCode },
    {
      now: context.now ?? new Date(),
      clientIp: context.clientIp,
      shipping: context.shipping,
      shippingMethod: context.shippingMethod,
      holdSharePercent: context.holdSharePercent,
    },
  );
  return { view: { lines, promoCode: read.cart.promoCode, quote }, setCookie: null };
}

/**
 * Whether `quantity` of a product in a size can be in the cart: the product is
 * sold, the size exists and enough is in stock. Returns the refusal, or null.
 */
async function refuseUnsellable(
  context: CartFormContext,
  productId: number,
  size: string,
  quantity: number,
): Promise<{ status: 404 | 400 | 409; message: string } | null> {
  const quote = await quoteCart(
    context.db,
    { lines: [{ productId, size, quantity }] },
    {
      now: context.now ?? new Date(),
      shipping: context.shipping,
      shippingMethod: context.shippingMethod,
      holdSharePercent: context.holdSharePercent,
    },
  );
  const problem = quote.lines[0]?.problem ?? null;
  if (!problem) return null;
  const message = describeLineProblem(problem);
  switch (problem.kind) {
    case "unknown_product":
      return { status: 404, message };
    case "unknown_size":
      return { status: 400, message };
    case "not_sold":
    case "insufficient_stock":
    case "hold_limit":
      return { status: 409, message };
  }
}

/** Handles one cart form post against the request's cookie cart. */
export async function applyCartForm(form: FormData, cookieHeader: string | null, context: CartFormContext): Promise<CartFormOutcome> {
  const read = readCartCookie(cookieHeader);
  const cart = read.kind === "cart" ? read.cart : EMPTY_CART;
  const clearBadCookie = read.kind === "invalid" ? cartCookieHeader(null, context) : null;
  const refuse = (status: 400 | 404 | 409, message: string): CartFormOutcome => ({
    kind: "refused",
    status,
    message,
    setCookie: clearBadCookie,
  });
  const changed = (next: CartState, location = CART_ACTION_PATH): CartFormOutcome => ({
    kind: "changed",
    setCookie: cartCookieHeader(next, context),
    location,
  });

  const intent = text(form, CART_FIELDS.intent) as CartIntent | undefined;
  if (!intent || !CART_INTENTS.includes(intent)) return refuse(400, "Choose what to do with your cart");

  if (intent === "clear") return changed(EMPTY_CART);
  if (intent === "remove_promo") return changed(cartReducer(cart, { type: "set_promo", code: null }));
  if (intent === "apply_promo") {
    const code = cleanPromoCode(text(form, CART_FIELDS.promoCode) ?? "");
    if (!code) return refuse(400, INVALID_PROMO_MESSAGE);
    if (cart.lines.length === 0) return refuse(409, "Your cart is empty: add an item before entering a promo code");
    const quote = await quoteCartForClient(
      context.db,
      { lines: cart.lines.map((line) => ({ productId: line.id, size: line.selectedSize, quantity: line.quantity })), promoCode: code },
      {
        now: context.now ?? new Date(),
        clientIp: context.clientIp,
        shipping: context.shipping,
        shippingMethod: context.shippingMethod,
        holdSharePercent: context.holdSharePercent,
      },
    );
    if (quote.promo.status !== "applied")
      return refuse(400, quote.promo.status === "invalid" ? quote.promo.message : INVALID_PROMO_MESSAGE);
    return changed(cartReducer(cart, { type: "set_promo", code }));
  }

  if (intent === "add") {
    const parsed = cartLineInputSchema.safeParse({
      productId: text(form, CART_FIELDS.productId),
      size: text(form, CART_FIELDS.size),
      quantity: text(form, CART_FIELDS.quantity) ?? "1",
    });
    if (!parsed.success) return refuse(400, firstIssue(parsed.error));
    const { productId, size, quantity } = parsed.data;
    const existing = findLine(cart, productId, size);
    if (!existing && cart.lines.length >= MAX_CART_LINES) return refuse(409, `A cart can hold at most ${MAX_CART_LINES} different items`);
    const wanted = (existing?.quantity ?? 0) + quantity;
    if (wanted > MAX_QUANTITY_PER_LINE) return refuse(409, `You can buy at most ${MAX_QUANTITY_PER_LINE} of one item in one size`);
    const refusal = await refuseUnsellable(context, productId, size, wanted);
    if (refusal) return refuse(refusal.status, refusal.message);
    return changed(
      cartReducer(cart, { type: "add", productId, size, quantity }),
      pathAfterAdding(text(form, CART_FIELDS.returnTo), productId, size),
    );
  }

  // The rest change a line that is already in the cart.
  const key = lineKeySchema.safeParse({ productId: text(form, CART_FIELDS.productId), size: text(form, CART_FIELDS.size) });
  if (!key.success) return refuse(400, firstIssue(key.error));
  const { productId, size } = key.data;
  const line = findLine(cart, productId, size);
  if (!line) return refuse(404, "That item is not in your cart");

  let action: CartAction;
  let newQuantity: number;
  switch (intent) {
    case "increment":
      newQuantity = line.quantity + 1;
      if (newQuantity > MAX_QUANTITY_PER_LINE) return refuse(409, `You can buy at most ${MAX_QUANTITY_PER_LINE} of one item in one size`);
      action = { type: "increment", productId, size };
      break;
    case "decrement":
      newQuantity = line.quantity - 1;
      action = { type: "decrement", productId, size };
      break;
    case "remove":
      newQuantity = 0;
      action = { type: "remove", productId, size };
      break;
    case "set_quantity": {
      const quantity = quantityOrZeroSchema.safeParse(text(form, CART_FIELDS.quantity));
      if (!quantity.success) return refuse(400, firstIssue(quantity.error));
      newQuantity = quantity.data;
      action = { type: "set_quantity", productId, size, quantity: newQuantity };
      break;
    }
  }
  if (newQuantity > line.quantity) {
    const refusal = await refuseUnsellable(context, productId, size, newQuantity);
    if (refusal) return refuse(refusal.status, refusal.message);
  }
  return changed(cartReducer(cart, action));
}

/** The cart form context from the request context. */
export function cartFormContext(context: {
  db: Database;
  clientIp: string;
  shipping: ShippingRule;
  publicUrl: string;
  shop?: { shippingMethodName: string };
  holdPolicy?: { holdSharePercent: number | null };
}): CartFormContext {
  return {
    db: context.db,
    shipping: context.shipping,
    shippingMethod: context.shop?.shippingMethodName,
    holdSharePercent: context.holdPolicy?.holdSharePercent ?? null,
    secure: context.publicUrl.startsWith("https:"),
    clientIp: context.clientIp,
  };
}
