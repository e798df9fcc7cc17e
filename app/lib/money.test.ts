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
