/**
 * The process's one reader of the live event log (issue 39, ADR 0124). However many streams are
 * open, a process reads each new event from the database once: a notification on
 * `live_events` (an id, nothing else) makes the hub read every event after the highest it has
 * seen, and it hands them to each open stream of their round. The notification is a hint: on
 * (re)connecting the listener, on every tick, and whenever a read is asked for while one runs,
 * the hub reads again from where it is, so a lost notification delays an event by a tick at
 * most and never loses it. Ids are gap-free and commit in order, so "after the highest seen"
 * never skips one.
 *
 * A stream joins with the last id its reader has (`Last-Event-ID` or `?after=`): it is sent
 * that round's events after it from the table, then the hub's, in order, each once.
 */
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import type { ChannelListener } from "../../../db/notifications.server";
import { liveEvents, rounds, seasons } from "../../../db/schema";
import { liveHubReads } from "../operations/metrics.server";
import { LIVE_EVENTS_CHANNEL } from "./live-events.server";
import type { LiveEvent } from "./live-round";

/** What the hub writes to one open stream. */
export interface LiveStreamSink {
  /** The round's events, oldest first, each after the last one sent. */
  events(events: LiveEvent[]): void;
  /** Every tick (the heartbeat). */
  tick(): void;
  /** The hub ends the stream (shutdown). */
  end(): void;
}

export interface LiveStream {
  readonly roundId: string;
  close(): void;
}

export interface LiveHub {
  /**
   * Opens a stream of `roundId` for a reader that has every event up to `afterId`: first the
   * events after it (read in pages of `REPLAY_PAGE`), then each new one as it commits.
   */
  open(roundId: string, afterId: number, sink: LiveStreamSink): Promise<LiveStream>;
  /** Open streams in this process. */
  readonly streams: number;
  /** Whether the round exists (remembered for a minute: a reconnecting crowd asks a lot). */
  roundExists(roundId: string): Promise<boolean>;
  /** The highest event id the hub has read (0 before the first). */
  readonly highestId: number;
  /** Reads what committed since the last read; resolves once read and handed out. */
  catchUp(): Promise<void>;
  /** Ends every open stream (the process is shutting down: their readers go elsewhere). */
  endStreams(): void;
  close(): Promise<void>;
}

export interface LiveHubOptions {
  db: Database;
  /** LISTEN on a channel for the life of the process (DatabaseHandle.listen). */
  listen(channel: string, handlers: { onNotify(payload: string): void; onListening(): void }): ChannelListener;
  /** How often every stream gets a heartbeat, and the hub reads the log regardless (ms). */
  tickMs: number;
  onError(error: unknown): void;
}

const HUB_PAGE = 500;
const REPLAY_PAGE = 500;
const ROUND_MEMO_MS = 60_000;

interface Subscriber {
  roundId: string;
  sink: LiveStreamSink;
  /** The last id written to this stream. */
  sentId: number;
  /** While its replay runs, what the hub read meanwhile, to be sent after it. */
  pending: LiveEvent[] | null;
  ended: boolean;
  end(): void;
}

