import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../../db/client.server";
import { partnerDailyCounts, partnerPlacements } from "../../../db/schema";
import { ukIsoDate } from "~/lib/dates";
import { countsAsView, parseImpressions, type Metric } from "./placements";

/**
 * Partner counts (ADR 0130): increments are kept in memory and written every few seconds (and at
 * shutdown) by one UPSERT that adds to each day's row, so requests never wait for the database and
 * any number of processes share the rows. A crash loses at most the increments of the last
 * interval (FLUSH_MS) in that process; a flush that fails keeps its increments for the next one.
 */
export interface PartnerCounter {
  /** Counts for a pair; what staff have not linked is dropped when written. */
  add(partnerId: string, placementId: string, metric: Metric, amount?: number): void;
  /** Writes what is held now. */
  flush(): Promise<void>;
  /** The last flush, then no more timers. */
  stop(): Promise<void>;
}

export const FLUSH_MS = 3_000;
/** Increments a process holds at most between flushes; more are dropped (and logged) rather than grow memory without end. */
const MAX_KEYS = 50_000;

export function createPartnerCounter(
  db: Database,
  options: { flushMs?: number; now?: () => Date; log?: Pick<Logger, "warn"> } = {},
): PartnerCounter {
  // Date.now() rather than a Date per count: a count is on every page request.
  const nowMs = options.now ? () => options.now!().getTime() : Date.now;
  const pending = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();
  let stopped = false;
  // The UK day, worked out once a minute rather than per count.
  let dayMinute = -1;
  let day = "";
  const today = () => {
    const at = nowMs();
    const minute = Math.floor(at / 60_000);
    if (minute !== dayMinute) {
      dayMinute = minute;
      day = ukIsoDate(new Date(at));
    }
    return day;
  };

  async function write() {
    if (pending.size === 0) return;
    const batch = [...pending.entries()];
    pending.clear();
    // Only what staff linked is kept: the links are read at each write, so a desk change applies to the next one.
    const linkRows = await db
      .select({ partnerId: partnerPlacements.partnerId, placementId: partnerPlacements.placementId })
      .from(partnerPlacements)
      .catch((error: unknown) => {
        for (const [key, count] of batch) pending.set(key, (pending.get(key) ?? 0) + count);
        throw error;
      });
    const links = new Set(linkRows.map((row) => `${row.partnerId}\n${row.placementId}`));
    const rows = batch
      .map(([key, count]) => {
        const [partnerId, placementId, day, metric] = key.split("\n") as [string, string, string, string];
        return { partnerId, placementId, day, metric, count };
      })
      .filter((row) => links.has(`${row.partnerId}\n${row.placementId}`));
    if (rows.length === 0) return;
    try {
      await db
        .insert(partnerDailyCounts)
        .values(rows)
        .onConflictDoUpdate({
          target: [partnerDailyCounts.partnerId, partnerDailyCounts.placementId, partnerDailyCounts.day, partnerDailyCounts.metric],
          set: { count: sql`${partnerDailyCounts.count} + excluded.count` },
        });
    } catch (error) {
      // Given back, to be added to the next flush's rows (a partner deleted meanwhile fails again; it is dropped then).
      if (!stopped) for (const [key, count] of batch) pending.set(key, (pending.get(key) ?? 0) + count);
      throw error;
    }
  }

  const flush = () => {
    flushing = flushing.then(() =>
      write().catch((error: unknown) => {
        options.log?.warn({ err: error }, "could not write partner counts; kept for the next flush");
        if (pending.size > MAX_KEYS) pending.clear();
      }),
    );
    return flushing;
  };

  const timer = setInterval(() => void flush(), options.flushMs ?? FLUSH_MS);
  timer.unref();

  return {
    add(partnerId, placementId, metric, amount = 1) {
      if (stopped) return;
      const key = `${partnerId}\n${placementId}\n${today()}\n${metric}`;
      if (!pending.has(key) && pending.size >= MAX_KEYS) return;
      pending.set(key, (pending.get(key) ?? 0) + amount);
    },
    flush,
    stop: async () => {
      clearInterval(timer);
      await flush();
      stopped = true;
    },
  };
}

/**
 * What a page request counts (ADR 0130): one impression for each partner the page showed (its
 * X-Partner-Impressions header, from the render or the cached page), when the request is a GET
 * from a person's browser and not a prefetch. This is all counting adds to a request.
 */
export function countPageView(
  counter: PartnerCounter | undefined,
  method: string,
  header: (name: string) => string | null | undefined,
  impressions: string | null | undefined,
): void {
  if (!counter || !impressions || method !== "GET" || !countsAsView(header)) return;
  for (const [placementId, partnerId] of parseImpressions(impressions)) counter.add(partnerId, placementId, "impression");
}
