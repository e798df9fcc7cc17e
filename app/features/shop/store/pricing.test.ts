import { describe, expect, it } from "vitest";
import { promoRefusalMessage } from "./quote";
import {
  cartLinesInputSchema,
  describeLineProblem,
  discountFor,
  FREE_SHIPPING,
  isPromoUsable,
  MAX_CART_LINES,
  MAX_QUANTITY_PER_LINE,
  normalisePromoCode,
  priceOrder,
  shippingFor,
  type CatalogueProduct,
  type PromoRule,
} from "./pricing";

const now = new Date("2026-06-01T12:00:00Z");

const catalogue: CatalogueProduct[] = [
  {
    id: 1,
    slug: "team-cap-red",
    name: "Team Cap - Red",
    image: "/media/store/team-cap-red.svg",
    pricePence: 2500,
    active: true,
    variants: [{ id: 11, size: "One Size", stock: 40 }],
  },
  {
    id: 6,
    slug: "team-keyring",
    name: "Keyring",
    image: "/media/store/team-keyring.svg",
    pricePence: 599,
    active: true,
    variants: [{ id: 61, size: "One Size", stock: 3 }],
  },
  {
    id: 7,
    slug: "team-pens",
    name: "Pens",
    image: "/media/store/team-pens.svg",
    pricePence: 899,
    active: true,
    variants: [{ id: 71, size: "Set of 2", stock: 60 }],
  },
  {
    id: 8,
    slug: "old-scarf",
    name: "Old Scarf",
    image: "/media/store/old-scarf.svg",
    pricePence: 1500,
    active: false,
    variants: [{ id: 81, size: "One Size", stock: 9 }],
  },
  {
    id: 4,
    slug: "team-cap-white",
    name: "Team Cap - White",
    image: "/media/store/team-cap-white.svg",
    pricePence: 2500,
    active: true,
    variants: [{ id: 41, size: "One Size", stock: 0 }],
  },
];

const promo = (overrides: Partial<PromoRule> = {}): PromoRule => ({
  code: "RIDGEWAY10",
  percentOff: 10,
  active: true,
  startsAt: null,
  expiresAt: null,
  maxUses: null,
  usedCount: 0,
  ...overrides,
});

describe("cartLinesInputSchema", () => {
  it("accepts lines, drops any price or total the browser sends", () => {
    const parsed = cartLinesInputSchema.parse([
      { productId: 1, size: "One Size", quantity: 2, price: 1, unitPricePence: 1, total: 0, name: "Free cap" },
    ]);
    expect(parsed).toEqual([{ productId: 1, size: "One Size", quantity: 2 }]);
  });

  it("reads numbers posted by a plain form as strings", () => {
    expect(cartLinesInputSchema.parse([{ productId: "6", size: " One Size ", quantity: "3" }])).toEqual([
      { productId: 6, size: "One Size", quantity: 3 },
    ]);
  });

  it("merges lines for the same product and size, keeping sizes apart", () => {
    const parsed = cartLinesInputSchema.parse([
      { productId: 1, size: "M", quantity: 2 },
      { productId: 1, size: "L", quantity: 1 },
      { productId: 1, size: "M", quantity: 3 },
    ]);
    expect(parsed).toEqual([
      { productId: 1, size: "M", quantity: 5 },
      { productId: 1, size: "L", quantity: 1 },
    ]);
  });

  it.each([
    [0, "Quantity must be at least 1"],
    [-2, "Quantity must be at least 1"],
    [1.5, "Quantity must be a whole number"],
    ["2.5", "Quantity must be a whole number"],
    [MAX_QUANTITY_PER_LINE + 1, `Quantity can be at most ${MAX_QUANTITY_PER_LINE}`],
    [1e12, `Quantity can be at most ${MAX_QUANTITY_PER_LINE}`],
    ["lots", "Quantity must be a whole number"],
    [null, "Quantity must be a whole number"],
    [Number.NaN, "Quantity must be a whole number"],
  ])("rejects quantity %s", (quantity, message) => {
    const result = cartLinesInputSchema.safeParse([{ productId: 1, size: "One Size", quantity }]);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toContain(message);
    expect(result.error!.issues[0]!.path).toEqual([0, "quantity"]);
  });

  it("rejects merged lines that go over the per-line maximum", () => {
    const result = cartLinesInputSchema.safeParse([
      { productId: 1, size: "One Size", quantity: MAX_QUANTITY_PER_LINE },
      { productId: 1, size: "One Size", quantity: 1 },
    ]);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(`Quantity can be at most ${MAX_QUANTITY_PER_LINE}`);
  });

  it("rejects an empty cart, too many lines and malformed lines", () => {
    expect(cartLinesInputSchema.safeParse([]).error!.issues[0]!.message).toBe("No items in cart");
    expect(cartLinesInputSchema.safeParse("nope").error!.issues[0]!.message).toBe("No items in cart");
    const many = Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => ({ productId: 1, size: `S${i}`, quantity: 1 }));
    expect(cartLinesInputSchema.safeParse(many).success).toBe(false);
    expect(cartLinesInputSchema.safeParse(many.slice(0, MAX_CART_LINES)).success).toBe(true);
    for (const line of [
      { productId: 0, size: "One Size", quantity: 1 },
      { productId: -1, size: "One Size", quantity: 1 },
      { productId: "abc", size: "One Size", quantity: 1 },
      { productId: 1.5, size: "One Size", quantity: 1 },
      { productId: 1, size: "  ", quantity: 1 },
      { productId: 1, quantity: 1 },
      { productId: 1, size: "x".repeat(61), quantity: 1 },
      null,
      "1",
    ]) {
      expect(cartLinesInputSchema.safeParse([line]).success, JSON.stringify(line)).toBe(false);
    }
  });
});

