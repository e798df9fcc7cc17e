/**
 * A round as it happens, as the browser holds it: its sessions with their live states, the
 * paddock ticker and each session's classifications. The round page is rendered from a
 * `LiveRound`; the server builds the first one, and every live event after it is applied with
 * `applyLiveEvent`, the same on the server (tests) and in the browser (the stream, the feed).
 * Pure: no clock, no database.
 */

/** What staff can set with two taps; a session they have not touched follows its timetable. */
export const STAFF_SESSION_STATES = ["scheduled", "running", "red_flag", "finished"] as const;
export type StaffSessionState = (typeof STAFF_SESSION_STATES)[number];

/** Where a session stands, as the round page says it. */
export type SessionPhase = StaffSessionState | "provisional" | "final" | "reissued";

export const CLASSIFICATION_STATUSES = ["provisional", "final"] as const;
export type ClassificationStatus = (typeof CLASSIFICATION_STATUSES)[number];

/** How a car ended a session: classified with a position, or one of the timing sheet's words. */
export const UNPLACED_STATUSES = ["DNF", "DQ", "NC", "RET", "DNS"] as const;
export type ClassifiedStatus = "CLASSIFIED" | (typeof UNPLACED_STATUSES)[number];

/** One car's line of a classification, as published (TSL's columns), with our driver matched. */
export interface ClassifiedRow {
  /** 1-based; null when not classified (`status` says why). */
  position: number | null;
  status: ClassifiedStatus;
  carNumber: number;
  /** The class column ("cl"), empty when the sheet has none. */
  racingClass: string;
  /** Position in class ("pic"), when printed. */
  positionInClass: number | null;
  driverName: string;
  car: string;
  laps: number | null;
  /** As printed: "15:02.345", "+1 lap". */
  time: string;
  gap: string;
  bestLap: string;
  /** Our driver's id when the car is one of ours, else null. */
  driverId: string | null;
}

export interface SessionView {
  id: string;
  name: string;
  /** UK local date, YYYY-MM-DD. */
  date: string;
  /** UK local HH:MM, or null while not announced. */
  time: string | null;
  /** ISO instants worked out on the server (the browser loads no time-zone data): null when untimed. */
  startsAt: string | null;
  endsAt: string | null;
  /** Staff's state and when they set it; null when the timetable decides. */
  staffState: StaffSessionState | null;
  staffStateAt: string | null;
}

export interface ClassificationView {
  sessionId: string;
  version: number;
  status: ClassificationStatus;
  /** ISO instant of issue. */
  issuedAt: string;
  note: string;
  rows: ClassifiedRow[];
}

export type TickerKind = "text" | "photo" | "position" | "state";

export interface TickerPostView {
  id: number;
  kind: TickerKind;
  body: string;
  /** A photo's picture, as the media pipeline serves it. */
  photo: { src: string; srcSet: string; alt: string; width: number; height: number } | null;
  driver: { id: string; name: string; number: number } | null;
  position: number | null;
  sessionId: string | null;
  postedAt: string;
  editedAt: string | null;
}

/** The live events, as stored in `live_events` and sent on the stream and the feed. */
export type LiveEvent =
  | { id: number; roundId: string; kind: "session"; payload: { sessionId: string; state: StaffSessionState | null; at: string } }
  | { id: number; roundId: string; kind: "ticker"; payload: TickerPostView }
  | { id: number; roundId: string; kind: "ticker-removed"; payload: { postId: number } }
  | { id: number; roundId: string; kind: "classification"; payload: ClassificationView };

export type LiveEventKind = LiveEvent["kind"];

export interface LiveRound {
  roundId: string;
  /** The last live event this state includes (0 before the first). */
  lastEventId: number;
  sessions: SessionView[];
  /** Newest first. */
  ticker: TickerPostView[];
  /** Every version of every session's classification, oldest first. */
  classifications: ClassificationView[];
}

/**
 * The state after one event. Events already included (id ≤ lastEventId) change nothing, so a
 * replayed event is never shown twice; events of another round are ignored.
 */
export function applyLiveEvent(round: LiveRound, event: LiveEvent): LiveRound {
  if (event.roundId !== round.roundId || event.id <= round.lastEventId) return round;
  const next = { ...round, lastEventId: event.id };
  switch (event.kind) {
    case "session":
      return {
        ...next,
        sessions: round.sessions.map((session) =>
          session.id === event.payload.sessionId
            ? { ...session, staffState: event.payload.state, staffStateAt: event.payload.state ? event.payload.at : null }
            : session,
        ),
      };
    case "ticker": {
      const others = round.ticker.filter((post) => post.id !== event.payload.id);
      return { ...next, ticker: [event.payload, ...others].sort((a, b) => Date.parse(b.postedAt) - Date.parse(a.postedAt) || b.id - a.id) };
    }
    case "ticker-removed":
      return { ...next, ticker: round.ticker.filter((post) => post.id !== event.payload.postId) };
    case "classification": {
      const { sessionId, version } = event.payload;
      const others = round.classifications.filter((issue) => !(issue.sessionId === sessionId && issue.version === version));
      return {
        ...next,
        classifications: [...others, event.payload].sort((a, b) => a.sessionId.localeCompare(b.sessionId) || a.version - b.version),
      };
    }
  }
}

/** A session's classifications, oldest first; the last is current, the others superseded. */
export function classificationsOf(round: Pick<LiveRound, "classifications">, sessionId: string): ClassificationView[] {
  return round.classifications.filter((issue) => issue.sessionId === sessionId).sort((a, b) => a.version - b.version);
}

/**
 * Where a session stands at `now`: its classification when one is issued (re-issued once a
 * version follows a final one), else staff's state, else its timetable (scheduled before its
 * start, running until its end, finished after).
 */
export function sessionPhase(session: SessionView, issues: readonly ClassificationView[], now: Date): SessionPhase {
  const latest = issues.at(-1);
  if (latest) {
    const earlierFinal = issues.slice(0, -1).some((issue) => issue.status === "final");
    return earlierFinal ? "reissued" : latest.status;
  }
  if (session.staffState) return session.staffState;
  if (!session.startsAt || !session.endsAt) return "scheduled";
  const at = now.getTime();
  if (at < Date.parse(session.startsAt)) return "scheduled";
  if (at < Date.parse(session.endsAt)) return "running";
  return "finished";
}

/**
 * When the session finished: when staff said so, else its timetable's end once passed; null
 * while it has not. What the results watchdog counts from.
 */
export function sessionFinishedAt(session: SessionView, now: Date): Date | null {
  if (session.staffState === "finished" && session.staffStateAt) return new Date(session.staffStateAt);
  if (session.staffState) return null;
  if (session.endsAt && Date.parse(session.endsAt) <= now.getTime()) return new Date(session.endsAt);
  return null;
}

export const SESSION_PHASE_LABELS: Record<SessionPhase, string> = {
  scheduled: "Scheduled",
  running: "Running",
  red_flag: "Red flag",
  finished: "Finished",
  provisional: "Provisional result",
  final: "Final result",
  reissued: "Re-issued result",
};
