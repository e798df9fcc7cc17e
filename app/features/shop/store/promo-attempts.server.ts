import { createHash } from "node:crypto";
import type { Database } from "../../../../db/client.server";
import { consumeRateLimit, isRateLimited, type RateLimit } from "~/lib/rate-limit.server";

/**
 * Promo codes one client may try that do not apply, in the cart (with or without JavaScript) and
 * at checkout. Past it, no code is looked up for that client until the window ends: whatever it
 * sends gets the same answer, so the codes cannot be guessed one after another. A code that
 * applies costs nothing, so a shopper who has one is never held up by it.
 */
export const PROMO_MISS_LIMIT = { limit: 10, windowMs: 15 * 60_000 } as const;

const missLimit = (clientIp: string): RateLimit => ({ key: `promo-miss:${clientIp}`, ...PROMO_MISS_LIMIT });

export function promoTriesMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many promo codes tried from your connection. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** Null when this client's codes may be checked now; otherwise what to tell them. */
export async function promoCheckPaused(
  db: Database,
  clientIp: string,
  now: Date,
): Promise<{ message: string; retryAfterSeconds: number } | null> {
  const { limited, retryAfterSeconds } = await isRateLimited(db, missLimit(clientIp), now);
  return limited ? { message: promoTriesMessage(retryAfterSeconds), retryAfterSeconds } : null;
}

/**
 * Counts a code that did not apply (unknown, expired, used up, under its minimum spend), once
 * per code in a window: a shopper whose code is under its minimum spend re-prices the cart with
 * it at every change, which is one code tried, not ten. `code` is the normalised code.
 */
export async function countPromoMiss(db: Database, clientIp: string, code: string, now: Date): Promise<void> {
  // The code as a digest: a key of bounded length, whatever bytes were typed (a NUL included).
  const codeKey = createHash("sha256").update(code).digest("base64url").slice(0, 22);
  const firstTimeForThisCode = await consumeRateLimit(
    db,
    { key: `promo-miss-code:${clientIp}:${codeKey}`, limit: 1, windowMs: PROMO_MISS_LIMIT.windowMs },
    now,
  );
  if (firstTimeForThisCode.allowed) await consumeRateLimit(db, missLimit(clientIp), now);
}
