import { useEffect, useState } from "react";
import {
  applyLiveEvents,
  CatchUpGate,
  parseStreamEvent,
  parseTabMessage,
  parseUpdates,
  pollDelayMs,
  retryAfterMs,
  STALE_AFTER_MS,
  STREAM_RETRY_AFTER_MS,
  streamAddress,
  tabChannelName,
  type TabMessage,
} from "./live-delivery";
import type { LiveEvent, LiveRound } from "./live-round";

/** Whether the page is following the round: "live" while events arrive, else what it shows is as of `asOf`. */
export type LiveConnection = "connecting" | "live" | "offline";

export interface LiveRoundView {
  round: LiveRound;
  connection: LiveConnection;
  /** ISO instant at which `round` was last known to be current. */
  asOf: string;
}

/** The stream of a round's live events (`Last-Event-ID` replay from `after`). */
export const liveEventsPath = (roundId: string) => `/live/${encodeURIComponent(roundId)}/events`;
/** The cacheable "updates since N" feed. */
export const liveUpdatesPath = (roundId: string, since: number) => `/live/${encodeURIComponent(roundId)}/updates?since=${since}`;

/**
 * The round as it happens: starts from the server's `initial` state and applies every live
 * event after it. `asOf` is when the server rendered `initial` (ISO). With `follow` false (a
 * round weeks away or long over: `followsLive`) it shows `initial` as of then and opens nothing.
 *
 * One browser holds one stream per round, however many tabs show it (ADR 0124): the tabs elect
 * one with a Web Lock; it follows the stream (or, when there is none or the server refuses one,
 * polls the cacheable feed with jitter and back-off) and passes each event to the others over a
 * BroadcastChannel. A tab that is not the one catches up from the feed first, so nothing sent
 * before it opened is missed; every event is applied once (`applyLiveEvent` ignores ids already
 * in). Without Web Locks or BroadcastChannel each tab follows the round itself.
 */
export function useLiveRound(initial: LiveRound, asOf: string, follow = true): LiveRoundView {
  const [view, setView] = useState<LiveRoundView>({ round: initial, connection: follow ? "connecting" : "offline", asOf });
  // New server data (a revalidation, another round): taken when it is further on than what is
  // shown, adjusted while rendering rather than in an effect.
  const [given, setGiven] = useState({ roundId: initial.roundId, lastEventId: initial.lastEventId });
  if (given.roundId !== initial.roundId || given.lastEventId !== initial.lastEventId) {
    setGiven({ roundId: initial.roundId, lastEventId: initial.lastEventId });
    if (view.round.roundId !== initial.roundId || view.round.lastEventId < initial.lastEventId)
      setView({ round: initial, connection: view.connection, asOf });
  }

  useEffect(() => {
    if (!follow || typeof window === "undefined" || typeof fetch === "undefined") return;
    const follower = followRound(initial.roundId, initial.lastEventId, {
      events: (events) => setView((current) => ({ ...current, round: applyLiveEvents(current.round, events) })),
      status: (connection, at) => setView((current) => ({ ...current, connection, asOf: at ?? current.asOf })),
    });
    return () => follower.stop();
  }, [initial.roundId, initial.lastEventId, follow]);

  return view;
}

interface FollowerCallbacks {
  events(events: LiveEvent[]): void;
  /** `asOf` when the round is known current at that instant; undefined keeps the last. */
  status(connection: LiveConnection, asOf?: string): void;
}

