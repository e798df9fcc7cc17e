/**
 * The browser's side of live delivery (ADR 0124), the parts without a browser: how long to wait
 * before asking again, how to read the feed's answer and the tabs' messages, and how events that
 * arrive from two places (the feed's catch-up, the stream or another tab) are applied once each
 * and in order. `useLiveRound` (use-live-round.ts) wires these to EventSource, fetch, Web Locks
 * and BroadcastChannel.
 */
import { applyLiveEvent, type LiveEvent, type LiveRound } from "./live-round";
import type { LiveConnection } from "./use-live-round";

/** How often an up-to-date poller asks the feed: 3 to 5 s, spread so a crowd does not ask in step. */
export const POLL_BASE_MS = 3_000;
export const POLL_SPREAD_MS = 2_000;
/** The longest wait between two attempts after failures. */
export const MAX_BACKOFF_MS = 60_000;
/** After this long without a word from the server (an event or a heartbeat, every 15 s), the stream is taken as broken. */
export const STALE_AFTER_MS = 40_000;
/** How long a tab whose stream was refused (503, 404) polls before trying a stream again. */
export const STREAM_RETRY_AFTER_MS = 60_000;

/**
 * The wait before the next poll: 3-5 s when the last one answered, else doubling from 2 s with
 * each failure up to a minute, "full jitter" in the upper half so a crowd that failed together
 * spreads out. `random` is in [0, 1).
 */
export function pollDelayMs(failures: number, random: () => number = Math.random): number {
  if (failures <= 0) return POLL_BASE_MS + Math.floor(random() * POLL_SPREAD_MS);
  const ceiling = Math.min(MAX_BACKOFF_MS, 2_000 * 2 ** Math.min(failures - 1, 10));
  return Math.floor(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * A Retry-After header's wait in ms (seconds or an HTTP date), at least `floorMs` and at most
 * `MAX_BACKOFF_MS`; null when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number, floorMs = 1_000): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  let wait: number;
  if (/^\d{1,6}$/.test(trimmed)) wait = Number(trimmed) * 1_000;
  else {
    // An IMF-fixdate, as HTTP sends them: "Sat, 04 Jul 2026 14:32:09 GMT".
    if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(trimmed)) return null;
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return null;
    wait = at - now;
  }
  return Math.min(MAX_BACKOFF_MS, Math.max(floorMs, wait));
}

export interface UpdatesAnswer {
  events: LiveEvent[];
  lastEventId: number;
  more: boolean;
}

const EVENT_KINDS = new Set(["session", "ticker", "ticker-removed", "classification"]);

function isLiveEvent(value: unknown, roundId: string): value is LiveEvent {
  if (typeof value !== "object" || value === null) return false;
  const event = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(event.id) &&
    (event.id as number) > 0 &&
    event.roundId === roundId &&
    typeof event.kind === "string" &&
    EVENT_KINDS.has(event.kind) &&
    typeof event.payload === "object" &&
    event.payload !== null
  );
}

/** The feed's JSON as the browser trusts it: this round's events and a whole-number cursor; null otherwise. */
export function parseUpdates(body: unknown, roundId: string): UpdatesAnswer | null {
  if (typeof body !== "object" || body === null) return null;
  const answer = body as Record<string, unknown>;
  if (answer.roundId !== roundId || !Array.isArray(answer.events) || !Number.isSafeInteger(answer.lastEventId)) return null;
  if (!answer.events.every((event) => isLiveEvent(event, roundId))) return null;
  return { events: answer.events, lastEventId: answer.lastEventId as number, more: answer.more === true };
}

/** One stream message's data, when it is an event of this round. */
export function parseStreamEvent(data: string, roundId: string): LiveEvent | null {
  try {
    const event: unknown = JSON.parse(data);
    return isLiveEvent(event, roundId) ? event : null;
  } catch {
    return null;
  }
}

/** Applies events in id order, each once, whatever order or repeats they came in. */
export function applyLiveEvents(round: LiveRound, events: readonly LiveEvent[]): LiveRound {
  return [...events].sort((a, b) => a.id - b.id).reduce(applyLiveEvent, round);
}

/** What the tab that holds the round's stream tells the round's other tabs (BroadcastChannel). */
export type TabMessage =
  | { type: "events"; events: LiveEvent[]; cursor: number }
  | { type: "status"; connection: LiveConnection; asOf: string }
  /** A tab that has just opened asks for the status. */
  | { type: "hello" };

export function parseTabMessage(data: unknown, roundId: string): TabMessage | null {
  if (typeof data !== "object" || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type === "hello") return { type: "hello" };
  if (
    message.type === "status" &&
    (message.connection === "live" || message.connection === "offline" || message.connection === "connecting")
  )
    return typeof message.asOf === "string" ? { type: "status", connection: message.connection, asOf: message.asOf } : null;
  if (message.type === "events" && Array.isArray(message.events) && Number.isSafeInteger(message.cursor))
    return message.events.every((event) => isLiveEvent(event, roundId))
      ? { type: "events", events: message.events, cursor: message.cursor as number }
      : null;
  return null;
}

/**
 * Events from a source that may run ahead of a catch-up (another tab's, while this one reads
 * the feed): held until `release`, then applied with the catch-up's, once each, in order. A
 * late event with a lower id would otherwise be dropped by `applyLiveEvent` as already seen.
 */
export class CatchUpGate {
  private held: LiveEvent[] | null = [];

  /** The events to apply now: none while holding. */
  admit(events: readonly LiveEvent[]): LiveEvent[] {
    if (this.held) {
      this.held.push(...events);
      return [];
    }
    return [...events];
  }

  /** Ends holding: what was held, to apply after the catch-up's events. */
  release(): LiveEvent[] {
    const held = this.held ?? [];
    this.held = null;
    return held;
  }

  get holding(): boolean {
    return this.held !== null;
  }
}

/** The stream's address for a reader that has everything up to `cursor`. */
export const streamAddress = (eventsPath: string, cursor: number) => `${eventsPath}?after=${cursor}`;

/** The name of the Web Lock and BroadcastChannel that one round's tabs share. */
export const tabChannelName = (roundId: string) => `ridgeway-live:${roundId}`;
