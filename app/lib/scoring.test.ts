import { describe, expect, it } from "vitest";
import {
  compareByCountback,
  describeRacePoints,
  formatPosition,
  LEGEND_2025,
  racePoints,
  rankStandings,
  scoreSeason,
  type RacePosition,
  type RoundEntry,
  type ScoringRules,
} from "./scoring";
import { scoringRulesSchema } from "./scoring-rules";

const legend = LEGEND_2025;

describe("racePoints over the legend", () => {
  it.each([
    [1, 15],
    [2, 12],
    [3, 10],
    [4, 9],
    [5, 8],
    [6, 7],
    [7, 6],
    [8, 5],
    [9, 4],
    [10, 3],
    [11, 2],
    [12, 1],
    [13, 1],
    [28, 1],
  ])("P%i scores %i", (position, points) => {
    expect(racePoints({ position }, legend)).toBe(points);
  });

  it("adds a point for the fastest lap, only for a classified finisher", () => {
    expect(racePoints({ position: 1, fastestLap: true }, legend)).toBe(16);
    expect(racePoints({ position: 14, fastestLap: true }, legend)).toBe(2);
    expect(racePoints({ position: "DNF", fastestLap: true }, legend)).toBe(0);
    expect(racePoints({ position: "NC", fastestLap: true }, legend)).toBe(0);
  });

  it("gives the fastest-lap point to a non-finisher when the rules do not need a classified finish", () => {
    expect(racePoints({ position: "DNF", fastestLap: true }, { ...legend, fastestLapNeedsClassifiedFinish: false })).toBe(1);
  });

  it.each(["DNS", "DNF", "DSQ", "NC"] as const)("%s scores nothing", (position) => {
    expect(racePoints({ position }, legend)).toBe(0);
  });

  it("takes a points deduction off the race, below zero if the stewards say so", () => {
    expect(racePoints({ position: 1, penaltyPoints: 3 }, legend)).toBe(12);
    expect(racePoints({ position: "DSQ", penaltyPoints: 2 }, legend)).toBe(-2);
  });

  it("follows other rules: a shorter table and a bigger fastest-lap bonus", () => {
    const rules: ScoringRules = { ...legend, pointsByPosition: [25, 18, 15], additionalFinisherPoints: 0, fastestLapPoints: 2 };
    expect(racePoints({ position: 1 }, rules)).toBe(25);
    expect(racePoints({ position: 4 }, rules)).toBe(0);
    expect(racePoints({ position: 3, fastestLap: true }, rules)).toBe(17);
  });

  it("describes the race points for the legend", () => {
    expect(describeRacePoints(legend)).toBe("15-12-10-9-8-7-6-5-4-3-2-1 per race for P1 to P12 in class, then +1 per additional finisher.");
  });
});

describe("formatPosition", () => {
  it("shows P{n} or the status", () => {
    expect(formatPosition(4)).toBe("P4");
    expect(formatPosition("DNS")).toBe("DNS");
    expect(formatPosition("NC")).toBe("NC");
  });
});

function round(index: number, ...positions: RacePosition[]): RoundEntry {
  return { roundId: `r${index}`, races: positions.map((position) => ({ position })) };
}

