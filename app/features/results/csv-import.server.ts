/** The results desk's classification CSV import: a read-only preview, then the save of exactly what it showed. */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { drivers, roundResults, rounds } from "../../../db/schema";
import { VersionConflictError, type AuditEntry, type Tx } from "~/features/admin/audit.server";
import { getScoringRules, rulesForClass } from "~/features/calendar/season.server";
import type { RoundEntry } from "~/lib/scoring";
import { parseClassificationCsv, type CsvProblem, type IgnoredRow, type KnownDriver } from "./classification-csv";
import { planClassificationImport, planFingerprint, type ImportChange, type StoredRoundResult } from "./classification-import";
import { DeskInputError } from "~/features/admin/desk/desk-write.server";
import type { Written } from "./results-desk.server";
import { classRecords, lockRound, resultEntityId } from "./round-results.server";

/** Our drivers as a classification file names them. */
async function knownDrivers(db: Database): Promise<KnownDriver[]> {
  return db.select({ id: drivers.id, number: drivers.number, name: drivers.name, racingClass: drivers.racingClass }).from(drivers);
}

export type ImportPreview =
  { ok: true; changes: ImportChange[]; fingerprint: string; ignored: IgnoredRow[] } | { ok: false; problems: CsvProblem[] };

/** The dry run of an import: what it would change, read-only. Also what the save recomputes inside its transaction. */
export async function previewClassificationImport(
  db: Database,
  roundId: string,
  raceNumber: number,
  csvText: string,
): Promise<ImportPreview> {
  const [round] = await db.select({ id: rounds.id, seasonYear: rounds.seasonYear }).from(rounds).where(eq(rounds.id, roundId));
  if (!round) return { ok: false, problems: [{ line: null, message: "That round no longer exists." }] };
  const parsed = parseClassificationCsv(csvText, await knownDrivers(db));
  if (!parsed.ok) return parsed;

  const driverIds = parsed.rows.map((row) => row.driver.id);
  const [storedRows, seasonRows, rulesByClass] = await Promise.all([
    db
      .select()
      .from(roundResults)
      .where(and(eq(roundResults.roundId, roundId), inArray(roundResults.driverId, driverIds))),
    db
      .select({ result: roundResults })
      .from(roundResults)
      .innerJoin(rounds, eq(rounds.id, roundResults.roundId))
      .where(and(eq(rounds.seasonYear, round.seasonYear), inArray(roundResults.driverId, driverIds)))
      .orderBy(asc(rounds.startDate)),
    getScoringRules(db, round.seasonYear),
  ]);
  const missingRules = parsed.rows.find((row) => !rulesByClass.has(row.driver.racingClass));
  if (missingRules) {
    return {
      ok: false,
      problems: [{ line: missingRules.line, message: `${missingRules.driver.racingClass} has no scoring rules for ${round.seasonYear}.` }],
    };
  }
  const stored = new Map<string, StoredRoundResult>(storedRows.map((row) => [row.driverId, row]));
  const seasonEntries = new Map<string, RoundEntry[]>();
  for (const { result } of seasonRows) {
    seasonEntries.set(result.driverId, [...(seasonEntries.get(result.driverId) ?? []), { roundId: result.roundId, races: result.races }]);
  }
  const plan = planClassificationImport(parsed.rows, {
    roundId,
    raceNumber,
    stored,
    seasonEntries,
    rulesFor: (racingClass) => rulesForClass(rulesByClass, racingClass),
  });
  return plan.ok ? { ...plan, fingerprint: planFingerprint(plan.changes), ignored: parsed.ignored } : plan;
}

/**
 * Saves an import exactly as previewed: recomputed in the transaction, refused
 * as a conflict when the stored results it was based on have changed since,
 * and refused whole when any row is bad. Unchanged rows are not written.
 */
export async function applyClassificationImport(
  tx: Tx,
  roundId: string,
  raceNumber: number,
  csvText: string,
  previewFingerprint: string,
  provisional: boolean,
): Promise<Written<{ changed: number }>> {
  // Lock the round and its results first, so the plan is computed on rows nobody can change until the commit.
  const round = await lockRound(tx, roundId);
  if (!round) throw new DeskInputError("csv", "That round no longer exists.");
  await tx.select({ driverId: roundResults.driverId }).from(roundResults).where(eq(roundResults.roundId, roundId)).for("update");
  const preview = await previewClassificationImport(tx, roundId, raceNumber, csvText);
  if (!preview.ok) throw new DeskInputError("csv", preview.problems.map((problem) => problem.message).join(" "));
  if (preview.fingerprint !== previewFingerprint) throw new VersionConflictError("round_result", roundId);
  const classAudit = await classRecords(
    tx,
    round,
    preview.changes.filter((change) => change.kind !== "unchanged").map((change) => change.racingClass),
  );
  const audit: AuditEntry[] = [];
  for (const change of preview.changes) {
    if (change.kind === "unchanged") continue;
    const entityId = resultEntityId(roundId, change.driverId);
    const entityLabel = `${change.driverName}, race ${raceNumber} of ${roundId}`;
    if (change.basedOnVersion === null) {
      const [after] = await tx
        .insert(roundResults)
        .values({ roundId, driverId: change.driverId, racingClass: change.racingClass, races: change.racesAfter, provisional })
        .returning();
      audit.push({ action: "create", entityType: "round_result", entityId, entityLabel, before: null, after, reason: "CSV import" });
    } else {
      const [before] = await tx
        .select()
        .from(roundResults)
        .where(and(eq(roundResults.roundId, roundId), eq(roundResults.driverId, change.driverId)));
      const [after] = await tx
        .update(roundResults)
        .set({ races: change.racesAfter, provisional, version: change.basedOnVersion + 1 })
        .where(
          and(
            eq(roundResults.roundId, roundId),
            eq(roundResults.driverId, change.driverId),
            eq(roundResults.version, change.basedOnVersion),
          ),
        )
        .returning();
      if (!after) throw new VersionConflictError("round_result", entityId);
      audit.push({ action: "update", entityType: "round_result", entityId, entityLabel, before, after, reason: "CSV import" });
    }
  }
  const changed = audit.length;
  if (changed > 0) audit.push(...(await classAudit("CSV import")));
  return { value: { changed }, audit };
}
