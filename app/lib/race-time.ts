import { TZDate } from "@date-fns/tz";

/** Rounds are defined in UK local time; BST and GMT are handled by the zone rules. */
export const RACE_TIME_ZONE = "Europe/London";
export const ROUND_DAY_STARTS = "09:00";
export const ROUND_DAY_ENDS = "18:00";

export interface RoundDates {
  /** Local calendar dates, YYYY-MM-DD. */
  startDate: string;
  endDate: string;
}

/** The instant of a local UK date and time ("2025-04-05", "09:00"). */
export function ukLocalTime(date: string, time: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  if (!year || !month || !day || hour === undefined || minute === undefined || Number.isNaN(hour + minute)) {
    throw new RangeError(`Not a date and time: ${date} ${time}`);
  }
  return new Date(new TZDate(year, month - 1, day, hour, minute, RACE_TIME_ZONE).getTime());
}

export function roundStartsAt(round: RoundDates): Date {
  return ukLocalTime(round.startDate, ROUND_DAY_STARTS);
}

export function roundEndsAt(round: RoundDates): Date {
  return ukLocalTime(round.endDate, ROUND_DAY_ENDS);
}

/**
 * A round with the instants its weekend starts and ends, worked out on the server (`withInstants`).
 * The browser compares them with its clock as they are: working them out there would load the
 * time-zone data, the first `Intl` formatter a page makes, 20 ms of a phone's main thread while the
 * calendar hydrates (ADR 0112).
 */
export interface TimedRound extends RoundDates {
  /** ISO instant of the first day's 09:00 UK time. */
  startsAt: string;
  /** ISO instant of the last day's 18:00 UK time. */
  endsAt: string;
}

export function withInstants<T extends RoundDates>(round: T): T & TimedRound {
  return { ...round, startsAt: roundStartsAt(round).toISOString(), endsAt: roundEndsAt(round).toISOString() };
}

/** Completed once its last day's 18:00 has passed, whatever a status field says. */
export function isRoundCompleted(round: TimedRound, now: Date): boolean {
  return now.getTime() >= Date.parse(round.endsAt);
}

/** The first round, by start, whose end has not passed; null when the season is over. */
export function nextRound<T extends TimedRound>(rounds: readonly T[], now: Date): T | null {
  return [...rounds].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt)).find((round) => !isRoundCompleted(round, now)) ?? null;
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds until `target`; all zero once it has come. */
export function countdownTo(target: Date, now: Date): Countdown {
  const totalSeconds = Math.max(0, Math.floor((target.getTime() - now.getTime()) / 1000));
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3_600),
    minutes: Math.floor((totalSeconds % 3_600) / 60),
    seconds: totalSeconds % 60,
  };
}