describe("promo rules", () => {
  it("upper-cases and trims what the shopper typed", () => {
    expect(normalisePromoCode("  ridgeway10 ")).toBe("RIDGEWAY10");
  });

  it("uses a code only while active, inside its window and not used up", () => {
    expect(isPromoUsable(promo(), now)).toBe(true);
    expect(isPromoUsable(promo({ active: false }), now)).toBe(false);
    expect(isPromoUsable(promo({ expiresAt: now }), now)).toBe(false);
    expect(isPromoUsable(promo({ expiresAt: new Date(now.getTime() + 1) }), now)).toBe(true);
    expect(isPromoUsable(promo({ startsAt: new Date(now.getTime() + 1) }), now)).toBe(false);
    expect(isPromoUsable(promo({ startsAt: now }), now)).toBe(true);
    expect(isPromoUsable(promo({ maxUses: 5, usedCount: 5 }), now)).toBe(false);
    expect(isPromoUsable(promo({ maxUses: 5, usedCount: 4 }), now)).toBe(true);
  });

  it("says why a code was refused only where that gives no usable code away (ADR 0098, addendum)", () => {
    const cart = [{ productId: 1, size: "One Size", quantity: 1 }];
    const refusal = (rule: Parameters<typeof promo>[0] | null, lines = cart) =>
      priceOrder(lines, catalogue, rule === null ? null : promo(rule), now, { promoEntered: true }).promoRefusal;
    expect(refusal({ expiresAt: now })).toBe("expired");
    expect(refusal({ maxUses: 5, usedCount: 5 })).toBe("used_up");
    expect(refusal({ minSpendPence: 1_000_000 })).toBe("below_minimum");
    // Unknown, paused and not started read the same as a guess.
    expect(refusal(null)).toBe("invalid");
    expect(refusal({ active: false, expiresAt: now })).toBe("invalid");
    expect(refusal({ startsAt: new Date(now.getTime() + 1) })).toBe("invalid");
    // Nothing to sell: the code is not judged at all.
    expect(refusal({ expiresAt: now }, [{ productId: 999, size: "One Size", quantity: 1 }])).toBe("invalid");
    expect(refusal({})).toBeUndefined();
    expect(promoRefusalMessage("below_minimum", 3000)).toBe("This code needs a spend of at least £30.00");
    expect(promoRefusalMessage("expired")).toBe("This promo code has expired");
    expect(promoRefusalMessage("used_up")).toBe("This promo code has been used up");
    expect(promoRefusalMessage("invalid")).toBe("Invalid promo code");
  });

  it("takes a whole percentage of the subtotal, rounded half up to the penny", () => {
    expect(discountFor(5000, 10)).toBe(500);
    expect(discountFor(599, 10)).toBe(60); // 59.9p
    expect(discountFor(899, 15)).toBe(135); // 134.85p
    expect(discountFor(1250, 10)).toBe(125);
    expect(discountFor(5, 10)).toBe(1); // 0.5p rounds up
    expect(discountFor(4, 10)).toBe(0);
    expect(discountFor(2500, 100)).toBe(2500);
    expect(discountFor(0, 20)).toBe(0);
  });
});

describe("shipping rule", () => {
  it("is free by default", () => {
    expect(shippingFor(100, FREE_SHIPPING)).toBe(0);
    expect(shippingFor(1_000_000, FREE_SHIPPING)).toBe(0);
  });

  it("charges the flat rate unless the subtotal exceeds the threshold", () => {
    const rule = { flatRatePence: 499, freeAbovePence: 5000 };
    expect(shippingFor(4999, rule)).toBe(499);
    expect(shippingFor(5000, rule)).toBe(499);
    expect(shippingFor(5001, rule)).toBe(0);
    expect(shippingFor(0, rule)).toBe(0);
    expect(shippingFor(100, { flatRatePence: 350, freeAbovePence: null })).toBe(350);
  });
});

