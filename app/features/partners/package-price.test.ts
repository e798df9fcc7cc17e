import { describe, expect, it } from "vitest";
import { formatPackagePrice } from "./package-price";

describe("formatPackagePrice", () => {
  it("shows whole pounds without pence", () => {
    expect(formatPackagePrice(30_000)).toBe("£300");
    expect(formatPackagePrice(50_000)).toBe("£500");
    expect(formatPackagePrice(100_000)).toBe("£1,000");
  });

  it("keeps pence when there are some", () => {
    expect(formatPackagePrice(29_950)).toBe("£299.50");
    expect(formatPackagePrice(5)).toBe("£0.05");
  });
});
