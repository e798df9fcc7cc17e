/** Builds the iCalendar (RFC 5545) feed served at /calendar.ics. Pure: no clock, no database. */
import { brand } from "~/brand";
import { sessionMinutes } from "~/lib/session-kind";
import { ROUND_DAY_ENDS, ROUND_DAY_STARTS, roundEndsAt, roundStartsAt, ukLocalTime } from "~/lib/race-time";
import { formatSessionDay, TIME_TO_BE_ANNOUNCED } from "./schedule";

// Calendar apps recognise an event by its UID across refreshes, so this must never change,
// even if the site moves to another address.
export const UID_DOMAIN = "ridgeway-racing.example";
/** How often subscribed calendar apps are asked to check for changes. */
export const REFRESH_INTERVAL = "PT12H";

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;

export interface FeedSession {
  sortOrder: number;
  name: string;
  /** Local UK date, YYYY-MM-DD. */
  date: string;
  /** Local UK HH:MM, or null while not announced. */
  time: string | null;
}

export interface FeedRound {
  id: string;
  seasonYear: number;
  roundNumber: number;
  name: string;
  circuit: string;
  location: string;
  organizer: string;
  startDate: string;
  endDate: string;
  raceLengthMinutes: number;
  sessions: readonly FeedSession[];
}

export interface FeedOptions {
  /** Where each event links to: the site's /calendar page. */
  calendarUrl: string;
  /** When the feed was generated: every event's DTSTAMP. */
  generatedAt: Date;
}

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line into lines of at most 75 octets (the continuation's
 * leading space included), never splitting a UTF-8 character.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = lines.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

/** A UTC DATE-TIME: 2025-04-05T08:00:00Z → "20250405T080000Z". */
export function formatUtcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function roundUid(round: Pick<FeedRound, "id">): string {
  return `${round.id}@${UID_DOMAIN}`;
}

export function sessionUid(round: Pick<FeedRound, "id">, session: Pick<FeedSession, "sortOrder">): string {
  return `${round.id}-${session.sortOrder}@${UID_DOMAIN}`;
}

type Property = [name: string, value: string];

function text(name: string, value: string): Property {
  return [name, escapeText(value)];
}

function event(properties: Property[]): string[] {
  return ["BEGIN:VEVENT", ...properties.map(([name, value]) => `${name}:${value}`), "END:VEVENT"];
}

function roundLocation(round: FeedRound): string {
  return `${round.circuit}, ${round.location}`;
}

function roundSummary(round: FeedRound): string {
  return `Round ${round.roundNumber} of the ${round.seasonYear} season at ${round.circuit}, organised by ${round.organizer}.`;
}

function roundDescription(round: FeedRound): string {
  const schedule = round.sessions.map(
    (session) => `${session.name}: ${formatSessionDay(session.date)}, ${session.time ?? TIME_TO_BE_ANNOUNCED}`,
  );
  return [
    roundSummary(round),
    `Track days run ${ROUND_DAY_STARTS}–${ROUND_DAY_ENDS} UK time.`,
    schedule.length > 0 ? `Sessions (UK time):\n${schedule.join("\n")}` : "Schedule to be announced.",
  ].join("\n\n");
}

function roundEvent(round: FeedRound, options: FeedOptions): string[] {
  return event([
    ["UID", roundUid(round)],
    ["DTSTAMP", formatUtcDateTime(options.generatedAt)],
    ["DTSTART", formatUtcDateTime(roundStartsAt(round))],
    ["DTEND", formatUtcDateTime(roundEndsAt(round))],
    text("SUMMARY", `${brand.name}: Round ${round.roundNumber}, ${round.name}`),
    text("LOCATION", roundLocation(round)),
    text("DESCRIPTION", roundDescription(round)),
    ["URL", options.calendarUrl],
    ["STATUS", "CONFIRMED"],
    // A weekend spans whole days: it should not mark the subscriber as busy.
    ["TRANSP", "TRANSPARENT"],
  ]);
}

function sessionEvent(round: FeedRound, session: FeedSession & { time: string }, options: FeedOptions): string[] {
  const start = ukLocalTime(session.date, session.time);
  const end = new Date(start.getTime() + sessionMinutes(session.name, round.raceLengthMinutes) * 60_000);
  return event([
    ["UID", sessionUid(round, session)],
    ["DTSTAMP", formatUtcDateTime(options.generatedAt)],
    ["DTSTART", formatUtcDateTime(start)],
    ["DTEND", formatUtcDateTime(end)],
    text("SUMMARY", `${brand.name}: ${round.name}, ${session.name}`),
    text("LOCATION", roundLocation(round)),
    text("DESCRIPTION", roundSummary(round)),
    ["URL", options.calendarUrl],
    ["STATUS", "CONFIRMED"],
  ]);
}

function hasTime(session: FeedSession): session is FeedSession & { time: string } {
  return session.time !== null;
}

function calendarHead(): string[] {
  return ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:-//${brand.name}//Race Calendar//EN`, "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
}

/**
 * One session as a calendar file of its own ("Add to calendar" on the round page): the same
 * event, with the same UID, as the feed's, so a subscriber who adds it too sees it once.
 * Null for a session whose time is not announced.
 */
export function buildSessionCalendar(round: FeedRound, session: FeedSession, options: FeedOptions): string | null {
  if (!hasTime(session)) return null;
  const lines = [...calendarHead(), ...sessionEvent(round, session, options), "END:VCALENDAR"];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** The whole feed: each round from 09:00 on its first day to 18:00 on its last, and each timed session. */
export function buildCalendarFeed(rounds: readonly FeedRound[], options: FeedOptions): string {
  const lines = [
    ...calendarHead(),
    `X-WR-CALNAME:${escapeText(`${brand.name} Race Calendar`)}`,
    `X-WR-CALDESC:${escapeText(`Race weekends and sessions of ${brand.name}. Times are UK local time.`)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH_INTERVAL}`,
    `X-PUBLISHED-TTL:${REFRESH_INTERVAL}`,
    ...rounds.flatMap((round) => [
      ...roundEvent(round, options),
      ...round.sessions.filter(hasTime).flatMap((session) => sessionEvent(round, session, options)),
    ]),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
