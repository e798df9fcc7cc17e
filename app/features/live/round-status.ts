/**
 * What a round's sessions say in one line, for the pages that follow the live state beside the
 * round page: the home page's next-race panel and the calendar ("Race 1 — running now",
 * "Race 1 — provisional result"). Pure: the clock is passed in.
 */
import { roundEndsAt, roundStartsAt, type RoundDates } from "~/lib/race-time";
import { SESSION_PHASE_LABELS, sessionPhase, type ClassificationView, type SessionPhase, type SessionView } from "./live-round";

/** A session as the calendar and the panel carry it: its instants, staff's state and its issues' statuses. */
export interface SessionLiveSummary {
  id: string;
  name: string;
  startsAt: string | null;
  endsAt: string | null;
  staffState: SessionView["staffState"];
  staffStateAt: string | null;
  /** The versions issued, oldest first. */
  issues: Array<Pick<ClassificationView, "version" | "status">>;
}

/** A session's phase at `now` (sessionPhase, from a summary). */
export function summaryPhase(summary: SessionLiveSummary, now: Date): SessionPhase {
  const session: SessionView = { ...summary, date: "", time: null };
  const issues = summary.issues.map((issue) => ({ ...issue, sessionId: summary.id, issuedAt: "", note: "", rows: [] }));
  return sessionPhase(session, issues, now);
}

export interface RoundLiveStatus {
  sessionId: string;
  phase: SessionPhase;
  text: string;
}

const PHASE_WORDS: Record<SessionPhase, string> = {
  scheduled: "next",
  running: "running now",
  red_flag: "red flag",
  finished: "finished, result to come",
  provisional: "provisional result",
  final: "final result",
  reissued: "re-issued result",
};

/**
 * The round's line at `now`: a session running or stopped by a red flag, else the latest session
 * that has run (its result's status), else null while nothing has started.
 */
export function roundLiveStatus(sessions: readonly SessionLiveSummary[], now: Date): RoundLiveStatus | null {
  const phases = sessions.map((session) => ({ session, phase: summaryPhase(session, now) }));
  const active = phases.find(({ phase }) => phase === "running" || phase === "red_flag");
  const latest = active ?? phases.filter(({ phase }) => phase !== "scheduled").at(-1);
  if (!latest) return null;
  return { sessionId: latest.session.id, phase: latest.phase, text: `${latest.session.name} — ${PHASE_WORDS[latest.phase]}` };
}

export { SESSION_PHASE_LABELS };

/** How long before a round's first day and after its last its page follows live events: the build-up, and results re-issued after the weekend. */
const FOLLOW_BEFORE_MS = 24 * 60 * 60 * 1000;
const FOLLOW_AFTER_MS = 48 * 60 * 60 * 1000;

/**
 * Whether a round's page opens a live connection at `now`: from a day before its first day's
 * start until two days after its last day ends. A round long over, or weeks away, is shown as
 * it stood when the page was made ("As of …"), without holding a stream open per reader.
 */
export function followsLive(round: RoundDates, now: Date): boolean {
  const time = now.getTime();
  return time >= roundStartsAt(round).getTime() - FOLLOW_BEFORE_MS && time <= roundEndsAt(round).getTime() + FOLLOW_AFTER_MS;
}
