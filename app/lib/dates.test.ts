import { describe, expect, it } from "vitest";
import {
  calendarDay,
  formatCalendarDate,
  formatUkDate,
  formatUkDateTime,
  formatUkFullDateTime,
  formatUkLongDate,
  formatUkLongDateTime,
  formatUkWeekdayDate,
  formatUkWeekdayDateTime,
  ukIsoDate,
} from "./dates";

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

describe("the UK time formatters", () => {
  const summer = new Date("2025-04-05T08:30:00Z"); // 09:30 BST
  const winter = new Date("2025-12-01T23:30:00Z"); // 23:30 GMT

  it("print an instant in UK time, BST or GMT", () => {
    expect(formatUkDate(summer)).toBe("5 Apr 2025");
    expect(formatUkLongDate(summer)).toBe("5 April 2025");
    expect(formatUkWeekdayDate(summer)).toBe("Saturday 5 April");
    expect(formatUkDateTime(summer)).toBe("5 Apr 2025, 09:30");
    expect(formatUkLongDateTime(summer)).toBe("5 April 2025 at 09:30");
    expect(formatUkFullDateTime(summer)).toBe("Saturday, 5 April 2025 at 09:30");
    expect(formatUkWeekdayDateTime(summer)).toBe("Saturday 5 April at 09:30");
    expect(ukIsoDate(summer)).toBe("2025-04-05");
    expect(formatUkDateTime(winter)).toBe("1 Dec 2025, 23:30");
  });

  it("take the UK's date where it differs from UTC's", () => {
    const afterMidnightBst = new Date("2025-06-30T23:30:00Z");
    expect(ukIsoDate(afterMidnightBst)).toBe("2025-07-01");
    expect(formatUkDate(afterMidnightBst)).toBe("1 Jul 2025");
  });

  it("take a Date, an ISO string or epoch milliseconds alike", () => {
    expect(formatUkDateTime(summer.toISOString())).toBe(formatUkDateTime(summer));
    expect(formatUkDateTime(summer.getTime())).toBe(formatUkDateTime(summer));
  });

  it("print what the spelt-out options printed, every seven hours of a year", () => {
    // Some copies they replaced named the fields one by one rather than by style.
    const uk = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "Europe/London" });
    const shortDateTime = uk({ day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
    const shortDate = uk({ day: "numeric", month: "short", year: "numeric" });
    const longDate = uk({ day: "numeric", month: "long", year: "numeric" });
    for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2026, 0, 1); time += 7 * 3_600_000) {
      expect(formatUkDateTime(time)).toBe(shortDateTime.format(time));
      expect(formatUkDate(time)).toBe(shortDate.format(time));
      expect(formatUkLongDate(time)).toBe(longDate.format(time));
    }
  });
});
