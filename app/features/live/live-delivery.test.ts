import { describe, expect, it } from "vitest";
import {
  applyLiveEvents,
  CatchUpGate,
  MAX_BACKOFF_MS,
  parseStreamEvent,
  parseTabMessage,
  parseUpdates,
  pollDelayMs,
  retryAfterMs,
} from "./live-delivery";
import type { LiveEvent, LiveRound } from "./live-round";

const round: LiveRound = { roundId: "r1", lastEventId: 10, sessions: [], ticker: [], classifications: [] };
const removed = (id: number, roundId = "r1"): LiveEvent => ({ id, roundId, kind: "ticker-removed", payload: { postId: id } });

describe("pollDelayMs", () => {
  it("asks again in 3 to 5 s while the feed answers, spread by the random draw", () => {
    expect(pollDelayMs(0, () => 0)).toBe(3_000);
    expect(pollDelayMs(0, () => 0.999)).toBe(4_998);
  });

  it("backs off from 1-2 s, doubling with each failure, to at most a minute", () => {
    expect(pollDelayMs(1, () => 0)).toBe(1_000);
    expect(pollDelayMs(1, () => 0.999)).toBeLessThan(2_000);
    expect(pollDelayMs(2, () => 0)).toBe(2_000);
    expect(pollDelayMs(3, () => 0)).toBe(4_000);
    for (const failures of [7, 20, 1_000]) {
      expect(pollDelayMs(failures, () => 0.999)).toBeLessThanOrEqual(MAX_BACKOFF_MS);
      expect(pollDelayMs(failures, () => 0)).toBe(MAX_BACKOFF_MS / 2);
    }
  });
});

describe("retryAfterMs", () => {
  const now = Date.parse("2026-07-04T14:32:00Z");
  it("reads seconds and HTTP dates, within a floor and a minute", () => {
    expect(retryAfterMs("7", now)).toBe(7_000);
    expect(retryAfterMs("0", now)).toBe(1_000);
    expect(retryAfterMs("86400", now)).toBe(MAX_BACKOFF_MS);
    expect(retryAfterMs("Sat, 04 Jul 2026 14:32:09 GMT", now)).toBe(9_000);
  });
  it("ignores what it cannot read", () => {
    for (const header of [null, "", "soon", "-5", "1e9"]) expect(retryAfterMs(header, now)).toBeNull();
  });
});

describe("parseUpdates and parseStreamEvent", () => {
  it("accept this round's events and a whole-number cursor", () => {
    expect(parseUpdates({ roundId: "r1", events: [removed(11)], lastEventId: 12, more: true }, "r1")).toEqual({
      events: [removed(11)],
      lastEventId: 12,
      more: true,
    });
    expect(parseStreamEvent(JSON.stringify(removed(11)), "r1")).toEqual(removed(11));
  });
  it("refuse anything else", () => {
    expect(parseUpdates({ roundId: "r2", events: [], lastEventId: 1 }, "r1")).toBeNull();
    expect(parseUpdates({ roundId: "r1", events: [removed(11, "r2")], lastEventId: 12 }, "r1")).toBeNull();
    expect(parseUpdates({ roundId: "r1", events: [], lastEventId: "12" }, "r1")).toBeNull();
    expect(parseUpdates({ roundId: "r1", events: [{ ...removed(11), kind: "other" }], lastEventId: 12 }, "r1")).toBeNull();
    expect(parseUpdates(null, "r1")).toBeNull();
    expect(parseStreamEvent("{not json", "r1")).toBeNull();
    expect(parseStreamEvent(JSON.stringify({ ...removed(11), id: -1 }), "r1")).toBeNull();
  });
});

describe("parseTabMessage", () => {
  it("reads the three messages tabs send one another, and nothing else", () => {
    expect(parseTabMessage({ type: "hello" }, "r1")).toEqual({ type: "hello" });
    expect(parseTabMessage({ type: "status", connection: "live", asOf: "2026-07-04T14:32:00Z" }, "r1")).toEqual({
      type: "status",
      connection: "live",
      asOf: "2026-07-04T14:32:00Z",
    });
    expect(parseTabMessage({ type: "events", events: [removed(11)], cursor: 11 }, "r1")).toEqual({
      type: "events",
      events: [removed(11)],
      cursor: 11,
    });
    expect(parseTabMessage({ type: "status", connection: "nearly", asOf: "x" }, "r1")).toBeNull();
    expect(parseTabMessage({ type: "events", events: [removed(11, "r2")], cursor: 11 }, "r1")).toBeNull();
    expect(parseTabMessage("hello", "r1")).toBeNull();
  });
});

describe("merging events from two sources", () => {
  it("applies each event once, in id order, whatever order and repeats they came in", () => {
    const withPosts: LiveRound = {
      ...round,
      ticker: [11, 12, 13, 14].map((id) => ({
        id,
        kind: "text",
        body: "",
        photo: null,
        driver: null,
        position: null,
        sessionId: null,
        postedAt: "2026-07-04T14:00:00Z",
        editedAt: null,
      })),
    };
    const next = applyLiveEvents(withPosts, [removed(13), removed(12), removed(9), removed(13), removed(12)]);
    expect(next.lastEventId).toBe(13);
    expect(next.ticker.map((post) => post.id)).toEqual([11, 14]);
    // A replay of what is already in changes nothing.
    expect(applyLiveEvents(next, [removed(12), removed(13)])).toBe(next);
  });

  it("holds another tab's events during a catch-up, so the catch-up's earlier ones are not dropped as already seen", () => {
    const gate = new CatchUpGate();
    expect(gate.admit([removed(15)])).toEqual([]);
    // The catch-up (the feed) brings 11..14, applied first; then what was held.
    let state = applyLiveEvents(round, [removed(11), removed(12), removed(13), removed(14)]);
    state = applyLiveEvents(state, gate.release());
    expect(state.lastEventId).toBe(15);
    expect(gate.holding).toBe(false);
    expect(gate.admit([removed(16)])).toEqual([removed(16)]);
    // Without the gate, 15 first would have made 11..14 look already seen.
    expect(applyLiveEvents(applyLiveEvents(round, [removed(15)]), [removed(11)]).lastEventId).toBe(15);
  });
});
