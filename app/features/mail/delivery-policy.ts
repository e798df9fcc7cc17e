/*
 * What the delivery loop does with each outcome (ADR 0070, 0071): how long to wait before the
 * next attempt, which failures are worth retrying, and which headers a message carries.
 * Pure, so the rules are tested without a mail server.
 */

/** Attempts before a message is given up ("failed"); with the back-off below that is about 8 hours. */
export const MAX_ATTEMPTS = 10;
/** The wait after the first failed attempt; each further failure doubles it. */
export const FIRST_RETRY_DELAY_MS = 60_000;
/** No wait is longer than this. */
export const LONGEST_RETRY_DELAY_MS = 4 * 60 * 60_000;

/** How long to wait after the `attempts`-th failed attempt: 1, 2, 4, 8 … minutes, at most 4 hours. */
export function retryDelayMs(attempts: number): number {
  const doublings = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** doublings, LONGEST_RETRY_DELAY_MS);
}

/**
 * - `permanent`: the server refused the message for good (a 5xx answer): no more attempts, and the
 *   address is marked as bouncing.
 * - `rejected`: the message cannot be sent as it is (e.g. an address nodemailer cannot use), with
 *   no answer from a server: no more attempts, the address is not marked.
 * - `server`: the mail server could not be reached, or said it is not taking mail now (421): this
 *   message is retried later, and the round stops, as the rest would fail the same way.
 * - `temporary`: any other failure (4xx, a disk error of the pickup directory): retried later.
 */
export type FailureKind = "permanent" | "rejected" | "server" | "temporary";

const UNREACHABLE = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
  "ETLS",
  "EAUTH",
]);

export interface SendError {
  responseCode?: unknown;
  code?: unknown;
  response?: unknown;
  message?: unknown;
}

export function classifyFailure(error: unknown): FailureKind {
  const { responseCode, code } = (typeof error === "object" && error !== null ? error : {}) as SendError;
  if (typeof responseCode === "number") {
    if (responseCode >= 500 && responseCode < 600) return "permanent";
    if (responseCode === 421) return "server";
    return "temporary";
  }
  if (typeof code === "string" && UNREACHABLE.has(code)) return "server";
  if (code === "EENVELOPE") return "rejected";
  return "temporary";
}

/** What a failure is recorded as, for staff: the server's answer when there was one. */
export function describeFailure(error: unknown): string {
  const { response, message } = (typeof error === "object" && error !== null ? error : {}) as SendError;
  const text = typeof response === "string" && response ? response : typeof message === "string" && message ? message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 500);
}

/** A message with a List-Id header is a newsletter (bulk mail); everything else is transactional. */
export function isBulk(headers: Record<string, string>): boolean {
  return Object.keys(headers).some((name) => name.toLowerCase() === "list-id");
}

/**
 * The headers a message is sent with: its own, and on transactional mail
 * `Auto-Submitted: auto-generated` (RFC 3834: auto-responders must not answer it). A newsletter
 * is not auto-generated in that sense: people write it, and replies to it are welcome.
 */
export function deliveryHeaders(headers: Record<string, string>): Record<string, string> {
  return isBulk(headers) ? { ...headers } : { "Auto-Submitted": "auto-generated", ...headers };
}

/** The lower-cased address a bounce is recorded under. */
export function bounceKey(address: string): string {
  return address.trim().toLowerCase();
}

export type OutboxState = "sent" | "failed" | "retrying" | "sending" | "queued";

/** Where a message stands, for the staff screens. */
export function outboxState(
  row: { sentAt: Date | null; failedAt: Date | null; attempts: number; claimedUntil: Date | null },
  now: Date,
): OutboxState {
  if (row.sentAt) return "sent";
  if (row.failedAt) return "failed";
  if (row.claimedUntil && row.claimedUntil > now) return "sending";
  return row.attempts > 0 ? "retrying" : "queued";
}
