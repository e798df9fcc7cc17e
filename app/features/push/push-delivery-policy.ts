import { createHash } from "node:crypto";

/*
 * What the push sender does with each answer from a push service (issue 40, ADR 0136): which
 * answers mean sent, gone, try again later or give up, how long to wait before the next attempt,
 * and the `Topic` header a collapse key becomes. Pure, so the rules are tested without a push
 * service.
 */

/**
 * - `sent`: accepted (201, or any 2xx).
 * - `gone`: 404 or 410, and only those: the subscription has expired or was withdrawn. It is removed.
 * - `retry`: 429 (too many), 5xx, or no answer (network, timeout): tried again later.
 * - `refused`: any other answer (400 malformed, 403 wrong key, 413 too large): trying again would
 *   get the same answer, so this delivery is given up, and the subscription kept.
 */
export type PushOutcome = "sent" | "gone" | "retry" | "refused";

export function classifyPushAnswer(status: number | null): PushOutcome {
  if (status === null) return "retry";
  if (status >= 200 && status < 300) return "sent";
  if (status === 404 || status === 410) return "gone";
  if (status === 429 || status >= 500) return "retry";
  return "refused";
}

/** The first retry waits this long; each further failure doubles it, up to the longest. */
export const FIRST_RETRY_DELAY_MS = 30_000;
export const LONGEST_RETRY_DELAY_MS = 30 * 60_000;
/** A push service's Retry-After is taken up to this long. */
const LONGEST_RETRY_AFTER_MS = 60 * 60_000;
/** Attempts before a delivery is given up, whatever its TTL. */
export const MAX_PUSH_ATTEMPTS = 12;

/**
 * When to try again after the `attempts`-th failed attempt: the push service's Retry-After
 * (seconds, or an HTTP date) when it sent one, else 30 s, 1 min, 2 min … at most 30 min.
 */
export function retryDelayMs(attempts: number, retryAfter: string | null, now: Date): number {
  if (retryAfter) {
    const seconds = /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) * 1000 : Date.parse(retryAfter) - now.getTime();
    if (Number.isFinite(seconds) && seconds > 0) return Math.min(seconds, LONGEST_RETRY_AFTER_MS);
  }
  const doublings = Math.max(0, Math.min(attempts - 1, 20));
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** doublings, LONGEST_RETRY_DELAY_MS);
}

/**
 * Whether a delivery that failed for the `attempts`-th time is given up: out of attempts, or its
 * next attempt would come after the message's TTL (a push service would drop it by then anyway:
 * a session that has started is not news 15 minutes before).
 */
export function givesUp(attempts: number, nextAttemptAt: Date, queuedAt: Date, ttlSeconds: number): boolean {
  return attempts >= MAX_PUSH_ATTEMPTS || nextAttemptAt.getTime() > queuedAt.getTime() + ttlSeconds * 1000;
}

/**
 * The `Topic` header for a collapse key (RFC 8030 section 5.4: at most 32 characters of the URL-safe
 * base64 alphabet): a push service keeps only the newest undelivered message of a topic, so a
 * final result waiting for a phone replaces its provisional one.
 */
export function topicHeader(collapseKey: string): string {
  return createHash("sha256").update(collapseKey).digest("base64url").slice(0, 32);
}

/** What a failure is recorded as, for staff: the push service's status and answer, briefly. */
export function describePushFailure(status: number | null, body: string | null, error: unknown): string {
  if (status === null) {
    const message = error instanceof Error ? error.message : String(error);
    return `No answer from the push service: ${message}`.slice(0, 300);
  }
  const detail = (body ?? "").replace(/\s+/g, " ").trim().slice(0, 200);
  return `The push service answered ${status}${detail ? `: ${detail}` : ""}`;
}
