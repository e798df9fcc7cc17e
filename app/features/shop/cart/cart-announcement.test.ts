import { describe, expect, it } from "vitest";
import { cartChangeAnnouncement } from "./cart-announcement";

describe("cartChangeAnnouncement", () => {
  it("says the change and the new total", () => {
    expect(cartChangeAnnouncement("Removed Team Cap, One Size.", { empty: false, totalPence: 2499 })).toBe(
      "Removed Team Cap, One Size. Total now £24.99.",
    );
  });

  it("says when the cart is empty instead of a total", () => {
    expect(cartChangeAnnouncement("Removed Team Cap, One Size.", { empty: true })).toBe("Removed Team Cap, One Size. Your cart is empty.");
  });

  it("says the change alone when the total could not be worked out", () => {
    expect(cartChangeAnnouncement("Promo code SAVE10 removed.", { empty: false, totalPence: null })).toBe("Promo code SAVE10 removed.");
  });
});
