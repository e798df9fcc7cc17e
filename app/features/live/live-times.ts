/**
 * The round page's times. The server writes out every instant its first render shows (ADR 0112:
 * the browser builds no `Intl` formatter while the page hydrates); an instant that arrives later
 * with a live event is formatted in the browser then, after hydration, by the site's UK formatters.
 */
import { formatUkWeekdayDateTime } from "~/lib/dates";

/** "16:42" in UK time, and "Saturday 10 May at 16:42". */
export interface InstantLabels {
  clock: string;
  full: string;
}

export type TimeLabels = Record<string, InstantLabels>;

let ukClockFormatter: Intl.DateTimeFormat | undefined;

/** Writes out an instant in UK time (used by the server for the first render, by the browser for later events). */
export function ukInstantLabels(iso: string): InstantLabels {
  ukClockFormatter ??= new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });
  return { clock: ukClockFormatter.format(new Date(iso)), full: formatUkWeekdayDateTime(iso) };
}

/** The labels of `instants`, by ISO string: what the server sends with the page. */
export function timeLabelsFor(instants: Iterable<string | null | undefined>): TimeLabels {
  const labels: TimeLabels = {};
  for (const iso of instants) if (iso && !labels[iso]) labels[iso] = ukInstantLabels(iso);
  return labels;
}

/** An instant's labels: the server's when it wrote them, else made now (only ever after hydration). */
export function labelsOf(labels: TimeLabels, iso: string): InstantLabels {
  return labels[iso] ?? ukInstantLabels(iso);
}

/**
 * The visitor's own time of a UK session time, "17:10 your time", when their clock's zone shows
 * it differently; null when it is the same (or the zone cannot be told). Browser only, after
 * hydration.
 */
export function visitorTimeOf(startsAt: string, ukClock: string): string | null {
  try {
    const local = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" }).format(new Date(startsAt));
    if (local === ukClock) return null;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return `${local} your time${zone ? ` (${zone.replace(/_/g, " ")})` : ""}`;
  } catch {
    return null;
  }
}
