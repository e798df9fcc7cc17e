import { describe, expect, it } from "vitest";
import { formatPosition, racePoints, scoreSeason, type RoundEntry } from "./scoring";

describe("racePoints", () => {
  it.each([
    [1, 15],
    [2, 12],
    [3, 10],
    [4, 9],
    [10, 3],
    [12, 1],
    [13, 1],
    [28, 1],
  ])("P%i scores %i", (position, points) => {
    expect(racePoints({ position })).toBe(points);
  });

  it("adds a point for the fastest lap, only for a classified finisher", () => {
    expect(racePoints({ position: 1, fastestLap: true })).toBe(16);
    expect(racePoints({ position: 14, fastestLap: true })).toBe(2);
    expect(racePoints({ position: "DNF", fastestLap: true })).toBe(0);
  });

  it.each(["DNS", "DNF", "DSQ"] as const)("%s scores nothing", (position) => {
    expect(racePoints({ position })).toBe(0);
  });
});

describe("formatPosition", () => {
  it("shows P{n} or the status", () => {
    expect(formatPosition(4)).toBe("P4");
    expect(formatPosition("DNS")).toBe("DNS");
  });
});

function round(index: number, ...positions: Array<number | "DNS" | "DNF" | "DSQ">): RoundEntry {
  return { roundId: `r${index}`, races: positions.map((position) => ({ position })) };
}

describe("scoreSeason", () => {
  it("counts every round when there are seven or fewer", () => {
    const score = scoreSeason([round(1, 1, 2), round(2, 3), round(3, "DNS")]);
    expect(score.total).toBe(15 + 12 + 10);
    expect(score.rounds.every((r) => !r.dropped)).toBe(true);
    expect(score).toMatchObject({ wins: 1, podiums: 3 });
  });

  it("drops the lowest rounds beyond the best seven, the earlier first on a tie", () => {
    const entries = [
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
    const score = scoreSeason(entries);
    expect(score.rounds.filter((r) => r.dropped).map((r) => r.roundId)).toEqual(["r2", "r4"]);
    expect(score.total).toBe(8 + 15 + 12 + 10 + 9 + 1 + 15);
  });

  it("never drops a round with a disqualification", () => {
    const entries = [round(1, "DSQ"), ...[2, 3, 4, 5, 6, 7, 8].map((i) => round(i, 1)), round(9, 10)];
    const score = scoreSeason(entries);
    expect(score.rounds.find((r) => r.roundId === "r1")).toMatchObject({ disqualified: true, dropped: false, points: 0 });
    // The zero from the disqualification is one of the seven that count.
    expect(score.rounds.filter((r) => r.dropped).map((r) => r.roundId)).toEqual(["r2", "r9"]);
    expect(score.total).toBe(6 * 15);
  });

  it("counts poles and fastest laps", () => {
    const score = scoreSeason([
      { roundId: "r1", pole: true, races: [{ position: 1, fastestLap: true }, { position: "DNF", fastestLap: true }] },
      { roundId: "r2", races: [{ position: 2 }] },
    ]);
    expect(score).toMatchObject({ poles: 1, fastestLaps: 1, wins: 1, podiums: 2, total: 16 + 12 });
  });
});
