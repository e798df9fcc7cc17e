import { describe, expect, it } from "vitest";
import { formatPence, penceToDecimal } from "./money";

describe("formatPence", () => {
  it("shows pounds with two decimals", () => {
    expect(formatPence(2500)).toBe("£25.00");
    expect(formatPence(599)).toBe("£5.99");
    expect(formatPence(0)).toBe("£0.00");
    expect(formatPence(123456)).toBe("£1,234.56");
    expect(formatPence(-250)).toBe("-£2.50");
  });

  it("prints what Intl's en-GB pounds print", () => {
    const intl = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2 });
    const amounts = [1, 5, 99, 100, 101, 99_999, 100_000, 100_001, 12_345_678];
    for (let seed = 1; amounts.length < 2_000; seed = (seed * 48_271) % 2_147_483_647) amounts.push(1 + (seed % 10 ** (1 + (seed % 12))));
    for (const pence of amounts) {
      expect(formatPence(pence)).toBe(intl.format(pence / 100));
      expect(formatPence(-pence)).toBe(intl.format(-pence / 100));
    }
  });

  it("prints no minus for zero, and the exact pence of the largest amount (where dividing by 100 would round)", () => {
    expect(formatPence(-0)).toBe("£0.00");
    expect(formatPence(Number.MAX_SAFE_INTEGER)).toBe("£90,071,992,547,409.91");
  });

  it("refuses amounts that are not whole pence", () => {
    expect(() => formatPence(5.99)).toThrow(RangeError);
    expect(() => formatPence(Number.NaN)).toThrow(RangeError);
  });
});

describe("penceToDecimal", () => {
  it("writes a plain decimal string", () => {
    expect(penceToDecimal(599)).toBe("5.99");
    expect(penceToDecimal(2500)).toBe("25.00");
    expect(penceToDecimal(5)).toBe("0.05");
    expect(penceToDecimal(-1205)).toBe("-12.05");
  });
});
