import { hasStaffRole, type StaffRole } from "./staff-roles";
import { ROUND_DAY_STARTS, ukLocalTime } from "~/lib/race-time";

/*
 * The back office's first page (ADR 0039): what needs doing now, each block shown only to the
 * roles that can act on it.
 */

export type TodayBlock =
  "operations" | "resultsOverdue" | "resultsNotPushed" | "ordersToPack" | "lowStock" | "unreadMessages" | "draftsInReview" | "nextSession";

const BLOCK_ROLES: Record<TodayBlock, StaffRole> = {
  // E-mail, payment webhooks and backups are the site's machinery: the admin can fix them (ADR 0047).
  operations: "admin",
  // A session finished with no result published (issue 39): first, on a race weekend nothing is more urgent.
  resultsOverdue: "editor",
  // A result out with its push not sent (issue 40): the watchdog checks that fans were told.
  resultsNotPushed: "editor",
  ordersToPack: "shop",
  lowStock: "shop",
  unreadMessages: "shop",
  draftsInReview: "editor",
  nextSession: "editor",
};

/** The blocks someone with `roles` sees, in page order. */
export function todayBlocksFor(roles: readonly StaffRole[]): TodayBlock[] {
  return (Object.keys(BLOCK_ROLES) as TodayBlock[]).filter((block) => hasStaffRole(roles, BLOCK_ROLES[block]));
}

export interface SessionRow {
  roundName: string;
  circuit: string;
  name: string;
  /** UK local date, YYYY-MM-DD. */
  date: string;
  /** UK local HH:MM, or null while not announced (then the round day's start counts). */
  time: string | null;
}

/** The first session that has not started yet, with its start as an instant; null when none is left. */
export function nextSession<T extends SessionRow>(
  sessions: readonly T[],
  now: Date,
): (T & { startsAt: Date; timeAnnounced: boolean }) | null {
  return (
    sessions
      .map((session) => ({
        ...session,
        startsAt: ukLocalTime(session.date, session.time ?? ROUND_DAY_STARTS),
        timeAnnounced: session.time !== null,
      }))
      .filter((session) => session.startsAt.getTime() > now.getTime())
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())[0] ?? null
  );
}
