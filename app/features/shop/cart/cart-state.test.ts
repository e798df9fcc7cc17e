import { describe, expect, it, vi } from "vitest";
import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE } from "~/features/shop/store/limits";
import { parseSavedCartState, serialiseCart } from "./cart-storage";
import { EMPTY_CART, cartReducer, cartStateFromSaved, countItems, savedFromCartState, type CartAction, type CartState } from "./cart-state";

const run = (actions: CartAction[], start: CartState = EMPTY_CART) => actions.reduce(cartReducer, start);

describe("cartReducer", () => {
  it("adds one product in two sizes as two lines, and the same size again to its line", () => {
    const state = run([
      { type: "add", productId: 1, size: "M", quantity: 1 },
      { type: "add", productId: 1, size: "L", quantity: 2 },
      { type: "add", productId: 1, size: "M", quantity: 1 },
    ]);
    expect(state.lines).toEqual([
      { id: 1, selectedSize: "M", quantity: 2 },
      { id: 1, selectedSize: "L", quantity: 2 },
    ]);
    expect(countItems(state.lines)).toBe(4);
  });

  it("changes, removes and clears lines by product and size", () => {
    const start = run([
      { type: "add", productId: 1, size: "M", quantity: 1 },
      { type: "add", productId: 1, size: "L", quantity: 1 },
      { type: "set_promo", code: " ridgeway10 " },
    ]);
    const incremented = cartReducer(start, { type: "increment", productId: 1, size: "L" });
    expect(incremented.lines[1]).toEqual({ id: 1, selectedSize: "L", quantity: 2 });
    expect(incremented.lines[0]!.quantity).toBe(1);

    const decremented = cartReducer(incremented, { type: "decrement", productId: 1, size: "M" });
    expect(decremented.lines).toEqual([{ id: 1, selectedSize: "L", quantity: 2 }]);

    expect(cartReducer(decremented, { type: "remove", productId: 1, size: "L" }).lines).toEqual([]);
    expect(cartReducer(decremented, { type: "set_quantity", productId: 1, size: "L", quantity: 0 }).lines).toEqual([]);
    expect(cartReducer(decremented, { type: "set_quantity", productId: 1, size: "L", quantity: 1 }).lines[0]!.quantity).toBe(1);

    expect(decremented.promoCode).toBe("RIDGEWAY10");
    expect(cartReducer(decremented, { type: "clear" })).toEqual(EMPTY_CART);
  });

  it("leaves the state alone for a line it does not have or a meaningless change", () => {
    const start = run([{ type: "add", productId: 2, size: "One Size", quantity: 1 }]);
    expect(cartReducer(start, { type: "increment", productId: 2, size: "M" })).toBe(start);
    expect(cartReducer(start, { type: "remove", productId: 3, size: "One Size" })).toBe(start);
    expect(cartReducer(start, { type: "add", productId: 2, size: "One Size", quantity: 0 })).toBe(start);
    expect(cartReducer(start, { type: "add", productId: 2, size: "One Size", quantity: -3 })).toBe(start);
    expect(cartReducer(start, { type: "add", productId: 2, size: "  ", quantity: 1 })).toBe(start);
    expect(cartReducer(start, { type: "add", productId: 1.5, size: "M", quantity: 1 })).toBe(start);
    expect(cartReducer(start, { type: "set_quantity", productId: 2, size: "One Size", quantity: Number.NaN })).toBe(start);
  });

  it("caps a line at the most one order may hold, and the cart at its most lines", () => {
    const capped = run([
      { type: "add", productId: 1, size: "M", quantity: MAX_QUANTITY_PER_LINE },
      { type: "increment", productId: 1, size: "M" },
      { type: "add", productId: 1, size: "M", quantity: 5 },
    ]);
    expect(capped.lines[0]!.quantity).toBe(MAX_QUANTITY_PER_LINE);

    const full = run(
      Array.from({ length: MAX_CART_LINES + 3 }, (_, index): CartAction => ({
        type: "add",
        productId: index + 1,
        size: "One Size",
        quantity: 1,
      })),
    );
    expect(full.lines).toHaveLength(MAX_CART_LINES);
  });

  it("keeps promo codes upper-cased and forgets them on null or blank", () => {
    const withCode = cartReducer(EMPTY_CART, { type: "set_promo", code: "team15" });
    expect(withCode.promoCode).toBe("TEAM15");
    expect(cartReducer(withCode, { type: "set_promo", code: null }).promoCode).toBeNull();
    expect(cartReducer(withCode, { type: "set_promo", code: "   " }).promoCode).toBeNull();
  });
});

