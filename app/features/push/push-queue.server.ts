/**
 * Queueing pushes (issue 40, ADR 0136): each is a row of `pushes` written in the transaction of
 * the change it tells fans about (a result published, a race report published, a shop drop), so it
 * exists exactly when the change committed, and its unique topic makes the same event queued
 * twice (two processes, a restart, a retried request) one push. The commit also sends a NOTIFY,
 * which wakes every process's sender (push-sender.server.ts); the fans' deliveries are written by
 * the sender, after the commit, when the content is readable.
 */
import { and, asc, eq, gt, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { drivers, pushes, rounds, roundSessions, seasons, sessionClassifications } from "../../../db/schema";
import type { Tx } from "~/features/admin/audit.server";
import type { ClassifiedRow } from "~/features/live/live-round";
import { ukIsoDate } from "~/lib/dates";
import { ukLocalTime } from "~/lib/race-time";
import { dropOf, pushPolicy, sessionClassOf, type Placing, type ProductState, type PushContent } from "./push-content";

/** The channel a queued push is announced on; the payload is the push's id, nothing else. */
export const PUSH_QUEUE_CHANNEL = "push_queue";

type Writer = Database | Tx;

/**
 * Queues a push in the caller's transaction; returns its id, or null when its topic was queued
 * already. `dueAt`: not sent before then (a scheduled article). Times are the app's clock.
 */
export async function queuePush(
  db: Writer,
  content: PushContent,
  options: { now: Date; dueAt?: Date; version?: number },
): Promise<number | null> {
  const policy = pushPolicy(content, options.version);
  const [row] = await db
    .insert(pushes)
    .values({
      topic: policy.topic,
      kind: content.kind,
      collapseKey: policy.collapseKey,
      content,
      ttlSeconds: policy.ttlSeconds,
      urgency: policy.urgency,
      dueAt: options.dueAt ?? options.now,
      createdAt: options.now,
    })
    .onConflictDoNothing({ target: pushes.topic })
    .returning({ id: pushes.id });
  if (!row) return null;
  await db.execute(sql`select pg_notify(${PUSH_QUEUE_CHANNEL}, ${String(row.id)})`);
  return row.id;
}

/** How a row of a classification reads in a push: "P3" in class, or why it has no place. */
export function placingOf(row: Pick<ClassifiedRow, "status" | "position" | "positionInClass">): string {
  if (row.status === "CLASSIFIED") return `P${row.positionInClass ?? row.position}`;
  if (row.status === "DQ") return "DSQ";
  if (row.status === "RET") return "DNF";
  return row.status;
}

/**
 * The result push for a classification just issued (in the publish's transaction): our drivers'
 * places, in finishing order. A classification with none of our cars tells nobody anything.
 */
export async function queueResultPush(
  tx: Tx,
  issued: { roundId: string; sessionId: string; version: number; status: "provisional" | "final"; rows: readonly ClassifiedRow[] },
  now: Date,
): Promise<number | null> {
  const ours = issued.rows.filter((row) => row.driverId);
  if (ours.length === 0) return null;
  const [round] = await tx.select({ name: rounds.name, roundNumber: rounds.roundNumber }).from(rounds).where(eq(rounds.id, issued.roundId));
  const [session] = await tx.select({ name: roundSessions.name }).from(roundSessions).where(eq(roundSessions.id, issued.sessionId));
  if (!round || !session) return null;
  const names = new Map(
    (
      await tx
        .select({ id: drivers.id, name: drivers.name })
        .from(drivers)
        .where(
          inArray(
            drivers.id,
            ours.map((row) => row.driverId!),
          ),
        )
    ).map((driver) => [driver.id, driver.name]),
  );
  const placings: Placing[] = ours.map((row) => ({
    driverId: row.driverId!,
    name: names.get(row.driverId!) ?? row.driverName,
    placing: placingOf(row),
  }));
  return queuePush(
    tx,
    {
      kind: "result",
      roundId: issued.roundId,
      roundName: round.name,
      roundNumber: round.roundNumber,
      sessionId: issued.sessionId,
      sessionName: session.name,
      version: issued.version,
      status: issued.status,
      revised: await hasEarlierFinal(tx, issued.sessionId, issued.version),
      placings,
    },
    { now },
  );
}

/** Whether a final result of this session came out before this version: this one is a re-issue. */
async function hasEarlierFinal(tx: Tx, sessionId: string, version: number): Promise<boolean> {
  const [earlier] = await tx
    .select({ version: sessionClassifications.version })
    .from(sessionClassifications)
    .where(
      and(
        eq(sessionClassifications.sessionId, sessionId),
        lt(sessionClassifications.version, version),
        eq(sessionClassifications.status, "final"),
      ),
    )
    .limit(1);
  return earlier !== undefined;
}

/** The categories a race report is filed under (the old backend's key too). */
const RACE_REPORT_CATEGORIES = new Set(["Race Reports", "race_report"]);

/**
 * A race report going live (in the transition's transaction): queued to be sent at its publish
 * time, when the public site shows it. Rescheduled before then, the push moves with it; taken
 * back before then, the push is withdrawn. Once sent, it is never sent again.
 */
export async function followArticle(
  tx: Tx,
  article: { id: string; slug: string; title: string; excerpt: string; category: string; status: string; publishAt: Date | null },
  now: Date,
): Promise<void> {
  const live = article.status === "published" && article.publishAt !== null && RACE_REPORT_CATEGORIES.has(article.category);
  const topic = `article:${article.id}`;
  const [queued] = await tx
    .select({ id: pushes.id, fannedOutAt: pushes.fannedOutAt })
    .from(pushes)
    .where(eq(pushes.topic, topic))
    .for("update");
  if (queued?.fannedOutAt) return;
  if (!live) {
    if (queued) await tx.delete(pushes).where(eq(pushes.id, queued.id));
    return;
  }
  const content: PushContent = {
    kind: "report",
    articleId: article.id,
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
  };
  const dueAt = article.publishAt!.getTime() > now.getTime() ? article.publishAt! : now;
  if (queued) {
    await tx.update(pushes).set({ content, dueAt }).where(eq(pushes.id, queued.id));
    await tx.execute(sql`select pg_notify(${PUSH_QUEUE_CHANNEL}, ${String(queued.id)})`);
    return;
  }
  await queuePush(tx, content, { now, dueAt });
}

/** A shop drop, queued in the product's save. */
export async function followProduct(tx: Tx, before: ProductState | null, after: ProductState, now: Date): Promise<void> {
  const event = dropOf(before, after);
  if (!event) return;
  await queuePush(
    tx,
    {
      kind: "drop",
      productId: after.id,
      slug: after.slug,
      name: after.name,
      event,
      pricePence: after.pricePence,
      originalPricePence: after.originalPricePence,
    },
    { now, version: after.version },
  );
}

/** How long before a session its push goes. */
export const SESSION_NOTICE_MINUTES = 15;

/**
 * The job (every minute, every process): sessions of published seasons starting within the next
 * 15 minutes get their push, once (its topic). A session whose time is not announced gets none;
 * one that has started already gets none (a process that was down does not send stale news).
 */
export async function queueSessionPushes(db: Database, now: Date): Promise<number> {
  const soon = new Date(now.getTime() + SESSION_NOTICE_MINUTES * 60_000);
  const candidates = await db
    .select({
      session: { id: roundSessions.id, name: roundSessions.name, date: roundSessions.date, time: roundSessions.time },
      round: { id: rounds.id, name: rounds.name, roundNumber: rounds.roundNumber },
    })
    .from(roundSessions)
    .innerJoin(rounds, eq(rounds.id, roundSessions.roundId))
    .innerJoin(seasons, eq(seasons.year, rounds.seasonYear))
    .leftJoin(pushes, eq(pushes.topic, sql`'session-soon:' || ${roundSessions.id}`))
    .where(
      and(
        eq(seasons.published, true),
        isNull(pushes.id),
        gt(roundSessions.date, ukIsoDate(new Date(now.getTime() - 36 * 3_600_000))),
        lte(roundSessions.date, ukIsoDate(soon)),
      ),
    )
    .orderBy(asc(roundSessions.date));
  const due = candidates.filter(({ session }) => {
    if (!session.time) return false;
    const startsAt = ukLocalTime(session.date, session.time).getTime();
    return startsAt > now.getTime() && startsAt <= soon.getTime();
  });
  if (due.length === 0) return 0;
  const team = await db
    .select({ id: drivers.id, name: drivers.name, racingClass: drivers.racingClass })
    .from(drivers)
    .where(isNull(drivers.deletedAt))
    .orderBy(asc(drivers.sortOrder));
  const classes = [...new Set(team.map((driver) => driver.racingClass))];
  let queued = 0;
  for (const { session, round } of due) {
    const racingClass = sessionClassOf(session.name, classes);
    const content: PushContent = {
      kind: "session",
      roundId: round.id,
      roundName: round.name,
      roundNumber: round.roundNumber,
      sessionId: session.id,
      sessionName: session.name,
      startsAt: session.time!,
      drivers: team.filter((driver) => racingClass === null || driver.racingClass === racingClass).map(({ id, name }) => ({ id, name })),
    };
    if ((await queuePush(db, content, { now })) !== null) queued += 1;
  }
  return queued;
}
