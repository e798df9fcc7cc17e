import { describe, expect, it } from "vitest";
import { calendarDay, formatCalendarDate } from "./dates";

describe("formatCalendarDate", () => {
  it("formats in British English", () => {
    expect(formatCalendarDate("2025-03-01")).toBe("1 March 2025");
    expect(formatCalendarDate("2025-11-02")).toBe("2 November 2025");
  });

  it("refuses something that is not a date", () => {
    expect(() => formatCalendarDate("soon")).toThrow(RangeError);
    expect(() => formatCalendarDate("2025-13-01")).toThrow(RangeError);
  });

  it("prints what Intl's en-GB long date prints, every day of four years", () => {
    const intl = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    const weekday = new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "UTC" });
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2028, 0, 1); time += 86_400_000) {
      const isoDate = new Date(time).toISOString().slice(0, 10);
      expect(formatCalendarDate(isoDate)).toBe(intl.format(time));
      expect(calendarDay(isoDate).weekday).toBe(weekday.format(time));
    }
  });
});
