import { lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { rateLimitHits } from "../../db/schema";

export interface RateLimit {
  /** What is limited and for whom, e.g. "contact:203.0.113.7". */
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one attempt against a fixed window and says whether it is allowed.
 * The counter lives in the database, so the limit holds across app processes.
 */
export async function consumeRateLimit(
  db: Database,
  { key, limit, windowMs }: RateLimit,
  now = new Date(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { allowed: (row?.count ?? 1) <= limit, retryAfterSeconds };
}

/** Removes counters for windows that ended long ago. */
export async function pruneRateLimits(db: Database, olderThan: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, olderThan));
}