describe("saved cart", () => {
  it("round-trips lines and promo code through the saved format", () => {
    const state = run([
      { type: "add", productId: 5, size: "60cm x 40cm", quantity: 2 },
      { type: "set_promo", code: "racing20" },
    ]);
    const raw = serialiseCart(savedFromCartState(state));
    expect(JSON.parse(raw)).toEqual({ items: [{ id: 5, selectedSize: "60cm x 40cm", quantity: 2 }], promoCode: "RACING20" });
    expect(cartStateFromSaved(parseSavedCartState(raw))).toEqual(state);
    expect(JSON.parse(serialiseCart(savedFromCartState(EMPTY_CART)))).toEqual({ items: [] });
  });

  it("upper-cases a saved promo code and drops one that is not text, keeping the lines", () => {
    expect(parseSavedCartState(JSON.stringify({ items: [], promoCode: "team15" })).promoCode).toBe("TEAM15");
    const odd = parseSavedCartState(JSON.stringify({ items: [{ id: 1, selectedSize: "M", quantity: 1 }], promoCode: 15 }));
    expect(odd).toEqual({ items: [{ id: 1, selectedSize: "M", quantity: 1 }], promoCode: null });
  });

  it("ignores and reports an unreadable value, promo code included", () => {
    const onInvalid = vi.fn();
    expect(parseSavedCartState(JSON.stringify({ items: "lots", promoCode: "TEAM15" }), onInvalid)).toEqual({
      items: [],
      promoCode: null,
    });
    expect(parseSavedCartState("{oops", onInvalid)).toEqual({ items: [], promoCode: null });
    expect(onInvalid).toHaveBeenCalledTimes(2);
  });

  it("merges repeated lines, caps quantities, reads numeric ids and drops lines it cannot address", () => {
    const onDropped = vi.fn();
    const state = cartStateFromSaved(
      {
        items: [
          { id: "3", selectedSize: "One Size", quantity: 15 },
          { id: 3, selectedSize: "One Size", quantity: 15 },
          { id: "cap-red", selectedSize: "One Size", quantity: 1 },
          { id: 4, quantity: 1 },
          { id: 5, selectedSize: "S".repeat(61), quantity: 1 },
        ],
        promoCode: null,
      },
      onDropped,
    );
    expect(state.lines).toEqual([{ id: 3, selectedSize: "One Size", quantity: MAX_QUANTITY_PER_LINE }]);
    expect(onDropped).toHaveBeenCalledTimes(3);
  });

  it("remembers the price the shopper saw, and forgets nothing else about prices", () => {
    const state = run([
      { type: "add", productId: 1, size: "One Size", quantity: 1, seenPricePence: 2500 },
      { type: "add", productId: 6, size: "One Size", quantity: 1 },
    ]);
    const saved = JSON.parse(serialiseCart(savedFromCartState(state)));
    expect(saved.items).toEqual([
      { id: 1, selectedSize: "One Size", quantity: 1, seenPricePence: 2500 },
      { id: 6, selectedSize: "One Size", quantity: 1 },
    ]);
    expect(cartStateFromSaved(parseSavedCartState(JSON.stringify(saved)))).toEqual(state);
    // A nonsense saved price is dropped, the line kept.
    const odd = cartStateFromSaved({ items: [{ id: 1, selectedSize: "M", quantity: 1, seenPricePence: -5 } as never], promoCode: null });
    expect(odd.lines).toEqual([{ id: 1, selectedSize: "M", quantity: 1 }]);
  });
});

describe("acknowledge_prices", () => {
  it("records the current price on every line of the product, and nothing when unchanged", () => {
    const start = run([
      { type: "add", productId: 1, size: "M", quantity: 1, seenPricePence: 2500 },
      { type: "add", productId: 1, size: "L", quantity: 1 },
      { type: "add", productId: 2, size: "M", quantity: 1, seenPricePence: 900 },
    ]);
    const next = cartReducer(start, { type: "acknowledge_prices", prices: [{ productId: 1, pricePence: 2200 }] });
    expect(next.lines.map((line) => line.seenPricePence)).toEqual([2200, 2200, 900]);
    expect(cartReducer(next, { type: "acknowledge_prices", prices: [{ productId: 1, pricePence: 2200 }] })).toBe(next);
  });
});
