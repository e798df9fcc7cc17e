/**
 * What staff see of pushes (issue 40): each push with what it was about, when it was queued, and
 * its sent, failed, pruned and pending counts; and the watchdog, which checks outcomes, not that
 * jobs ran: a session whose result was published more than a few minutes ago, with none of its
 * push sent, is a warning on the Today page.
 */
import { and, count, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { pushDeliveries, pushes, roundSessions, rounds, sessionClassifications } from "../../../db/schema";
import { pageOffset } from "~/lib/pagination";
import { describePush, type PushKind } from "./push-content";

export const PUSH_DESK_PAGE_SIZE = 25;

export interface PushSummary {
  id: number;
  kind: PushKind;
  about: string;
  createdAt: string;
  dueAt: string;
  fannedOutAt: string | null;
  recipients: number;
  sent: number;
  failed: number;
  pruned: number;
  /** Waiting to be sent or tried again, or on its way now. */
  pending: number;
  /** On its way when its process stopped (ADR 0147): it may have arrived; it is not sent again. */
  unconfirmed: number;
}

/** One page of pushes, newest first, with each one's counts as of `now`. */
export async function listPushes(db: Database, page: number, now = new Date()): Promise<{ rows: PushSummary[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(pushes)
      .orderBy(desc(pushes.createdAt), desc(pushes.id))
      .limit(PUSH_DESK_PAGE_SIZE)
      .offset(pageOffset(page, PUSH_DESK_PAGE_SIZE)),
    db.select({ value: count() }).from(pushes),
  ]);
  const unfinished = new Map(
    rows.length === 0
      ? []
      : (
          await db
            .select({
              pushId: pushDeliveries.pushId,
              unconfirmed:
                sql<number>`count(*) filter (where ${pushDeliveries.status} = 'sending' and ${pushDeliveries.claimedUntil} <= ${now})`.mapWith(
                  Number,
                ),
              value: count(),
            })
            .from(pushDeliveries)
            .where(
              and(
                inArray(
                  pushDeliveries.pushId,
                  rows.map((row) => row.id),
                ),
                inArray(pushDeliveries.status, ["pending", "sending"]),
              ),
            )
            .groupBy(pushDeliveries.pushId)
        ).map((row) => [row.pushId, { pending: row.value - row.unconfirmed, unconfirmed: row.unconfirmed }]),
  );
  return {
    total: total?.value ?? 0,
    rows: rows.map((row) => ({
      id: row.id,
      kind: row.kind as PushKind,
      about: describePush(row.content),
      createdAt: row.createdAt.toISOString(),
      dueAt: row.dueAt.toISOString(),
      fannedOutAt: row.fannedOutAt?.toISOString() ?? null,
      recipients: row.recipients,
      sent: row.sent,
      failed: row.failed,
      pruned: row.pruned,
      pending: unfinished.get(row.id)?.pending ?? 0,
      unconfirmed: unfinished.get(row.id)?.unconfirmed ?? 0,
    })),
  };
}

/** How long after a result is published its push may take before the watchdog says so. */
export const PUSH_GRACE_MINUTES = 5;
/** Results published longer ago than this are history. */
const WATCH_HOURS = 12;

export interface UnsentResultPush {
  roundId: string;
  roundName: string;
  sessionName: string;
  version: number;
  publishedAt: string;
  /** What went wrong: never queued, queued but not sent out, or sent out and nothing delivered. */
  problem: "not-queued" | "not-sent-out" | "none-delivered";
}

/**
 * Results with our drivers in them, published between 12 hours and 5 minutes ago, whose push did
 * not go out: no push row, not fanned out, or recipients and not one delivery accepted.
 */
export async function findUnsentResultPushes(db: Database, now: Date): Promise<UnsentResultPush[]> {
  const rows = await db
    .select({
      roundId: rounds.id,
      roundName: rounds.name,
      sessionName: roundSessions.name,
      version: sessionClassifications.version,
      publishedAt: sessionClassifications.publishedAt,
      pushId: pushes.id,
      fannedOutAt: pushes.fannedOutAt,
      recipients: pushes.recipients,
      sent: pushes.sent,
    })
    .from(sessionClassifications)
    .innerJoin(rounds, eq(rounds.id, sessionClassifications.roundId))
    .innerJoin(roundSessions, eq(roundSessions.id, sessionClassifications.sessionId))
    .leftJoin(pushes, eq(pushes.topic, sql`'result:' || ${sessionClassifications.sessionId} || ':v' || ${sessionClassifications.version}`))
    .where(
      and(
        gte(sessionClassifications.publishedAt, new Date(now.getTime() - WATCH_HOURS * 3_600_000)),
        lte(sessionClassifications.publishedAt, new Date(now.getTime() - PUSH_GRACE_MINUTES * 60_000)),
        sql`exists (select 1 from jsonb_array_elements(${sessionClassifications.rows}) as car where car->>'driverId' is not null)`,
      ),
    )
    .orderBy(sessionClassifications.publishedAt);
  return rows.flatMap((row) => {
    const problem =
      row.pushId === null
        ? "not-queued"
        : row.fannedOutAt === null
          ? "not-sent-out"
          : (row.recipients ?? 0) > 0 && row.sent === 0
            ? "none-delivered"
            : null;
    if (!problem) return [];
    return [
      {
        roundId: row.roundId,
        roundName: row.roundName,
        sessionName: row.sessionName,
        version: row.version,
        publishedAt: row.publishedAt.toISOString(),
        problem,
      },
    ];
  });
}

/** How long a push's deliveries are kept: far past any TTL (at most a day) and the desk's questions. */
export const PUSH_DELIVERIES_KEPT_DAYS = 30;

/**
 * Deletes the deliveries of pushes queued more than PUSH_DELIVERIES_KEPT_DAYS ago (one row per fan
 * per push: 10,000 a result at 10,000 fans). The push keeps its recipients, sent, failed and pruned
 * counts for the desk; what is lost is which fan got it. Returns how many rows went.
 */
export async function prunePushDeliveries(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - PUSH_DELIVERIES_KEPT_DAYS * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(pushDeliveries)
    .where(inArray(pushDeliveries.pushId, db.select({ id: pushes.id }).from(pushes).where(lt(pushes.createdAt, before))))
    .returning({ id: pushDeliveries.id });
  return removed.length;
}
