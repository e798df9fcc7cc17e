/**
 * The store's money rules, in one place and in integer pence: the cart page,
 * the checkout, the payment page and the order all use `priceOrder`. Prices
 * come from the catalogue only; whatever a browser says an item costs is
 * dropped by the input schema. See docs/decisions/0011-store-money-discount-shipping.md.
 */
import { z } from "~/lib/zod";
import { formatPence } from "~/lib/money";
import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE } from "./limits";

export { MAX_CART_LINES, MAX_QUANTITY_PER_LINE };

// ---------------------------------------------------------------------------
// Input: cart lines as a browser sends them

const decimalString = /^[+-]?\d+(\.\d+)?$/;

/** Numbers may arrive as JSON numbers or, from a plain form post, as strings. */
const numeric = (schema: z.ZodNumber) =>
  z.preprocess((value) => (typeof value === "string" && decimalString.test(value.trim()) ? Number(value.trim()) : value), schema);

const productIdMessage = "Choose a product from the store";
export const productIdSchema = numeric(
  z.number({ message: productIdMessage }).int(productIdMessage).positive(productIdMessage).max(2_147_483_647, productIdMessage),
);

export const quantitySchema = numeric(
  z
    .number({ message: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(MAX_QUANTITY_PER_LINE, `Quantity can be at most ${MAX_QUANTITY_PER_LINE}`),
);

/** One requested line. Unknown keys (price, name, total…) are stripped, never read. */
export const cartLineInputSchema = z.object({
  productId: productIdSchema,
  size: z.string({ message: "Choose a size" }).trim().min(1, "Choose a size").max(60, "Choose a size"),
  quantity: quantitySchema,
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

/**
 * The lines of a cart or checkout: 1 to MAX_CART_LINES lines, and lines for
 * the same product and size merged into one (their quantities added, still at
 * most MAX_QUANTITY_PER_LINE).
 */
export const cartLinesInputSchema = z
  .array(cartLineInputSchema, { message: "No items in cart" })
  .min(1, "No items in cart")
  .max(MAX_CART_LINES, `A cart can hold at most ${MAX_CART_LINES} different items`)
  .transform((lines, ctx) => {
    const merged = mergeCartLines(lines);
    merged.forEach((line) => {
      if (line.quantity > MAX_QUANTITY_PER_LINE) {
        ctx.addIssue({
          code: "custom",
          message: `Quantity can be at most ${MAX_QUANTITY_PER_LINE}`,
          path: [lines.findIndex((l) => l.productId === line.productId && l.size === line.size), "quantity"],
        });
      }
    });
    return merged;
  });

/** Adds together lines for the same product and size, keeping first-seen order. */
export function mergeCartLines(lines: readonly CartLineInput[]): CartLineInput[] {
  const byKey = new Map<string, CartLineInput>();
  for (const line of lines) {
    const key = `${line.productId}\u0000${line.size}`;
    const existing = byKey.get(key);
    if (existing) existing.quantity += line.quantity;
    else byKey.set(key, { productId: line.productId, size: line.size, quantity: line.quantity });
  }
  return [...byKey.values()];
}

// ---------------------------------------------------------------------------
// What pricing needs to know about the catalogue, promo codes and shipping

export interface CatalogueVariant {
  id: number;
  size: string;
  /** Units that can still be sold. */
  stock: number;
}

export interface CatalogueProduct {
  id: number;
  slug: string;
  name: string;
  image: string;
  pricePence: number;
  active: boolean;
  variants: readonly CatalogueVariant[];
}

export interface PromoRule {
  code: string;
  /** Whole percent off; null for a fixed-amount code. */
  percentOff: number | null;
  /** Pence off; null for a percentage code. */
  amountOffPence?: number | null;
  /** The subtotal an order needs for the code to apply (0: none). */
  minSpendPence?: number;
  active: boolean;
  startsAt: Date | null;
  expiresAt: Date | null;
  maxUses: number | null;
  usedCount: number;
}

/** Shipping: `flatRatePence` per order, free when the subtotal exceeds `freeAbovePence`. */
export interface ShippingRule {
  flatRatePence: number;
  /** null: the flat rate always applies (0 means free on every order). */
  freeAbovePence: number | null;
}

/** The site's claim: free UK shipping on all orders. */
export const FREE_SHIPPING: ShippingRule = { flatRatePence: 0, freeAbovePence: null };

/** Whether a promo code may be used at `now`: active, inside its window, not used up. */
export function isPromoUsable(promo: PromoRule, now: Date): boolean {
  if (!promo.active) return false;
  if (promo.startsAt && now.getTime() < promo.startsAt.getTime()) return false;
  if (promo.expiresAt && now.getTime() >= promo.expiresAt.getTime()) return false;
  if (promo.maxUses !== null && promo.usedCount >= promo.maxUses) return false;
  if (promo.percentOff != null) return promo.percentOff >= 1 && promo.percentOff <= 100;
  return promo.amountOffPence != null && promo.amountOffPence > 0;
}

/** What a code takes off, for the shopper: "10%" or "£5.00 off". */
export function promoLabel(promo: { percentOff: number | null; amountOffPence?: number | null }): string {
  if (promo.percentOff != null) return `${promo.percentOff}% off`;
  return `${formatPence(promo.amountOffPence ?? 0)} off`;
}

/** A code's discount on a subtotal: its percentage (rounded half up) or its fixed amount, never more than the subtotal. */
export function promoDiscountFor(subtotalPence: number, promo: { percentOff: number | null; amountOffPence?: number | null }): number {
  if (promo.percentOff != null) return discountFor(subtotalPence, promo.percentOff);
  return Math.max(0, Math.min(subtotalPence, promo.amountOffPence ?? 0));
}

/** Promo codes are matched case-insensitively: the input is trimmed and upper-cased. */
export function normalisePromoCode(input: string): string {
  return input.trim().toUpperCase();
}

/** The one discount rule: a whole percentage of the subtotal, rounded half up to the penny. */
export function discountFor(subtotalPence: number, percentOff: number): number {
  if (subtotalPence <= 0) return 0;
  return Math.min(subtotalPence, Math.floor((subtotalPence * percentOff + 50) / 100));
}

/** The one shipping rule; nothing to ship costs nothing. */
export function shippingFor(subtotalPence: number, rule: ShippingRule): number {
  if (subtotalPence <= 0) return 0;
  if (rule.freeAbovePence !== null && subtotalPence > rule.freeAbovePence) return 0;
  return rule.flatRatePence;
}

// ---------------------------------------------------------------------------
// Pricing an order

export type LineProblem =
  | { kind: "unknown_product" }
  | { kind: "unknown_size" }
  | { kind: "not_sold" }
  | { kind: "insufficient_stock"; available: number }
  /** More than one unpaid order may hold of this size (ADR 0033): at most `max` per order. */
  | { kind: "hold_limit"; max: number };

export interface PricedLine {
  productId: number;
  size: string;
  quantity: number;
  /** Null when the product is not in the catalogue at all. */
  product: { id: number; slug: string; name: string; image: string } | null;
  variantId: number | null;
  /** The current catalogue price, or null for an unknown product. */
  unitPricePence: number | null;
  /** unitPrice × quantity; 0 for a line with a problem (it is not charged). */
  lineTotalPence: number;
  problem: LineProblem | null;
}

export interface PricedOrder {
  lines: PricedLine[];
  /** True when every line can be sold as asked (the order may be placed). */
  ok: boolean;
  itemCount: number;
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  totalPence: number;
  /** The promo code applied, or null. */
  promo: { code: string; percentOff: number | null; amountOffPence: number | null } | null;
  /** A code was given but cannot be used now (unknown, inactive, expired, used up, below its minimum spend). */
  promoRejected: boolean;
  /** Set when the code is valid but the subtotal is below its minimum spend. */
  promoMinSpendPence?: number;
  /** Why a given code was refused; set whenever promoRejected is. */
  promoRefusal?: PromoRefusal;
}

/**
 * Why a code does not apply, as far as a shopper is told (ADR 0098, addendum). A code that is
 * unknown, paused or not started yet reads "invalid", like a guess: a guesser learns of no code
 * they could use later. A code that has expired or been used up can never be used again, so
 * saying so gives nothing away; one below its minimum spend would apply to a bigger cart.
 */
export type PromoRefusal = "invalid" | "expired" | "used_up" | "below_minimum";

function refusalOf(promo: PromoRule, now: Date): Exclude<PromoRefusal, "below_minimum"> {
  if (!promo.active) return "invalid";
  if (promo.startsAt && now.getTime() < promo.startsAt.getTime()) return "invalid";
  if (promo.expiresAt && now.getTime() >= promo.expiresAt.getTime()) return "expired";
  if (promo.maxUses !== null && promo.usedCount >= promo.maxUses) return "used_up";
  return "invalid";
}

/**
 * The most units of one size a single unpaid order may hold: `sharePercent` of what is left
 * (rounded down), and at least one (ADR 0033).
 */
export function holdLimitFor(stock: number, sharePercent: number): number {
  return Math.max(1, Math.floor((stock * sharePercent) / 100));
}

/**
 * Prices requested lines against the catalogue at `now`. Lines with a problem
 * are reported and left out of the totals; the caller decides whether to
 * refuse the order (`ok`) or show the problems. `promo` is the code's row, or
 * null when none was entered; pass `promoRejected: true` through `options`
 * when a code was entered that does not exist.
 */
export function priceOrder(
  lines: readonly CartLineInput[],
  catalogue: readonly CatalogueProduct[],
  promo: PromoRule | null,
  now: Date,
  options: { shipping?: ShippingRule; promoEntered?: boolean; holdSharePercent?: number | null } = {},
): PricedOrder {
  const products = new Map(catalogue.map((product) => [product.id, product]));
  const priced = mergeCartLines(lines).map((line): PricedLine => {
    const product = products.get(line.productId);
    const base = { productId: line.productId, size: line.size, quantity: line.quantity };
    if (!product) {
      return { ...base, product: null, variantId: null, unitPricePence: null, lineTotalPence: 0, problem: { kind: "unknown_product" } };
    }
    const summary = { id: product.id, slug: product.slug, name: product.name, image: product.image };
    const variant = product.variants.find((v) => v.size === line.size);
    const withPrice = { ...base, product: summary, variantId: variant?.id ?? null, unitPricePence: product.pricePence };
    if (!product.active) return { ...withPrice, lineTotalPence: 0, problem: { kind: "not_sold" } };
    if (!variant) return { ...withPrice, lineTotalPence: 0, problem: { kind: "unknown_size" } };
    if (variant.stock < line.quantity) {
      return { ...withPrice, lineTotalPence: 0, problem: { kind: "insufficient_stock", available: Math.max(0, variant.stock) } };
    }
    if (options.holdSharePercent != null) {
      const max = holdLimitFor(variant.stock, options.holdSharePercent);
      if (line.quantity > max) return { ...withPrice, lineTotalPence: 0, problem: { kind: "hold_limit", max } };
    }
    return { ...withPrice, lineTotalPence: product.pricePence * line.quantity, problem: null };
  });

  const sellable = priced.filter((line) => line.problem === null);
  const subtotalPence = sellable.reduce((sum, line) => sum + line.lineTotalPence, 0);
  // A code is judged against a cart with something in it to sell, never on its own.
  const valid = promo !== null && sellable.length > 0 && isPromoUsable(promo, now);
  const belowMinimum = valid && subtotalPence < (promo.minSpendPence ?? 0);
  const usable = valid && !belowMinimum;
  const discountPence = usable ? promoDiscountFor(subtotalPence, promo) : 0;
  const promoRejected = (promo !== null && !usable) || (promo === null && options.promoEntered === true);
  const promoRefusal: PromoRefusal | null = !promoRejected
    ? null
    : belowMinimum
      ? "below_minimum"
      : promo === null || sellable.length === 0
        ? "invalid"
        : refusalOf(promo, now);
  const shippingPence = shippingFor(subtotalPence, options.shipping ?? FREE_SHIPPING);
  return {
    lines: priced,
    ok: priced.length > 0 && sellable.length === priced.length,
    itemCount: sellable.reduce((sum, line) => sum + line.quantity, 0),
    subtotalPence,
    discountPence,
    shippingPence,
    totalPence: subtotalPence - discountPence + shippingPence,
    promo: usable
      ? { code: promo.code, percentOff: promo.percentOff, amountOffPence: promo.percentOff == null ? (promo.amountOffPence ?? null) : null }
      : null,
    promoRejected,
    ...(belowMinimum ? { promoMinSpendPence: promo.minSpendPence } : {}),
    ...(promoRefusal ? { promoRefusal } : {}),
  };
}

/** What to tell a shopper about a line that cannot be sold as asked. */
export function describeLineProblem(problem: LineProblem): string {
  switch (problem.kind) {
    case "unknown_product":
      return "This item is not in our store.";
    case "unknown_size":
      return "This size is not available.";
    case "not_sold":
      return "This item is no longer sold.";
    case "insufficient_stock":
      return problem.available === 0 ? "This size is sold out." : `Only ${problem.available} left in this size.`;
    case "hold_limit":
      return `So that everyone gets a chance, one order can hold at most ${problem.max} of this size while it is paid for. Lower the quantity, or contact us for a larger order.`;
  }
}