export async function startLiveHub(options: LiveHubOptions): Promise<LiveHub> {
  const { db } = options;
  const subscribers = new Set<Subscriber>();
  const knownRounds = new Map<string, number>();
  let highest = await globalLastId(db);
  let reading: Promise<void> | null = null;
  let readAgain = false;
  let closed = false;

  const deliver = (subscriber: Subscriber, events: LiveEvent[]) => {
    const fresh = events.filter((event) => event.roundId === subscriber.roundId && event.id > subscriber.sentId);
    if (fresh.length === 0 || subscriber.ended) return;
    subscriber.sentId = fresh.at(-1)!.id;
    subscriber.sink.events(fresh);
  };

  const readOnce = async () => {
    for (;;) {
      liveHubReads.inc();
      const events = await readAllAfter(db, highest, HUB_PAGE);
      if (events.length === 0) return;
      highest = events.at(-1)!.id;
      for (const subscriber of subscribers) {
        if (subscriber.pending) subscriber.pending.push(...events.filter((event) => event.roundId === subscriber.roundId));
        else deliver(subscriber, events);
      }
      if (events.length < HUB_PAGE) return;
    }
  };

  // One read at a time; a notification during a read makes one more read after it, however many came.
  const catchUp = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = (async () => {
      try {
        do {
          readAgain = false;
          await readOnce();
        } while (readAgain && !closed);
      } catch (error) {
        options.onError(error);
      } finally {
        reading = null;
      }
    })();
    return reading;
  };

  const listener = options.listen(LIVE_EVENTS_CHANNEL, {
    onNotify: (payload) => {
      const id = Number(payload);
      if (!Number.isSafeInteger(id) || id > highest) void catchUp();
    },
    onListening: () => void catchUp(),
  });

  const ticker = setInterval(() => {
    for (const subscriber of subscribers) if (!subscriber.pending && !subscriber.ended) subscriber.sink.tick();
    void catchUp();
  }, options.tickMs);
  ticker.unref();

  return {
    get streams() {
      return subscribers.size;
    },
    get highestId() {
      return highest;
    },
    roundExists: async (roundId) => {
      const seen = knownRounds.get(roundId);
      if (seen !== undefined && seen > Date.now()) return true;
      // A round of an unpublished season has no public page, so no public feed or stream either.
      const [row] = await db
        .select({ id: rounds.id })
        .from(rounds)
        .innerJoin(seasons, eq(seasons.year, rounds.seasonYear))
        .where(and(eq(rounds.id, roundId), eq(seasons.published, true)))
        .limit(1);
      if (!row) return false;
      if (knownRounds.size > 1_000) knownRounds.clear();
      knownRounds.set(roundId, Date.now() + ROUND_MEMO_MS);
      return true;
    },
    catchUp,
    open: async (roundId, afterId, sink) => {
      const subscriber: Subscriber = {
        roundId,
        sink,
        sentId: afterId,
        pending: [],
        ended: false,
        end: () => {
          subscriber.ended = true;
          subscribers.delete(subscriber);
        },
      };
      // Joined before the replay is read: whatever the hub reads meanwhile waits in `pending`,
      // and what both hold is sent once (ids only grow).
      subscribers.add(subscriber);
      try {
        for (;;) {
          const page = await readRoundAfter(db, roundId, subscriber.sentId, REPLAY_PAGE);
          deliver(subscriber, page);
          if (page.length < REPLAY_PAGE || subscriber.ended) break;
        }
      } catch (error) {
        subscriber.end();
        throw error;
      }
      const waiting = subscriber.pending ?? [];
      subscriber.pending = null;
      deliver(subscriber, waiting);
      return { roundId, close: subscriber.end };
    },
    endStreams: () => {
      for (const subscriber of [...subscribers]) {
        subscriber.end();
        subscriber.sink.end();
      }
    },
    close: async () => {
      closed = true;
      clearInterval(ticker);
      await listener.close();
      await reading;
      subscribers.clear();
    },
  };
}

function toEvent(row: typeof liveEvents.$inferSelect): LiveEvent {
  return { id: Number(row.id), roundId: row.roundId, kind: row.kind, payload: row.payload } as LiveEvent;
}

/** Every round's events after `afterId`, oldest first: the hub's one read per notification. */
async function readAllAfter(db: Database, afterId: number, limit: number): Promise<LiveEvent[]> {
  const rows = await db.select().from(liveEvents).where(gt(liveEvents.id, afterId)).orderBy(asc(liveEvents.id)).limit(limit);
  return rows.map(toEvent);
}

async function readRoundAfter(db: Database, roundId: string, afterId: number, limit: number): Promise<LiveEvent[]> {
  const rows = await db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.roundId, roundId), gt(liveEvents.id, afterId)))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
  return rows.map(toEvent);
}

async function globalLastId(db: Database): Promise<number> {
  const [row] = await db.select({ id: sql<string>`coalesce(max(${liveEvents.id}), 0)::text` }).from(liveEvents);
  return Number(row?.id ?? 0);
}

/**
 * "Updates since N" for the cacheable feed: the round's events after `since`, at most `limit`,
 * and the log's last id when it was read (any round's), where the next request starts. The last
 * id is read first and bounds the events, so nothing that commits in between is skipped: every
 * reader that is up to date asks for the same address.
 */
export async function readUpdates(
  db: Database,
  roundId: string,
  since: number,
  limit: number,
): Promise<{ events: LiveEvent[]; lastEventId: number; more: boolean }> {
  const last = await globalLastId(db);
  if (last <= since) return { events: [], lastEventId: since, more: false };
  const rows = await db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.roundId, roundId), gt(liveEvents.id, since), lte(liveEvents.id, last)))
    .orderBy(asc(liveEvents.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  const events = rows.slice(0, limit).map(toEvent);
  return { events, lastEventId: more ? events.at(-1)!.id : last, more };
}
