import { describe, expect, it } from "vitest";
import {
  applyLiveEvent,
  sessionFinishedAt,
  sessionPhase,
  type ClassificationView,
  type LiveRound,
  type SessionView,
  type TickerPostView,
} from "./live-round";

const race: SessionView = {
  id: "r1-s3",
  name: "Race 1",
  date: "2026-05-09",
  time: "14:00",
  startsAt: "2026-05-09T13:00:00.000Z",
  endsAt: "2026-05-09T13:20:00.000Z",
  staffState: null,
  staffStateAt: null,
};
const round: LiveRound = { roundId: "r1", lastEventId: 4, sessions: [race], ticker: [], classifications: [] };
const issue = (version: number, status: ClassificationView["status"]): ClassificationView => ({
  sessionId: race.id,
  version,
  status,
  issuedAt: "2026-05-09T13:30:00.000Z",
  note: "",
  rows: [],
});
const post = (id: number, postedAt: string): TickerPostView => ({
  id,
  kind: "text",
  body: `Post ${id}`,
  photo: null,
  driver: null,
  position: null,
  sessionId: null,
  postedAt,
  editedAt: null,
});

describe("sessionPhase", () => {
  it("follows the timetable when staff have said nothing", () => {
    expect(sessionPhase(race, [], new Date("2026-05-09T12:59:59Z"))).toBe("scheduled");
    expect(sessionPhase(race, [], new Date("2026-05-09T13:00:00Z"))).toBe("running");
    expect(sessionPhase(race, [], new Date("2026-05-09T13:20:00Z"))).toBe("finished");
  });

  it("takes staff's state over the timetable, and an untimed session waits for them", () => {
    const redFlag = { ...race, staffState: "red_flag" as const, staffStateAt: "2026-05-09T13:10:00Z" };
    expect(sessionPhase(redFlag, [], new Date("2026-05-09T13:40:00Z"))).toBe("red_flag");
    expect(sessionPhase({ ...race, time: null, startsAt: null, endsAt: null }, [], new Date("2026-05-10T00:00:00Z"))).toBe("scheduled");
  });

  it("says provisional, final, and re-issued once a version follows a final one", () => {
    const now = new Date("2026-05-09T14:00:00Z");
    expect(sessionPhase(race, [issue(1, "provisional")], now)).toBe("provisional");
    expect(sessionPhase(race, [issue(1, "provisional"), issue(2, "final")], now)).toBe("final");
    expect(sessionPhase(race, [issue(1, "provisional"), issue(2, "final"), issue(3, "final")], now)).toBe("reissued");
  });
});

describe("sessionFinishedAt", () => {
  it("is when staff finished it, or the timetable's end once passed, else null", () => {
    expect(sessionFinishedAt(race, new Date("2026-05-09T13:10:00Z"))).toBeNull();
    expect(sessionFinishedAt(race, new Date("2026-05-09T13:30:00Z"))?.toISOString()).toBe("2026-05-09T13:20:00.000Z");
    const running = { ...race, staffState: "running" as const, staffStateAt: "2026-05-09T13:01:00Z" };
    expect(sessionFinishedAt(running, new Date("2026-05-09T13:30:00Z"))).toBeNull();
    const finished = { ...race, staffState: "finished" as const, staffStateAt: "2026-05-09T13:24:00.000Z" };
    expect(sessionFinishedAt(finished, new Date("2026-05-09T13:30:00Z"))?.toISOString()).toBe("2026-05-09T13:24:00.000Z");
  });
});

describe("applyLiveEvent", () => {
  it("applies each event once, in order, and ignores other rounds", () => {
    const started = applyLiveEvent(round, {
      id: 5,
      roundId: "r1",
      kind: "session",
      payload: { sessionId: race.id, state: "running", at: "2026-05-09T13:01:00Z" },
    });
    expect(started.sessions[0]?.staffState).toBe("running");
    expect(started.lastEventId).toBe(5);
    expect(
      applyLiveEvent(started, {
        id: 5,
        roundId: "r1",
        kind: "session",
        payload: { sessionId: race.id, state: "red_flag", at: "2026-05-09T13:02:00Z" },
      }),
    ).toBe(started);
    expect(applyLiveEvent(started, { id: 6, roundId: "r2", kind: "ticker-removed", payload: { postId: 1 } })).toBe(started);
    const cleared = applyLiveEvent(started, {
      id: 6,
      roundId: "r1",
      kind: "session",
      payload: { sessionId: race.id, state: null, at: "2026-05-09T13:03:00Z" },
    });
    expect(cleared.sessions[0]).toMatchObject({ staffState: null, staffStateAt: null });
  });

  it("keeps the ticker newest first, replaces an edited post and drops a removed one", () => {
    let state = applyLiveEvent(round, { id: 5, roundId: "r1", kind: "ticker", payload: post(1, "2026-05-09T13:01:00Z") });
    state = applyLiveEvent(state, { id: 6, roundId: "r1", kind: "ticker", payload: post(2, "2026-05-09T13:02:00Z") });
    state = applyLiveEvent(state, {
      id: 7,
      roundId: "r1",
      kind: "ticker",
      payload: { ...post(1, "2026-05-09T13:01:00Z"), body: "Edited" },
    });
    expect(state.ticker.map((entry) => [entry.id, entry.body])).toEqual([
      [2, "Post 2"],
      [1, "Edited"],
    ]);
    state = applyLiveEvent(state, { id: 8, roundId: "r1", kind: "ticker-removed", payload: { postId: 2 } });
    expect(state.ticker.map((entry) => entry.id)).toEqual([1]);
  });

  it("adds classification versions in order, keeping the superseded ones", () => {
    let state = applyLiveEvent(round, { id: 5, roundId: "r1", kind: "classification", payload: issue(2, "final") });
    state = applyLiveEvent(state, { id: 6, roundId: "r1", kind: "classification", payload: issue(1, "provisional") });
    expect(state.classifications.map((entry) => entry.version)).toEqual([1, 2]);
  });
});
