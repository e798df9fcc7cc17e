/**
 * The results watchdog (issue 39): a session that finished more than 15 minutes ago with no
 * classification published is shown on the Today page and mailed to the results staff (editors),
 * once per session. Run on a timer by every process (server/index.ts): the e-mail is claimed with
 * one conditional write per session (a row of `result_overdue_alerts`), so however many
 * processes run it, each session is mailed once.
 */
import { and, eq, gte, lte, notExists, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { resultOverdueAlerts, rounds, roundSessions, seasons, sessionClassifications, sessionStates } from "../../../db/schema";
import type { Tx } from "~/features/admin/audit.server";
import { staffEmailsInEffect } from "~/features/admin/staff-grants.server";
import { brand } from "~/brand";
import { emailFrame } from "~/features/mail/email-frame.server";
import type { EmailFrame } from "~/features/mail/email-layout";
import { queueEmail, type OutgoingEmail } from "~/features/mail/outbox.server";
import { renderEmail } from "~/features/mail/render-email.server";
import { formatUkDateTime, ukIsoDate } from "~/lib/dates";
import { sessionFinishedAt } from "./live-round";
import { ResultOverdueEmail, type OverdueResultLine } from "./result-overdue-email";
import { sessionViewOf } from "./session-view";

/** How long after the flag a missing result is overdue (Motorsport UK allows 2 hours; fans expect minutes). */
export const RESULT_OVERDUE_MINUTES = 15;
/** Sessions that finished longer ago than this are history, not overdue (a past season has sessions with no sheet). */
const WATCH_HOURS = 12;

export interface OverdueResult {
  sessionId: string;
  roundId: string;
  roundName: string;
  circuit: string;
  sessionName: string;
  finishedAt: string;
  alertedAt: string | null;
}

/** The sessions of published seasons that finished between 12 hours and 15 minutes ago with no classification, oldest first. */
export async function findOverdueResults(db: Database | Tx, now: Date): Promise<OverdueResult[]> {
  const rows = await db
    .select({
      session: { id: roundSessions.id, name: roundSessions.name, date: roundSessions.date, time: roundSessions.time },
      round: { id: rounds.id, name: rounds.name, circuit: rounds.circuit, raceLengthMinutes: rounds.raceLengthMinutes },
      state: { state: sessionStates.state, changedAt: sessionStates.changedAt },
      alertedAt: resultOverdueAlerts.alertedAt,
    })
    .from(roundSessions)
    .innerJoin(rounds, eq(rounds.id, roundSessions.roundId))
    .innerJoin(seasons, eq(seasons.year, rounds.seasonYear))
    .leftJoin(sessionStates, eq(sessionStates.sessionId, roundSessions.id))
    .leftJoin(resultOverdueAlerts, eq(resultOverdueAlerts.sessionId, roundSessions.id))
    .where(
      and(
        eq(seasons.published, true),
        gte(roundSessions.date, ukIsoDate(new Date(now.getTime() - (WATCH_HOURS + 24) * 3_600_000))),
        lte(roundSessions.date, ukIsoDate(now)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(sessionClassifications)
            .where(eq(sessionClassifications.sessionId, roundSessions.id)),
        ),
      ),
    );
  return rows
    .flatMap((row) => {
      const state = row.state?.state ? { state: row.state.state, changedAt: row.state.changedAt } : null;
      const finishedAt = sessionFinishedAt(sessionViewOf(row.session, row.round.raceLengthMinutes, state), now);
      if (!finishedAt) return [];
      const ago = now.getTime() - finishedAt.getTime();
      if (ago < RESULT_OVERDUE_MINUTES * 60_000 || ago > WATCH_HOURS * 3_600_000) return [];
      return [
        {
          sessionId: row.session.id,
          roundId: row.round.id,
          roundName: row.round.name,
          circuit: row.round.circuit,
          sessionName: row.session.name,
          finishedAt: finishedAt.toISOString(),
          alertedAt: row.alertedAt?.toISOString() ?? null,
        },
      ];
    })
    .sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
}

export const RESULT_OVERDUE_REASON = `You receive this because you hold the editor role in the ${brand.name} back office.`;

export async function resultOverdueEmail(frame: EmailFrame, to: string, lines: OverdueResultLine[]): Promise<OutgoingEmail> {
  const subject =
    lines.length === 1 ? `No result yet: ${lines[0]!.sessionName}, ${lines[0]!.roundName}` : `No result yet for ${lines.length} sessions`;
  return { to, subject, ...(await renderEmail(<ResultOverdueEmail frame={frame} lines={lines} />)) };
}

export const resultDeskPath = (roundId: string, sessionId: string) =>
  `/admin/live/${encodeURIComponent(roundId)}/sessions/${encodeURIComponent(sessionId)}/result`;

/**
 * Mails the editors about each overdue session not mailed yet, and marks it mailed, in one
 * transaction. The mark is the claim: a row of `result_overdue_alerts` inserted only if the
 * session has none, so a second process's claim inserts nothing and mails nothing. The session's
 * state is not touched: telling staff changes nothing of what the round page or the desk show,
 * even if the clock was wrong when it ran. Returns how many sessions were mailed.
 */
export async function sendOverdueResultAlerts(db: Database, publicUrl: string, now = new Date()): Promise<number> {
  const due = (await findOverdueResults(db, now)).filter((session) => session.alertedAt === null);
  if (due.length === 0) return 0;
  return db.transaction(async (tx) => {
    const claimed: OverdueResult[] = [];
    for (const session of due) {
      const [won] = await tx
        .insert(resultOverdueAlerts)
        .values({ sessionId: session.sessionId, roundId: session.roundId, alertedAt: now })
        .onConflictDoNothing({ target: resultOverdueAlerts.sessionId })
        .returning({ sessionId: resultOverdueAlerts.sessionId });
      if (won) claimed.push(session);
    }
    if (claimed.length === 0) return 0;
    const recipients = await staffEmailsInEffect(tx, "editor");
    if (recipients.length === 0) return claimed.length;
    const lines = claimed.map((session): OverdueResultLine => ({
      sessionName: session.sessionName,
      roundName: session.roundName,
      circuit: session.circuit,
      finishedAt: formatUkDateTime(session.finishedAt),
      minutesAgo: Math.round((now.getTime() - Date.parse(session.finishedAt)) / 60_000),
      deskUrl: `${publicUrl}${resultDeskPath(session.roundId, session.sessionId)}`,
    }));
    const frame = await emailFrame(tx, publicUrl, RESULT_OVERDUE_REASON);
    const message = await resultOverdueEmail(frame, recipients[0]!, lines);
    for (const to of recipients) await queueEmail(tx, { ...message, to });
    return claimed.length;
  });
}
