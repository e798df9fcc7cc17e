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

/*
 * Instants in UK time (Europe/London, BST or GMT as the day has it), in British English: the one
 * set of `Intl` formatters the site uses. Each is made on its first use, not when this module
 * loads, so a page that imports the calendar helpers above pays nothing for them (ADR 0112).
 * They take a Date, an ISO string or epoch milliseconds. Examples are for 2025-04-05T08:30Z.
 */

const UK_TIME_ZONE = "Europe/London";

type Instant = Date | string | number;

function ukFormatter(locale: "en-GB" | "en-CA", options: Intl.DateTimeFormatOptions): (at: Instant) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (at) => {
    formatter ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: UK_TIME_ZONE });
    return formatter.format(typeof at === "string" ? new Date(at) : at);
  };
}

/** "5 Apr 2025" */
export const formatUkDate = ukFormatter("en-GB", { dateStyle: "medium" });

/** "5 April 2025" */
export const formatUkLongDate = ukFormatter("en-GB", { dateStyle: "long" });

/** "Saturday 5 April" */
export const formatUkWeekdayDate = ukFormatter("en-GB", { weekday: "long", day: "numeric", month: "long" });

/** "5 Apr 2025, 09:30" */
export const formatUkDateTime = ukFormatter("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** "5 April 2025 at 09:30" */
export const formatUkLongDateTime = ukFormatter("en-GB", { dateStyle: "long", timeStyle: "short" });

/** "Saturday, 5 April 2025 at 09:30" */
export const formatUkFullDateTime = ukFormatter("en-GB", { dateStyle: "full", timeStyle: "short" });

/** "Saturday 5 April at 09:30" */
export const formatUkWeekdayDateTime = ukFormatter("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
});

/** "2025-04-05": the UK calendar date of an instant, as an ISO date (a form's date field, a comparison with stored dates). */
export const ukIsoDate = ukFormatter("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" });
