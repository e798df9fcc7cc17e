import { describe, expect, it, vi } from "vitest";
import { cartItemCount, parseSavedCart } from "./cart-storage";

describe("parseSavedCart", () => {
  it("reads nothing as an empty cart", () => {
    expect(parseSavedCart(null)).toEqual([]);
  });

  it("reads saved lines, keeping the fields the store adds", () => {
    const raw = JSON.stringify({
      items: [{ id: 1, selectedSize: "M", quantity: 2, name: "Team Cap", price: 2500 }],
    });
    expect(parseSavedCart(raw)).toEqual([{ id: 1, selectedSize: "M", quantity: 2, name: "Team Cap", price: 2500 }]);
  });

  it.each(["{not json", JSON.stringify({ items: [{ id: 1, quantity: -2 }] }), JSON.stringify([1, 2])])(
    "ignores and reports an unreadable value: %s",
    (raw) => {
      const onInvalid = vi.fn();
      expect(parseSavedCart(raw, onInvalid)).toEqual([]);
      expect(onInvalid).toHaveBeenCalledOnce();
    },
  );
});

describe("cartItemCount", () => {
  it("adds up quantities across lines", () => {
    expect(
      cartItemCount([
        { id: 1, selectedSize: "M", quantity: 2 },
        { id: 1, selectedSize: "L", quantity: 1 },
      ]),
    ).toBe(3);
    expect(cartItemCount([])).toBe(0);
  });
});
