import { describe, expect, it } from "vitest";
import { formatCalendarDate } from "./dates";

describe("formatCalendarDate", () => {
  it("formats in British English", () => {
    expect(formatCalendarDate("2025-03-01")).toBe("1 March 2025");
    expect(formatCalendarDate("2025-11-02")).toBe("2 November 2025");
  });

  it("refuses something that is not a date", () => {
    expect(() => formatCalendarDate("soon")).toThrow(RangeError);
  });
});
