/**
 * The cart quote as the browser receives it from POST /api/cart/quote: every
 * price, total and problem worked out by the server (see quote.server.ts).
 * No Zod here: the cart and checkout pages import these types and helpers.
 */
import { formatPence } from "~/lib/money";
import type { LineProblem, PromoRefusal } from "./pricing";

export const INVALID_PROMO_MESSAGE = "Invalid promo code";

/** What the promo box says about a refused code (ADR 0098, addendum). */
export function promoRefusalMessage(refusal: PromoRefusal | undefined, minSpendPence?: number): string {
  switch (refusal) {
    case "below_minimum":
      return minSpendPence ? `This code needs a spend of at least ${formatPence(minSpendPence)}` : INVALID_PROMO_MESSAGE;
    case "expired":
      return "This promo code has expired";
    case "used_up":
      return "This promo code has been used up";
    default:
      return INVALID_PROMO_MESSAGE;
  }
}

export interface CartQuoteLine {
  productId: number;
  size: string;
  quantity: number;
  /** Null when the product is not in the catalogue at all. */
  name: string | null;
  slug: string | null;
  image: string | null;
  /** The current catalogue price in pence, or null for an unknown product. */
  unitPricePence: number | null;
  /** unitPrice × quantity; 0 for a line with a problem (it is not charged). */
  lineTotalPence: number;
  /** Units of this size that can still be bought (0 when sold out, unknown or no longer sold). */
  availableStock: number;
  problem: LineProblem | null;
  /** What to tell the shopper about the problem, or null. */
  problemMessage: string | null;
}

export type CartQuotePromo =
  | { status: "none" }
  | { status: "applied"; code: string; percentOff: number | null; amountOffPence: number | null; label: string }
  | { status: "invalid"; code: string; message: string };

export interface CartQuote {
  lines: CartQuoteLine[];
  /** True when every line can be bought as asked. */
  ok: boolean;
  itemCount: number;
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  totalPence: number;
  promo: CartQuotePromo;
  /** The shipping method's name (shop settings), shown beside its price. */
  shippingMethod: string;
}

/** The error body of a refused quote request. */
export interface CartQuoteError {
  error: string;
  issues?: { path: string; message: string }[];
}

/** The request body: the cart's lines as product id, size and quantity, and the promo code if any. */
export interface CartQuoteRequest {
  lines: { productId: number; size: string; quantity: number }[];
  promoCode?: string;
}

/** The quote line for a cart line, if the quote has it. */
export function findQuoteLine(quote: CartQuote, productId: number, size: string): CartQuoteLine | undefined {
  return quote.lines.find((line) => line.productId === productId && line.size === size);
}