describe("priceOrder", () => {
  it("prices lines from the catalogue, with the discount and shipping in integer pence", () => {
    const order = priceOrder(
      [
        { productId: 1, size: "One Size", quantity: 2 },
        { productId: 6, size: "One Size", quantity: 1 },
        { productId: 7, size: "Set of 2", quantity: 1 },
      ],
      catalogue,
      promo({ code: "TEAM15", percentOff: 15 }),
      now,
    );
    expect(order.ok).toBe(true);
    expect(order.lines.map((line) => [line.product?.slug, line.variantId, line.unitPricePence, line.lineTotalPence])).toEqual([
      ["team-cap-red", 11, 2500, 5000],
      ["team-keyring", 61, 599, 599],
      ["team-pens", 71, 899, 899],
    ]);
    expect(order.itemCount).toBe(4);
    expect(order.subtotalPence).toBe(6498);
    expect(order.discountPence).toBe(975); // 974.7p
    expect(order.shippingPence).toBe(0);
    expect(order.totalPence).toBe(5523);
    expect(order.promo).toEqual({ code: "TEAM15", percentOff: 15, amountOffPence: null });
    expect(order.promoRejected).toBe(false);
    for (const value of [order.subtotalPence, order.discountPence, order.shippingPence, order.totalPence]) {
      expect(Number.isInteger(value)).toBe(true);
    }
  });

  it("applies the shipping rule it is given to the subtotal before discount", () => {
    const rule = { flatRatePence: 499, freeAbovePence: 5000 };
    const small = priceOrder([{ productId: 1, size: "One Size", quantity: 1 }], catalogue, promo(), now, { shipping: rule });
    expect([small.subtotalPence, small.discountPence, small.shippingPence, small.totalPence]).toEqual([2500, 250, 499, 2749]);
    const large = priceOrder([{ productId: 1, size: "One Size", quantity: 3 }], catalogue, promo(), now, { shipping: rule });
    expect([large.subtotalPence, large.discountPence, large.shippingPence, large.totalPence]).toEqual([7500, 750, 0, 6750]);
  });

  it("reports each line that cannot be sold, and leaves it out of the totals", () => {
    const order = priceOrder(
      [
        { productId: 1, size: "One Size", quantity: 1 },
        { productId: 99, size: "One Size", quantity: 1 },
        { productId: 1, size: "XXL", quantity: 1 },
        { productId: 8, size: "One Size", quantity: 1 },
        { productId: 6, size: "One Size", quantity: 4 },
        { productId: 4, size: "One Size", quantity: 1 },
      ],
      catalogue,
      null,
      now,
    );
    expect(order.ok).toBe(false);
    expect(order.lines.map((line) => line.problem)).toEqual([
      null,
      { kind: "unknown_product" },
      { kind: "unknown_size" },
      { kind: "not_sold" },
      { kind: "insufficient_stock", available: 3 },
      { kind: "insufficient_stock", available: 0 },
    ]);
    expect(order.lines[1]!.product).toBeNull();
    expect(order.lines[4]!.unitPricePence).toBe(599);
    expect(order.subtotalPence).toBe(2500);
    expect(order.totalPence).toBe(2500);
    expect(order.itemCount).toBe(1);
    expect(order.lines.map((line) => line.problem && describeLineProblem(line.problem))).toEqual([
      null,
      "This item is not in our store.",
      "This size is not available.",
      "This item is no longer sold.",
      "Only 3 left in this size.",
      "This size is sold out.",
    ]);
  });

  it("merges duplicate lines before checking stock", () => {
    const order = priceOrder(
      [
        { productId: 6, size: "One Size", quantity: 2 },
        { productId: 6, size: "One Size", quantity: 2 },
      ],
      catalogue,
      null,
      now,
    );
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]!.problem).toEqual({ kind: "insufficient_stock", available: 3 });
  });

  it("gives no discount for an unusable or unknown code, and says so", () => {
    const lines = [{ productId: 1, size: "One Size", quantity: 1 }];
    const expired = priceOrder(lines, catalogue, promo({ expiresAt: new Date("2026-01-01T00:00:00Z") }), now);
    expect([expired.discountPence, expired.totalPence, expired.promo, expired.promoRejected]).toEqual([0, 2500, null, true]);
    const unknown = priceOrder(lines, catalogue, null, now, { promoEntered: true });
    expect([unknown.discountPence, unknown.promoRejected]).toEqual([0, true]);
    const none = priceOrder(lines, catalogue, null, now);
    expect(none.promoRejected).toBe(false);
  });

  it("never makes a negative total, even at 100% off", () => {
    const order = priceOrder([{ productId: 6, size: "One Size", quantity: 1 }], catalogue, promo({ percentOff: 100 }), now);
    expect([order.subtotalPence, order.discountPence, order.totalPence]).toEqual([599, 599, 0]);
  });

  it("is not ok for an empty list", () => {
    const order = priceOrder([], catalogue, null, now);
    expect(order.ok).toBe(false);
    expect(order.totalPence).toBe(0);
  });
});
