import { describe, expect, it } from "vitest";
import { withInstants } from "~/lib/race-time";
import {
  formatMiles,
  formatPoints,
  formatRoundDates,
  formatSessionDay,
  padCountdownValue,
  seasonCompleteMessage,
  nextRaceRounds,
  splitByCompletion,
  weekendStartTime,
} from "./schedule";

describe("formatRoundDates", () => {
  it("prints one day, a weekend, and weekends across months and years", () => {
    expect(formatRoundDates({ startDate: "2025-04-05", endDate: "2025-04-05" })).toBe("5 April 2025");
    expect(formatRoundDates({ startDate: "2025-05-10", endDate: "2025-05-11" })).toBe("10–11 May 2025");
    expect(formatRoundDates({ startDate: "2025-05-31", endDate: "2025-06-01" })).toBe("31 May – 1 June 2025");
    expect(formatRoundDates({ startDate: "2025-12-31", endDate: "2026-01-01" })).toBe("31 December 2025 – 1 January 2026");
  });

  it("refuses a malformed date", () => {
    expect(() => formatRoundDates({ startDate: "soon", endDate: "2025-01-01" })).toThrow(RangeError);
  });
});

describe("formatSessionDay", () => {
  it("names the weekday and date", () => {
    expect(formatSessionDay("2025-05-10")).toBe("Saturday 10 May");
    expect(formatSessionDay("2025-05-11")).toBe("Sunday 11 May");
  });
});

describe("formatMiles", () => {
  it("prints what Intl's en-GB number with at most two decimals prints", () => {
    const intl = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 });
    expect(formatMiles(2.9)).toBe("2.9");
    expect(formatMiles(2.6389)).toBe("2.64");
    for (let thousandths = 1; thousandths <= 20_000; thousandths++) {
      const miles = thousandths / 1000;
      expect(formatMiles(miles)).toBe(intl.format(miles));
    }
    for (let seed = 7; seed !== 1; seed = (seed * 16_807) % 65_537) {
      const miles = (seed % 200_000) / 10_000;
      if (miles > 0) expect(formatMiles(miles)).toBe(intl.format(miles));
    }
  });
});

describe("weekendStartTime", () => {
  it("is the first session's time, or TBA", () => {
    expect(weekendStartTime([{ time: "09:40" }, { time: "13:15" }])).toBe("09:40");
    expect(weekendStartTime([{ time: null }, { time: "10:25" }])).toBe("TBA");
    expect(weekendStartTime([])).toBe("TBA");
  });
});

describe("splitByCompletion", () => {
  const rounds = [
    { id: "anglesey", startDate: "2025-05-10", endDate: "2025-05-11" },
    { id: "silverstone", startDate: "2025-06-07", endDate: "2025-06-08" },
  ].map(withInstants);

  it("completes a round at 18:00 UK time on its last day, whatever else it says", () => {
    const before = splitByCompletion(rounds, new Date("2025-05-11T16:59:59Z"));
    expect(before.completed.map((round) => round.id)).toEqual([]);
    expect(before.upcoming.map((round) => round.id)).toEqual(["anglesey", "silverstone"]);

    const after = splitByCompletion(rounds, new Date("2025-05-11T17:00:00Z"));
    expect(after.completed.map((round) => round.id)).toEqual(["anglesey"]);
    expect(after.upcoming.map((round) => round.id)).toEqual(["silverstone"]);
  });
});

describe("small formats", () => {
  it("formats points, countdown figures and the end-of-season message", () => {
    expect(formatPoints(1)).toBe("1 pt");
    expect(formatPoints(28)).toBe("28 pts");
    expect(padCountdownValue(5)).toBe("05");
    expect(padCountdownValue(134)).toBe("134");
    expect(seasonCompleteMessage(2025)).toBe("The 2025 season has concluded. Stay tuned for the 2026 season!");
    expect(seasonCompleteMessage(2025, { year: 2026, firstRound: null })).toBe(
      "The 2025 season has concluded. The 2026 calendar is on its way.",
    );
    expect(seasonCompleteMessage(2025, { year: 2026, firstRound: { name: "Donington Park", startDate: "2026-04-04" } })).toBe(
      "The 2025 season has concluded. The 2026 season starts on 4 April 2026 at Donington Park.",
    );
  });
});

describe("nextRaceRounds", () => {
  const round = (id: string, startDate: string, endDate: string) =>
    withInstants({
      id,
      seasonYear: 2025,
      roundNumber: 1,
      name: `Round ${id}`,
      circuit: "Anglesey Circuit (Coastal)",
      circuitSlug: "anglesey",
      location: "Ty Croes, Anglesey",
      organizer: "BARC",
      startDate,
      endDate,
      flagCode: "gb-wls",
      circuitUrl: "https://anglesey-circuit.example/",
      layoutImage: "/media/circuits/anglesey.svg",
      circuitLengthMiles: 1.55,
      circuitTurns: 10,
      raceLengthMinutes: 20,
      weather: "Dry",
      trackTemperatureC: 14,
      sessions: [{ roundId: id, sortOrder: 0, name: "Race 1", date: startDate, time: "16:10" }],
      results: [{ driverId: "oliver-hartley", points: 28 }],
    });
  const season = [round("anglesey", "2025-05-10", "2025-05-11"), round("silverstone", "2025-06-07", "2025-06-08")];

  it("keeps the rounds not yet ended, with only what the panel prints", () => {
    expect(nextRaceRounds(season, new Date("2025-05-11T16:59:59Z")).map((r) => r.id)).toEqual(["anglesey", "silverstone"]);
    const [next, ...rest] = nextRaceRounds(season, new Date("2025-05-11T17:00:00Z"));
    expect(rest).toEqual([]);
    expect(next).toEqual({
      id: "silverstone",
      roundNumber: 1,
      name: "Round silverstone",
      circuit: "Anglesey Circuit (Coastal)",
      location: "Ty Croes, Anglesey",
      startDate: "2025-06-07",
      endDate: "2025-06-08",
      startsAt: "2025-06-07T08:00:00.000Z",
      endsAt: "2025-06-08T17:00:00.000Z",
      circuitUrl: "https://anglesey-circuit.example/",
      layoutImage: "/media/circuits/anglesey.svg",
      circuitLengthMiles: 1.55,
      circuitTurns: 10,
      raceLengthMinutes: 20,
      sessions: [{ sortOrder: 0, name: "Race 1", date: "2025-06-07", time: "16:10" }],
    });
    expect(nextRaceRounds(season, new Date("2025-06-08T17:00:00Z"))).toEqual([]);
  });
});
