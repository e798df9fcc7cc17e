import { calendarDay } from "~/lib/dates";
import { isRoundCompleted, type RoundDates, type TimedRound } from "~/lib/race-time";
import type { SessionLiveSummary } from "~/features/live/round-status";

/** How often the countdown and the calendar read the clock. */
export const COUNTDOWN_TICK_MS = 1000;

/** "5 April 2025", "10–11 May 2025", "31 May – 1 June 2025", "30 December 2025 – 1 January 2026". */
export function formatRoundDates({ startDate, endDate }: RoundDates): string {
  const start = calendarDay(startDate);
  const end = calendarDay(endDate);
  if (startDate === endDate) return `${start.day} ${start.month} ${start.year}`;
  if (start.year !== end.year) {
    return `${start.day} ${start.month} ${start.year} – ${end.day} ${end.month} ${end.year}`;
  }
  if (start.month !== end.month) return `${start.day} ${start.month} – ${end.day} ${end.month} ${end.year}`;
  return `${start.day}–${end.day} ${end.month} ${end.year}`;
}

/** "Saturday 10 May". */
export function formatSessionDay(isoDate: string): string {
  const { weekday, day, month } = calendarDay(isoDate);
  return `${weekday} ${day} ${month}`;
}

/** What a schedule shows for a session whose time is not announced. */
export const TIME_TO_BE_ANNOUNCED = "TBA";

/** The weekend's first session time (local HH:MM), or "TBA" while it is not announced. */
export function weekendStartTime(sessions: ReadonlyArray<{ time: string | null }>): string {
  return sessions[0]?.time ?? TIME_TO_BE_ANNOUNCED;
}

/** Splits rounds by the clock (not by any status field), each half in calendar order. */
export function splitByCompletion<T extends TimedRound>(rounds: readonly T[], now: Date) {
  const completed: T[] = [];
  const upcoming: T[] = [];
  for (const round of rounds) (isRoundCompleted(round, now) ? completed : upcoming).push(round);
  return { completed, upcoming };
}

/** What the next-race panel prints of a round (its countdown runs to the round's start). */
export interface NextRaceRound extends TimedRound {
  id: string;
  roundNumber: number;
  name: string;
  circuit: string;
  location: string;
  circuitUrl: string;
  layoutImage: string;
  circuitLengthMiles: number;
  circuitTurns: number;
  raceLengthMinutes: number;
  sessions: { sortOrder: number; name: string; date: string; time: string | null }[];
  /** Each session's live state (issue 39): what "Race 1 — running now" is worked out from. */
  live?: SessionLiveSummary[];
}

/**
 * The rounds a next-race panel can still show after `now`: those not yet ended, in
 * calendar order, with only what the panel prints (no results, no other rounds). The
 * page's own clock moves the panel on from one to the next while it stays open.
 */
export function nextRaceRounds(rounds: readonly NextRaceRound[], now: Date): NextRaceRound[] {
  return splitByCompletion(rounds, now).upcoming.map((round) => ({
    id: round.id,
    roundNumber: round.roundNumber,
    name: round.name,
    circuit: round.circuit,
    location: round.location,
    startDate: round.startDate,
    endDate: round.endDate,
    startsAt: round.startsAt,
    endsAt: round.endsAt,
    circuitUrl: round.circuitUrl,
    layoutImage: round.layoutImage,
    circuitLengthMiles: round.circuitLengthMiles,
    circuitTurns: round.circuitTurns,
    raceLengthMinutes: round.raceLengthMinutes,
    sessions: round.sessions.map(({ sortOrder, name, date, time }) => ({ sortOrder, name, date, time })),
    ...(round.live ? { live: round.live } : {}),
  }));
}

/**
 * A circuit's length to at most two decimals, as en-GB prints it: 2.9 → "2.9", 2.6389 → "2.64",
 * 0.015 → "0.02" (rounded as written, half up, not as stored in binary). Lengths are 0.01 – 20 miles
 * (the round form's rule), so no grouping and no exponent.
 */
export function formatMiles(miles: number): string {
  return String(Math.round(Number(`${miles}e2`)) / 100);
}

export function formatPoints(points: number): string {
  return `${points} ${points === 1 ? "pt" : "pts"}`;
}

/** The two-digit figure a countdown box shows. */
export function padCountdownValue(value: number): string {
  return String(value).padStart(2, "0");
}

/** The published season after the one that ended, with its first round once it has one. */
export interface FollowingSeason {
  year: number;
  firstRound: { name: string; startDate: string } | null;
}

/** Names the season that ended and the next: the published one when there is one, else the year after. */
export function seasonCompleteMessage(seasonYear: number, nextSeason: FollowingSeason | null = null): string {
  const ended = `The ${seasonYear} season has concluded.`;
  if (!nextSeason) return `${ended} Stay tuned for the ${seasonYear + 1} season!`;
  if (!nextSeason.firstRound) return `${ended} The ${nextSeason.year} calendar is on its way.`;
  const { name, startDate } = nextSeason.firstRound;
  return `${ended} The ${nextSeason.year} season starts on ${formatRoundDates({ startDate, endDate: startDate })} at ${name}.`;
}
