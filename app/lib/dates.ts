/**
 * Calendar dates in British English, without `Intl` (ADR 0112). The first `Intl` formatter a page
 * makes costs 20–35 ms on a mid-range phone's main thread (ICU loads its data), and the key pages
 * print dates while they hydrate; English month and weekday names do not change, and a table prints
 * the same text on the server and in every browser, whatever their ICU version.
 */

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** By `Date#getUTCDay()`: Sunday first. */
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export interface CalendarDay {
  day: number;
  month: (typeof MONTH_NAMES)[number];
  year: number;
  weekday: (typeof WEEKDAY_NAMES)[number];
}

/** "2025-05-10" → { day: 10, month: "May", year: 2025, weekday: "Saturday" }. Calendar dates carry no time, so no zone shifts them. */
export function calendarDay(isoDate: string): CalendarDay {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a calendar date: ${isoDate}`);
  return {
    day: date.getUTCDate(),
    month: MONTH_NAMES[date.getUTCMonth()]!,
    year: date.getUTCFullYear(),
    weekday: WEEKDAY_NAMES[date.getUTCDay()]!,
  };
}

/** "2025-03-01" → "1 March 2025". */
export function formatCalendarDate(isoDate: string): string {
  const { day, month, year } = calendarDay(isoDate);
  return `${day} ${month} ${year}`;
}