describe("scoreSeason", () => {
  it("counts every round when there are seven or fewer", () => {
    const score = scoreSeason([round(1, 1, 2), round(2, 3), round(3, "DNS")], legend);
    expect(score.total).toBe(15 + 12 + 10);
    expect(score.rounds.every((r) => !r.dropped)).toBe(true);
    expect(score).toMatchObject({ wins: 1, podiums: 3 });
  });

  const nineRounds = [
    round(1, 5), // 8
    round(2, 12), // 1
    round(3, 1), // 15
    round(4, 12), // 1
    round(5, 2), // 12
    round(6, 3), // 10
    round(7, 4), // 9
    round(8, 12), // 1
    round(9, 1), // 15
  ];

  it("drops the lowest rounds beyond the best seven, the earlier first on a tie", () => {
    const score = scoreSeason(nineRounds, legend);
    expect(score.rounds.filter((r) => r.dropped).map((r) => r.roundId)).toEqual(["r2", "r4"]);
    expect(score.total).toBe(8 + 15 + 12 + 10 + 9 + 1 + 15);
  });

  it("drops as many rounds as the rules say, or none", () => {
    expect(scoreSeason(nineRounds, { ...legend, countedRounds: 5 }).total).toBe(15 + 15 + 12 + 10 + 9);
    expect(scoreSeason(nineRounds, { ...legend, countedRounds: null }).total).toBe(72);
  });

  it("never drops a round with a disqualification", () => {
    const entries = [round(1, "DSQ"), ...[2, 3, 4, 5, 6, 7, 8].map((i) => round(i, 1)), round(9, 10)];
    const score = scoreSeason(entries, legend);
    expect(score.rounds.find((r) => r.roundId === "r1")).toMatchObject({ disqualified: true, dropped: false, points: 0 });
    // The zero from the disqualification is one of the seven that count.
    expect(score.rounds.filter((r) => r.dropped).map((r) => r.roundId)).toEqual(["r2", "r9"]);
    expect(score.total).toBe(6 * 15);
  });

  it("drops a disqualified round when the rules allow it", () => {
    const entries = [round(1, "DSQ"), ...[2, 3, 4, 5, 6, 7, 8].map((i) => round(i, 1)), round(9, 10)];
    const score = scoreSeason(entries, { ...legend, disqualifiedRoundDroppable: true });
    expect(score.rounds.filter((r) => r.dropped).map((r) => r.roundId)).toEqual(["r1", "r9"]);
    expect(score.total).toBe(7 * 15);
  });

  it("counts DNF, DNS and NC rounds as droppable zeros", () => {
    const entries = [round(1, "DNF"), round(2, "NC"), round(3, "DNS"), ...[4, 5, 6, 7, 8, 9].map((i) => round(i, 2))];
    const score = scoreSeason(entries, legend);
    expect(score.rounds.filter((r) => r.dropped).map((r) => r.roundId)).toEqual(["r1", "r2"]);
    expect(score.total).toBe(6 * 12);
  });

  it("counts poles and fastest laps", () => {
    const score = scoreSeason(
      [
        {
          roundId: "r1",
          pole: true,
          races: [
            { position: 1, fastestLap: true },
            { position: "DNF", fastestLap: true },
          ],
        },
        { roundId: "r2", races: [{ position: 2 }] },
      ],
      legend,
    );
    expect(score).toMatchObject({ poles: 1, fastestLaps: 1, wins: 1, podiums: 2, total: 16 + 12 });
  });

  it("takes points deductions off the round", () => {
    const score = scoreSeason([{ roundId: "r1", races: [{ position: 1, penaltyPoints: 5 }, { position: 3 }] }], legend);
    expect(score.rounds[0]!.points).toBe(10 + 10);
    expect(score.total).toBe(20);
  });
});

describe("standings", () => {
  const driver = (id: string, ...rounds: RoundEntry[]) => ({ id, season: scoreSeason(rounds, legend) });

  it("orders by total", () => {
    const rows = rankStandings([driver("a", round(1, 3)), driver("b", round(1, 1)), driver("c", round(1, 2))]);
    expect(rows.map((row) => [row.entry.id, row.position])).toEqual([
      ["b", 1],
      ["c", 2],
      ["a", 3],
    ]);
  });

  it("breaks a tie on points by most wins", () => {
    // a: 15 + 9 = 24 with a win; b: 12 + 12 = 24 without one.
    const a = driver("a", round(1, 1, 4));
    const b = driver("b", round(1, 2, 2));
    expect(a.season.total).toBe(b.season.total);
    expect(rankStandings([b, a]).map((row) => [row.entry.id, row.position])).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
  });

  it("goes on to seconds, then thirds, when wins are level", () => {
    // a: 1st, 3rd, 5th = 15 + 10 + 8 = 33; b: 1st, 4th, 4th = 15 + 9 + 9 = 33. Level on wins and seconds; a has a third.
    const a = driver("a", round(1, 1, 3, 5));
    const b = driver("b", round(1, 1, 4, 4));
    expect(a.season.total).toBe(b.season.total);
    expect(compareByCountback(a.season, b.season)).toBeLessThan(0);
    expect(rankStandings([b, a]).map((row) => row.entry.id)).toEqual(["a", "b"]);
  });

  it("shares the position when countback cannot separate them", () => {
    const rows = rankStandings([driver("a", round(1, 2)), driver("b", round(2, 2)), driver("c", round(1, 9))]);
    expect(rows.map((row) => [row.entry.id, row.position])).toEqual([
      ["a", 1],
      ["b", 1],
      ["c", 3],
    ]);
  });
});

describe("scoringRulesSchema", () => {
  it("accepts the legend and refuses typed-in nonsense", () => {
    expect(scoringRulesSchema.parse(legend)).toEqual(legend);
    expect(scoringRulesSchema.safeParse({ ...legend, pointsByPosition: [] }).success).toBe(false);
    expect(scoringRulesSchema.safeParse({ ...legend, countedRounds: 0 }).success).toBe(false);
    expect(scoringRulesSchema.safeParse({ ...legend, tieBreak: "coin toss" }).success).toBe(false);
  });
});
