import { describe, expect, it } from "vitest";
import { DEFAULT_LOW_STOCK_THRESHOLD, stockLevel } from "./stock-level";

describe("stockLevel", () => {
  it("calls a size with nothing left sold out, whatever its alert level, even with none", () => {
    expect(stockLevel(0, 0)).toBe("sold-out");
    expect(stockLevel(0, DEFAULT_LOW_STOCK_THRESHOLD)).toBe("sold-out");
  });

  it("calls 3 left low at the default alert level, and the level itself in stock", () => {
    expect(stockLevel(3, DEFAULT_LOW_STOCK_THRESHOLD)).toBe("low");
    expect(stockLevel(DEFAULT_LOW_STOCK_THRESHOLD, DEFAULT_LOW_STOCK_THRESHOLD)).toBe("in-stock");
    expect(stockLevel(3, 0)).toBe("in-stock");
  });
});
