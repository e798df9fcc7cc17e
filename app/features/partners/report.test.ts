import { describe, expect, it } from "vitest";
import { monthBounds, previousMonth, reportCsv, summarise, weekendOf, type RoundWindow } from "./report";

const rounds: RoundWindow[] = [
  { id: "r1", name: "Brands Hatch", roundNumber: 1, startDate: "2026-04-04", endDate: "2026-04-05" },
  { id: "r2", name: "Snetterton", roundNumber: 2, startDate: "2026-05-02", endDate: "2026-05-03" },
];

describe("partner report", () => {
  it("puts a day in the weekend of the first round ending on or after it", () => {
    expect(weekendOf("2026-01-10", rounds)).toBe("r1");
    expect(weekendOf("2026-04-05", rounds)).toBe("r1");
    expect(weekendOf("2026-04-06", rounds)).toBe("r2");
    expect(weekendOf("2026-06-01", rounds)).toBeNull();
  });

  it("totals per weekend, season and placement", () => {
    const summary = summarise(
      [
        { placementId: "home", day: "2026-04-04", metric: "impression", count: 40 },
        { placementId: "home", day: "2026-04-20", metric: "impression", count: 5 },
        { placementId: "partners-page", day: "2026-04-20", metric: "click", count: 3 },
        { placementId: "home", day: "2026-07-01", metric: "impression", count: 12 },
      ],
      rounds,
    );
    expect(summary.weekends.map((weekend) => [weekend.label, weekend.totals.impression, weekend.totals.click])).toEqual([
      ["Round 1: Brands Hatch", 40, 0],
      ["Round 2: Snetterton", 5, 3],
      ["Since the last round", 12, 0],
    ]);
    expect(summary.season.impression).toBe(57);
    expect(summary.placements.map((placement) => placement.placementId)).toEqual(["home", "partners-page"]);
    const csv = reportCsv("=Acme, Ltd", summary, (id) => id);
    expect(csv).toContain(`Partner,"'=Acme, Ltd"`);
    expect(csv).toContain("Round 2: Snetterton,fewer than 10,fewer than 10,fewer than 10,fewer than 10");
    expect(csv).toContain("Season to date,57,fewer than 10");
  });

  it("knows the month before and its bounds", () => {
    expect(previousMonth("2026-01-15")).toBe("2025-12");
    expect(previousMonth("2026-11-30")).toBe("2026-10");
    expect(monthBounds("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  });
});