/** Follows one round in this tab until `stop`: the browser's parts, kept out of React. */
function followRound(roundId: string, startCursor: number, callbacks: FollowerCallbacks): { stop(): void } {
  let stopped = false;
  // The log's id up to which this tab has every event of the round.
  let cursor = startCursor;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) work();
    }, ms);
    timers.add(timer);
  };
  const abort = new AbortController();
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(tabChannelName(roundId));
  const locks = typeof navigator !== "undefined" && "locks" in navigator ? navigator.locks : null;
  const shared = channel !== null && locks !== null;
  const gate = new CatchUpGate();
  let leading = false;
  let lastStatus: { connection: LiveConnection; asOf?: string } = { connection: "connecting" };

  const receive = (events: LiveEvent[], nextCursor?: number) => {
    const now = gate.admit(events);
    if (now.length > 0) callbacks.events(now);
    for (const event of now) cursor = Math.max(cursor, event.id);
    if (nextCursor !== undefined && !gate.holding) cursor = Math.max(cursor, nextCursor);
  };
  const tell = (message: TabMessage) => {
    if (leading && channel && !stopped) channel.postMessage(message);
  };
  const setStatus = (connection: LiveConnection, current: boolean) => {
    const asOf = current ? new Date().toISOString() : undefined;
    lastStatus = { connection, asOf: asOf ?? lastStatus.asOf };
    callbacks.status(connection, asOf);
    if (lastStatus.asOf) tell({ type: "status", connection, asOf: lastStatus.asOf });
  };

  /** Reads the feed from `cursor` until it has nothing more; true when it answered. */
  const readFeed = async (): Promise<{ ok: true } | { ok: false; retryMs: number | null }> => {
    for (let page = 0; page < 50; page++) {
      const response = await fetch(liveUpdatesPath(roundId, cursor), { signal: abort.signal, headers: { Accept: "application/json" } });
      if (!response.ok) return { ok: false, retryMs: retryAfterMs(response.headers.get("Retry-After"), Date.now()) };
      const answer = parseUpdates(await response.json(), roundId);
      if (!answer) return { ok: false, retryMs: null };
      if (answer.events.length > 0) callbacks.events(answer.events);
      cursor = Math.max(cursor, answer.lastEventId, ...answer.events.map((event) => event.id));
      tell({ type: "events", events: answer.events, cursor });
      if (!answer.more) return { ok: true };
    }
    return { ok: true };
  };

  // A tab that is not the stream's holder first catches up from the feed, holding what other
  // tabs send meanwhile; then applies that, once each.
  const catchUp = async (failures = 0): Promise<void> => {
    const result = await readFeed().catch(() => ({ ok: false as const, retryMs: null }));
    if (stopped) return;
    if (!result.ok) {
      await new Promise<void>((resolve) => later(result.retryMs ?? pollDelayMs(failures + 1), resolve));
      if (!stopped) return catchUp(failures + 1);
      return;
    }
    const held = gate.release().filter((event) => event.id > cursor);
    if (held.length > 0) receive(held);
  };

  // The holder: a stream, else the feed polled.
  const lead = () =>
    new Promise<void>((released) => {
      leading = true;
      let source: EventSource | null = null;
      let lastHeard = Date.now();
      let failures = 0;
      let streamRefusedAt = typeof EventSource === "undefined" ? Infinity : 0;
      const watchdog = setInterval(() => {
        if (source && Date.now() - lastHeard > STALE_AFTER_MS) {
          // Silent past two heartbeats: a proxy or the network dropped it without a word.
          source.close();
          source = null;
          setStatus("offline", false);
          openStream();
        }
      }, 5_000);
      const stopLeading = () => {
        clearInterval(watchdog);
        source?.close();
        leading = false;
        released();
      };
      if (abort.signal.aborted) return stopLeading();
      abort.signal.addEventListener("abort", stopLeading);

      const openStream = () => {
        if (stopped) return;
        if (streamRefusedAt && Date.now() - streamRefusedAt < STREAM_RETRY_AFTER_MS) return void poll();
        const stream = new EventSource(streamAddress(liveEventsPath(roundId), cursor));
        source = stream;
        lastHeard = Date.now();
        stream.addEventListener("open", () => {
          lastHeard = Date.now();
          failures = 0;
          setStatus("live", true);
        });
        stream.addEventListener("live", (message) => {
          lastHeard = Date.now();
          const event = parseStreamEvent((message as MessageEvent<string>).data, roundId);
          if (!event) return;
          receive([event]);
          tell({ type: "events", events: [event], cursor });
          setStatus("live", true);
        });
        stream.addEventListener("heartbeat", () => {
          lastHeard = Date.now();
          setStatus("live", true);
        });
        stream.addEventListener("error", () => {
          if (stream !== source) return;
          if (stream.readyState === EventSource.CLOSED) {
            // Refused (503 at the cap, or any answer that is not a stream): poll the feed a while.
            stream.close();
            source = null;
            streamRefusedAt = Date.now();
            setStatus("offline", false);
            later(pollDelayMs(++failures), poll);
          } else {
            // The browser reconnects by itself, with Last-Event-ID, after the server's retry.
            setStatus("offline", false);
          }
        });
      };

      const poll = async () => {
        if (stopped) return;
        const result = await readFeed().catch(() => ({ ok: false as const, retryMs: null }));
        if (stopped) return;
        if (result.ok) {
          failures = 0;
          setStatus("live", true);
        } else {
          failures++;
          setStatus("offline", false);
        }
        const wait = result.ok ? pollDelayMs(0) : (result.retryMs ?? pollDelayMs(failures));
        later(wait, () => (streamRefusedAt !== Infinity && Date.now() - streamRefusedAt >= STREAM_RETRY_AFTER_MS ? openStream() : poll()));
      };

      openStream();
    });

  // A tab that follows another's stream hears from it at least every heartbeat; past two, it
  // says the page is not current (the holder's tab may be frozen or gone without a word).
  let heardFromHolder = Date.now();
  const holderWatch = setInterval(() => {
    if (!leading && shared && Date.now() - heardFromHolder > STALE_AFTER_MS) callbacks.status("offline");
  }, 5_000);
  if (channel) {
    channel.addEventListener("message", (message: MessageEvent<unknown>) => {
      const data = parseTabMessage(message.data, roundId);
      if (!data || stopped) return;
      if (data.type !== "hello") heardFromHolder = Date.now();
      if (data.type === "hello") {
        if (leading && lastStatus.asOf) tell({ type: "status", connection: lastStatus.connection, asOf: lastStatus.asOf });
        return;
      }
      if (leading) return;
      if (data.type === "events") receive(data.events, data.cursor);
      else callbacks.status(data.connection, data.asOf);
    });
  }

  if (shared) {
    const name = tabChannelName(roundId);
    void locks
      .request(name, { ifAvailable: true }, async (lock) => {
        if (!lock) return false;
        gate.release();
        await lead();
        return true;
      })
      .then(async (led) => {
        if (led || stopped) return;
        // Another tab holds the stream: catch up, follow its messages, and take over if it closes.
        channel.postMessage({ type: "hello" } satisfies TabMessage);
        await catchUp();
        if (stopped) return;
        await locks.request(name, { signal: abort.signal }, async () => {
          if (stopped) return;
          await lead();
        });
      })
      .catch(() => {
        // Aborted on unmount, or the lock manager refused: nothing more to do here.
      });
  } else {
    gate.release();
    void lead();
  }

  return {
    stop: () => {
      stopped = true;
      clearInterval(holderWatch);
      for (const timer of timers) clearTimeout(timer);
      abort.abort();
      channel?.close();
    },
  };
}
