import { describe, expect, it } from "vitest";
import { countdownTo, isRoundCompleted, nextRound, roundEndsAt, roundStartsAt, ukLocalTime, withInstants } from "./race-time";

const rounds = [
  { id: "finale", startDate: "2025-11-02", endDate: "2025-11-02" },
  { id: "opener", startDate: "2025-04-05", endDate: "2025-04-05" },
  { id: "anglesey", startDate: "2025-05-10", endDate: "2025-05-11" },
].map(withInstants);

describe("UK local time", () => {
  it("uses BST in summer and GMT in winter", () => {
    expect(ukLocalTime("2025-04-05", "09:00").toISOString()).toBe("2025-04-05T08:00:00.000Z");
    expect(ukLocalTime("2025-11-02", "18:00").toISOString()).toBe("2025-11-02T18:00:00.000Z");
  });

  it("handles the days the clocks change", () => {
    // Clocks went forward at 01:00 GMT on 30 March 2025 and back at 01:00 GMT on 26 October.
    expect(ukLocalTime("2025-03-30", "09:00").toISOString()).toBe("2025-03-30T08:00:00.000Z");
    expect(ukLocalTime("2025-10-26", "09:00").toISOString()).toBe("2025-10-26T09:00:00.000Z");
  });

  it("runs a round from 09:00 on its first day to 18:00 on its last", () => {
    expect(roundStartsAt(rounds[2]!).toISOString()).toBe("2025-05-10T08:00:00.000Z");
    expect(roundEndsAt(rounds[2]!).toISOString()).toBe("2025-05-11T17:00:00.000Z");
  });

  it("gives a round the instants of its start and end, for the browser to compare with its clock", () => {
    expect(rounds[2]).toEqual({
      id: "anglesey",
      startDate: "2025-05-10",
      endDate: "2025-05-11",
      startsAt: "2025-05-10T08:00:00.000Z",
      endsAt: "2025-05-11T17:00:00.000Z",
    });
  });

  it("refuses a malformed date", () => {
    expect(() => ukLocalTime("soon", "09:00")).toThrow(RangeError);
  });
});

describe("nextRound", () => {
  it("is the first round, by date, whose end has not passed", () => {
    expect(nextRound(rounds, new Date("2025-01-01T00:00:00Z"))?.id).toBe("opener");
    // During a round it is still the next race.
    expect(nextRound(rounds, new Date("2025-05-11T16:59:59Z"))?.id).toBe("anglesey");
    // 18:00 BST on the last day ends it.
    expect(nextRound(rounds, new Date("2025-05-11T17:00:00Z"))?.id).toBe("finale");
  });

  it("is null once the season is over", () => {
    expect(nextRound(rounds, new Date("2025-11-02T18:00:00Z"))).toBeNull();
    expect(nextRound([], new Date())).toBeNull();
  });
});

describe("isRoundCompleted", () => {
  it("goes by time, not by any status", () => {
    expect(isRoundCompleted(rounds[1]!, new Date("2025-04-05T16:59:00Z"))).toBe(false);
    expect(isRoundCompleted(rounds[1]!, new Date("2025-04-05T17:00:00Z"))).toBe(true);
  });
});

describe("countdownTo", () => {
  it("splits the time left into days, hours, minutes and seconds", () => {
    const target = new Date("2025-04-05T08:00:00Z");
    expect(countdownTo(target, new Date("2025-04-03T05:58:30Z"))).toEqual({ days: 2, hours: 2, minutes: 1, seconds: 30 });
  });

  it("never goes below zero", () => {
    const target = new Date("2025-04-05T08:00:00Z");
    expect(countdownTo(target, new Date("2025-04-05T09:00:00Z"))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
