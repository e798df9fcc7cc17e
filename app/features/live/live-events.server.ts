/**
 * The log of a round's live events: written in the same transaction as the change it reports,
 * read by id. Ids are gap-free and become visible in order: each is the last one plus one, taken
 * under a transaction-scoped advisory lock that is held until commit, so no event with a lower
 * id can commit after one with a higher id. A reader that has seen id N has seen every event up
 * to N, and "since N" never misses one. The commit also sends a NOTIFY with the id alone
 * (PostgreSQL delivers it at commit, never for a rolled-back change): the processes' one
 * listener each reads the events from the table, the notification carries no content.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { liveEvents } from "../../../db/schema";
import type { Tx } from "~/features/admin/audit.server";
import type { LiveEvent, TickerPostView } from "./live-round";

/** The advisory lock that orders live events ("LIVE" in ASCII). */
const LIVE_EVENTS_LOCK = 0x4c495645;
export const LIVE_EVENTS_CHANNEL = "live_events";

type NewLiveEvent = { [K in LiveEvent["kind"]]: Omit<Extract<LiveEvent, { kind: K }>, "id"> }[LiveEvent["kind"]];

/** Appends an event to the log inside `tx`; returns it with its id. */
export async function appendLiveEvent(tx: Tx, event: NewLiveEvent): Promise<LiveEvent> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LIVE_EVENTS_LOCK})`);
  const [row] = await tx
    .insert(liveEvents)
    .values({
      id: sql`(select coalesce(max(${liveEvents.id}), 0) + 1 from ${liveEvents})`,
      roundId: event.roundId,
      kind: event.kind,
      payload: event.payload,
    })
    .returning({ id: liveEvents.id });
  if (!row) throw new Error("The live event was not stored");
  await tx.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${String(row.id)})`);
  return { ...event, id: row.id } as LiveEvent;
}

/** A round's events after `afterId`, oldest first, at most `limit`. */
export async function readLiveEvents(db: Database, roundId: string, afterId: number, limit: number): Promise<LiveEvent[]> {
  const rows = await db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.roundId, roundId), gt(liveEvents.id, afterId)))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, roundId: row.roundId, kind: row.kind, payload: row.payload }) as LiveEvent);
}

/** The id of the last event in the log, of any round (0 when empty): where a new reader starts. */
export async function lastLiveEventId(db: Database): Promise<number> {
  const [row] = await db.select({ id: sql<number>`coalesce(max(${liveEvents.id}), 0)::bigint` }).from(liveEvents);
  return Number(row?.id ?? 0);
}

/**
 * Takes back what the log says of a ticker post that staff edited (`replacement`: its current
 * view) or removed (null): every earlier `ticker` event of the post now carries the current words,
 * or becomes a `ticker-removed` one. Ids and order stay, so every reader's position is still
 * right and a replay shows the post as it is now; the feed and the stream no longer hand out words
 * or a photo that staff took back. Call in the transaction of the edit or removal.
 */
export async function rewriteTickerHistory(tx: Tx, roundId: string, postId: number, replacement: TickerPostView | null): Promise<void> {
  const earlier = and(
    eq(liveEvents.roundId, roundId),
    eq(liveEvents.kind, "ticker"),
    sql`${liveEvents.payload}->>'id' = ${String(postId)}`,
  );
  if (replacement) await tx.update(liveEvents).set({ payload: replacement }).where(earlier);
  else await tx.update(liveEvents).set({ kind: "ticker-removed", payload: { postId } }).where(earlier);
}
