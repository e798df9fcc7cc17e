import { TZDate } from "@date-fns/tz";
import { RACE_TIME_ZONE } from "./race-time";
import { SPOILER_FREE_COOKIE } from "./spoiler-free-names";

/*
 * Spoiler-free mode (issue 40): a fan who will watch a round later hides its results, positions,
 * ticker and result pushes until they reveal that round or the mode ends on its own, on the
 * Monday after the weekend at 23:00 UK time. No account: the state is one cookie on the fan's
 * device, read by the page before it paints and copied to their push subscription.
 *
 * Cookie value: `<until, epoch seconds>` then, for each revealed round, `.<roundId>`:
 * "1796684400" or "1796684400.2026-r3.2026-r4". Round ids are letters, digits, "_" and "-", so the
 * value needs no escaping.
 */

export { SPOILER_FREE_CHANGED_EVENT, SPOILER_FREE_COOKIE } from "./spoiler-free-names";

/** The weekday and UK time the mode ends by itself: Monday 23:00. */
const ENDS_ON_WEEKDAY = 1;
const ENDS_AT_HOUR = 23;

/** At most this many revealed rounds are kept (a season has about ten). */
const MAX_REVEALED = 24;

const roundIdPattern = /^[\w-]{1,80}$/;

export interface SpoilerFreeState {
  /** When the mode ends by itself. */
  until: Date;
  /** Rounds the fan has chosen to see, newest last. */
  revealedRoundIds: string[];
}

/**
 * The first Monday 23:00 UK time after `now` (the same Monday when it is Monday before 23:00).
 * Turning the mode on during a weekend covers that weekend and the Monday evening catch-up.
 */
export function spoilerFreeEndsAt(now: Date): Date {
  const local = new TZDate(now.getTime(), RACE_TIME_ZONE);
  const daysAhead = (ENDS_ON_WEEKDAY - local.getDay() + 7) % 7;
  const candidate = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + daysAhead, ENDS_AT_HOUR, 0, RACE_TIME_ZONE);
  if (candidate.getTime() > now.getTime()) return new Date(candidate.getTime());
  const nextWeek = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 7, ENDS_AT_HOUR, 0, RACE_TIME_ZONE);
  return new Date(nextWeek.getTime());
}

/** The mode as a cookie value. */
export function serializeSpoilerFree(state: SpoilerFreeState): string {
  const seconds = Math.floor(state.until.getTime() / 1000);
  const revealed = state.revealedRoundIds.filter((id) => roundIdPattern.test(id)).slice(-MAX_REVEALED);
  return [String(seconds), ...revealed].join(".");
}

/**
 * The mode from a cookie value, or null when it is off: no value, a malformed one (anything the
 * client sent that is not ours), or one whose end has passed by `now`'s clock.
 */
export function parseSpoilerFree(value: string | null | undefined, now: Date): SpoilerFreeState | null {
  if (!value || value.length > 2_000) return null;
  const [seconds, ...revealed] = value.split(".");
  if (!seconds || !/^\d{9,11}$/.test(seconds)) return null;
  const until = new Date(Number(seconds) * 1000);
  if (until.getTime() <= now.getTime()) return null;
  if (!revealed.every((id) => roundIdPattern.test(id))) return null;
  return { until, revealedRoundIds: [...new Set(revealed)].slice(-MAX_REVEALED) };
}

/** Whether a round's results are hidden from this fan. */
export function isRoundHidden(state: SpoilerFreeState | null, roundId: string): boolean {
  return state !== null && !state.revealedRoundIds.includes(roundId);
}

/** The state with one more round revealed. */
export function revealRound(state: SpoilerFreeState, roundId: string): SpoilerFreeState {
  if (state.revealedRoundIds.includes(roundId)) return state;
  return { ...state, revealedRoundIds: [...state.revealedRoundIds, roundId].slice(-MAX_REVEALED) };
}

/** What a fan asks of the mode: turn it on, turn it off (every round shown), or show one round. */
export type SpoilerFreeChange = { intent: "on" } | { intent: "off" } | { intent: "reveal"; roundId: string };

/**
 * The mode after a change at `now`. Turning it on (again) ends it at the next Monday 23:00 and
 * keeps the rounds already revealed; revealing a round while the mode is off leaves it off.
 */
export function changeSpoilerFree(state: SpoilerFreeState | null, change: SpoilerFreeChange, now: Date): SpoilerFreeState | null {
  switch (change.intent) {
    case "on":
      return { until: spoilerFreeEndsAt(now), revealedRoundIds: state?.revealedRoundIds ?? [] };
    case "off":
      return null;
    case "reveal":
      return state && revealRound(state, change.roundId);
  }
}

/**
 * The Set-Cookie header for the mode, or for ending it (null). Not HttpOnly: the page's script in
 * <head> reads it before the first paint. `Expires` and `Max-Age` both say the value's own end:
 * `Max-Age` counts from the server's clock, so a device whose clock is wrong still drops it on
 * time; `Expires` is for the few clients that ignore `Max-Age`.
 */
export function spoilerFreeCookieHeader(state: SpoilerFreeState | null, options: { secure: boolean; now: Date }): string {
  const attributes = ["Path=/", "SameSite=Lax", ...(options.secure ? ["Secure"] : [])];
  if (!state) return [`${SPOILER_FREE_COOKIE}=`, "Max-Age=0", "Expires=Thu, 01 Jan 1970 00:00:00 GMT", ...attributes].join("; ");
  const maxAge = Math.max(0, Math.floor((state.until.getTime() - options.now.getTime()) / 1000));
  return [
    `${SPOILER_FREE_COOKIE}=${serializeSpoilerFree(state)}`,
    `Expires=${state.until.toUTCString()}`,
    `Max-Age=${maxAge}`,
    ...attributes,
  ].join("; ");
}

/** The mode's cookie value from a Cookie header, or null without one. */
export function spoilerFreeCookieValue(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const equals = part.indexOf("=");
    if (equals !== -1 && part.slice(0, equals).trim() === SPOILER_FREE_COOKIE) return part.slice(equals + 1).trim();
  }
  return null;
}

/** Whether `roundId` has the shape of a round id (the cookie keeps nothing else). */
export function isSpoilerFreeRoundId(roundId: string): boolean {
  return roundIdPattern.test(roundId);
}
