import { displayCount, METRIC_LABELS, METRICS, type Metric } from "./placements";

/*
 * A partner's report from the day's counts (ADR 0131), with no I/O: each day belongs to a race
 * weekend (the days after the previous round's end up to this round's end: the build-up and the
 * weekend itself); days after the season's last round are "since the last round".
 */

export interface CountRow {
  placementId: string;
  /** UK calendar day, "2026-05-02". */
  day: string;
  metric: Metric;
  count: number;
}

export interface RoundWindow {
  id: string;
  name: string;
  roundNumber: number;
  startDate: string;
  endDate: string;
}

export type Totals = Record<Metric, number>;

export const emptyTotals = (): Totals => Object.fromEntries(METRICS.map((metric) => [metric, 0])) as Totals;

/** The round whose weekend a day is counted in: the first round ending on or after it; null after the last. */
export function weekendOf(day: string, rounds: readonly RoundWindow[]): string | null {
  for (const round of rounds) if (day <= round.endDate) return round.id;
  return null;
}

export interface WeekendTotals {
  roundId: string | null;
  label: string;
  totals: Totals;
}

export interface ReportSummary {
  weekends: WeekendTotals[];
  season: Totals;
  placements: Array<{ placementId: string; totals: Totals }>;
}

/** Totals per race weekend, for the season to date, and per placement; `rounds` in date order. */
export function summarise(rows: readonly CountRow[], rounds: readonly RoundWindow[]): ReportSummary {
  const sorted = [...rounds].sort((a, b) => a.endDate.localeCompare(b.endDate));
  const weekends = new Map<string | null, WeekendTotals>(
    sorted.map((round) => [round.id, { roundId: round.id, label: `Round ${round.roundNumber}: ${round.name}`, totals: emptyTotals() }]),
  );
  const season = emptyTotals();
  const placements = new Map<string, Totals>();
  for (const row of rows) {
    const roundId = weekendOf(row.day, sorted);
    let weekend = weekends.get(roundId);
    if (!weekend) {
      weekend = { roundId: null, label: "Since the last round", totals: emptyTotals() };
      weekends.set(roundId, weekend);
    }
    weekend.totals[row.metric] += row.count;
    season[row.metric] += row.count;
    const placement = placements.get(row.placementId) ?? emptyTotals();
    placement[row.metric] += row.count;
    placements.set(row.placementId, placement);
  }
  return {
    weekends: [...weekends.values()],
    season,
    placements: [...placements.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([placementId, totals]) => ({ placementId, totals })),
  };
}

/** The metrics a report shows (the optional "seen" count only when something was counted). */
export function shownMetrics(totals: Totals): Metric[] {
  return METRICS.filter((metric) => metric !== "seen" || totals.seen > 0);
}

/** A CSV cell, quoted when it must be, and never read as a formula by a spreadsheet. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The report as CSV: one row per race weekend and the season to date, small counts as "fewer than 10". */
export function reportCsv(partnerName: string, summary: ReportSummary, placementLabel: (id: string) => string): string {
  const metrics = shownMetrics(summary.season);
  const lines: string[][] = [["Partner", partnerName], [], ["Race weekend", ...metrics.map((metric) => METRIC_LABELS[metric])]];
  for (const weekend of summary.weekends) lines.push([weekend.label, ...metrics.map((metric) => displayCount(weekend.totals[metric]))]);
  lines.push(["Season to date", ...metrics.map((metric) => displayCount(summary.season[metric]))]);
  lines.push([], ["Placement", ...metrics.map((metric) => METRIC_LABELS[metric])]);
  for (const placement of summary.placements) {
    lines.push([placementLabel(placement.placementId), ...metrics.map((metric) => displayCount(placement.totals[metric]))]);
  }
  return `${lines.map((line) => line.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** "2026-11": the calendar month before the one `today` is in. */
export function previousMonth(today: string): string {
  const [year, month] = today.split("-").map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

/** The first and last day of a month ("2026-11" → 2026-11-01, 2026-11-30). */
export function monthBounds(month: string): { from: string; to: string } {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}
