import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
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

/**
 * Whether the current window already holds `limit` attempts, without counting
 * one: for caps that count only failures (the failure is counted afterwards).
 */
export async function isRateLimited(
  db: Database,
  { key, limit, windowMs }: RateLimit,
  now = new Date(),
): Promise<{ limited: boolean; retryAfterSeconds: number }> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .select({ count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart)));
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { limited: (row?.count ?? 0) >= limit, retryAfterSeconds };
}

/** Removes counters for windows that ended long ago. */
export async function pruneRateLimits(db: Database, olderThan: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, olderThan));
}

/**
 * Forgets every window of the given keys, and of every key that starts with one of
 * `prefixes`: for limits that an event makes moot (a password reset ends the guessing
 * of the old password).
 */
export async function clearRateLimits(db: Database, keys: string[], prefixes: string[] = []): Promise<void> {
  const conditions = [
    ...(keys.length > 0 ? [inArray(rateLimitHits.key, keys)] : []),
    // left() rather than LIKE: an e-mail address may hold % and _, which LIKE would read as wildcards.
    ...prefixes.map((prefix) => sql`left(${rateLimitHits.key}, ${prefix.length}) = ${prefix}`),
  ];
  if (conditions.length === 0) return;
  await db.delete(rateLimitHits).where(or(...conditions));
}
