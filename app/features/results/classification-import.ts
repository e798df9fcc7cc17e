/**
 * What importing one race's classification would change: every row new,
 * changed or unchanged, with the race's points and the driver's season total
 * before and after. The preview shows it; the save writes exactly it.
 */
import { racePoints, scoreSeason, type RaceResult, type RoundEntry, type ScoringRules } from "~/lib/scoring";
import type { ClassificationRow, CsvProblem } from "./classification-csv";

/** A driver's stored result for the round being imported into. */
export interface StoredRoundResult {
  racingClass: string;
  races: RaceResult[];
  pole: boolean;
  driverOfDay: boolean;
  provisional: boolean;
  version: number;
}

export interface ImportContext {
  roundId: string;
  /** 1-based: which race of the round the file classifies. */
  raceNumber: number;
  /** Stored results of this round, by driver id. */
  stored: ReadonlyMap<string, StoredRoundResult>;
  /** Each driver's season so far (every round with a result, in calendar order), by driver id. */
  seasonEntries: ReadonlyMap<string, readonly RoundEntry[]>;
  rulesFor: (racingClass: string) => ScoringRules;
}

export type ChangeKind = "new" | "changed" | "unchanged";

export interface ImportChange {
  line: number;
  driverId: string;
  driverName: string;
  driverNumber: number;
  racingClass: string;
  kind: ChangeKind;
  before: RaceResult | null;
  after: RaceResult;
  racePointsBefore: number | null;
  racePointsAfter: number;
  seasonTotalBefore: number;
  seasonTotalAfter: number;
  /** The round's races as they will be stored. */
  racesAfter: RaceResult[];
  /** The stored row's version the change is based on; null for a new row. */
  basedOnVersion: number | null;
}

export type ImportPlan = { ok: true; changes: ImportChange[] } | { ok: false; problems: CsvProblem[] };

function sameResult(a: RaceResult | undefined, b: RaceResult): boolean {
  return (
    a !== undefined && a.position === b.position && !!a.fastestLap === !!b.fastestLap && (a.penaltyPoints ?? 0) === (b.penaltyPoints ?? 0)
  );
}

export function planClassificationImport(rows: readonly ClassificationRow[], context: ImportContext): ImportPlan {
  const problems: CsvProblem[] = [];
  const changes: ImportChange[] = [];
  const raceIndex = context.raceNumber - 1;
  for (const row of rows) {
    const stored = context.stored.get(row.driver.id);
    const racesBefore = stored?.races ?? [];
    if (stored && stored.racingClass !== row.driver.racingClass) {
      problems.push({
        line: row.line,
        message: `${row.driver.name}'s result in this round is in ${stored.racingClass}, not ${row.driver.racingClass}.`,
      });
      continue;
    }
    if (racesBefore.length < raceIndex) {
      problems.push({
        line: row.line,
        message: `${row.driver.name} has no result for race ${racesBefore.length + 1} of this round yet; import that race first.`,
      });
      continue;
    }
    const racesAfter = [...racesBefore];
    racesAfter[raceIndex] = row.result;
    const before = racesBefore[raceIndex] ?? null;
    const rules = context.rulesFor(row.driver.racingClass);
    const seasonBefore = context.seasonEntries.get(row.driver.id) ?? [];
    const seasonAfter = seasonBefore.some((entry) => entry.roundId === context.roundId)
      ? seasonBefore.map((entry) => (entry.roundId === context.roundId ? { ...entry, races: racesAfter } : entry))
      : [...seasonBefore, { roundId: context.roundId, races: racesAfter }];
    changes.push({
      line: row.line,
      driverId: row.driver.id,
      driverName: row.driver.name,
      driverNumber: row.driver.number,
      racingClass: row.driver.racingClass,
      kind: !stored || !before ? "new" : sameResult(before, row.result) ? "unchanged" : "changed",
      before,
      after: row.result,
      racePointsBefore: before ? racePoints(before, rules) : null,
      racePointsAfter: racePoints(row.result, rules),
      seasonTotalBefore: scoreSeason(seasonBefore, rules).total,
      seasonTotalAfter: scoreSeason(seasonAfter, rules).total,
      racesAfter,
      basedOnVersion: stored?.version ?? null,
    });
  }
  return problems.length ? { ok: false, problems } : { ok: true, changes };
}

/**
 * What a preview was based on: each affected driver's stored version. The save
 * recomputes the plan and refuses if this differs (someone saved in between).
 */
export function planFingerprint(changes: readonly ImportChange[]): string {
  return changes
    .map((change) => `${change.driverId}@${change.basedOnVersion ?? "new"}`)
    .sort()
    .join(",");
}
