import { ukLocalTime } from "~/lib/race-time";
import { sessionMinutes } from "~/lib/session-kind";
import { STAFF_SESSION_STATES, type SessionView, type StaffSessionState } from "./live-round";

/** A round's session as stored (`round_sessions`) with staff's state (`session_states`), when set. */
export interface StoredSession {
  id: string;
  name: string;
  date: string;
  time: string | null;
}

/** A session as the live round model holds it: its instants worked out in UK time, staff's state beside. */
export function sessionViewOf(
  session: StoredSession,
  raceLengthMinutes: number,
  state: { state: string; changedAt: Date } | null,
): SessionView {
  const startsAt = session.time ? ukLocalTime(session.date, session.time) : null;
  const minutes = sessionMinutes(session.name, raceLengthMinutes);
  const staffState = state && (STAFF_SESSION_STATES as readonly string[]).includes(state.state) ? (state.state as StaffSessionState) : null;
  return {
    id: session.id,
    name: session.name,
    date: session.date,
    time: session.time,
    startsAt: startsAt?.toISOString() ?? null,
    endsAt: startsAt ? new Date(startsAt.getTime() + minutes * 60_000).toISOString() : null,
    staffState,
    staffStateAt: staffState ? state!.changedAt.toISOString() : null,
  };
}
