import { describe, expect, it } from "vitest";
import { LEGEND_2025, type RoundEntry } from "~/lib/scoring";
import { parseClassificationCsv, type KnownDriver } from "./classification-csv";
import { planClassificationImport, planFingerprint, type StoredRoundResult } from "./classification-import";

const drivers: KnownDriver[] = [
  { id: "oliver", number: 7, name: "Oliver Hartley", racingClass: "F3A" },
  { id: "amelia", number: 12, name: "Amelia Cross", racingClass: "F3A" },
  { id: "sophie", number: 21, name: "Sophie Marsh", racingClass: "F3B" },
];

function rowsOf(text: string) {
  const parsed = parseClassificationCsv(`position,driver_number,class,status,fastest_lap\n${text}`, drivers);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.rows;
}

const stored = (races: StoredRoundResult["races"], version = 3): StoredRoundResult => ({
  racingClass: "F3A",
  races,
  pole: false,
  driverOfDay: false,
  provisional: false,
  version,
});

describe("planClassificationImport", () => {
  const earlierRound: RoundEntry = { roundId: "r1", races: [{ position: 1 }] };
  const context = {
    roundId: "r2",
    raceNumber: 2,
    stored: new Map([
      ["oliver", stored([{ position: 4 }, { position: 2 }])],
      ["amelia", stored([{ position: 6 }, { position: 5 }], 1)],
    ]),
    seasonEntries: new Map<string, RoundEntry[]>([
      ["oliver", [earlierRound, { roundId: "r2", races: [{ position: 4 }, { position: 2 }] }]],
      ["amelia", [{ roundId: "r2", races: [{ position: 6 }, { position: 5 }] }]],
    ]),
    rulesFor: () => LEGEND_2025,
  };

  it("lists each row as changed, unchanged or new, with points and season totals before and after", () => {
    const plan = planClassificationImport(rowsOf("1,7,F3A,,yes\n5,12,F3A,,no"), context);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.changes.map((change) => [change.driverId, change.kind, change.racePointsBefore, change.racePointsAfter])).toEqual([
      ["oliver", "changed", 12, 16],
      ["amelia", "unchanged", 8, 8],
    ]);
    const oliver = plan.changes[0]!;
    expect([oliver.seasonTotalBefore, oliver.seasonTotalAfter]).toEqual([15 + 9 + 12, 15 + 9 + 16]);
    expect(oliver.racesAfter).toEqual([{ position: 4 }, { position: 1, fastestLap: true }]);
    expect(planFingerprint(plan.changes)).toBe("amelia@1,oliver@3");
  });

  it("starts a round's result for a driver with none, from race 1", () => {
    const plan = planClassificationImport(rowsOf(",21,F3B,DNF,"), { ...context, raceNumber: 1, stored: new Map() });
    expect(plan.ok && plan.changes[0]).toMatchObject({
      kind: "new",
      before: null,
      racePointsBefore: null,
      racePointsAfter: 0,
      basedOnVersion: null,
    });
  });

  it("refuses race 2 for a driver with no race 1 in the round", () => {
    const plan = planClassificationImport(rowsOf("3,21,F3B,,"), context);
    expect(plan).toEqual({
      ok: false,
      problems: [{ line: 2, message: "Sophie Marsh has no result for race 1 of this round yet; import that race first." }],
    });
  });
});
