/**
 * The results desk's results: a round's results sheet, one class's results saved from the
 * form, and a class's results as one record with its own version, history and restore.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { auditEvents, drivers, roundResults, rounds } from "../../../db/schema";
import { VersionConflictError, type AuditEntry, type Tx } from "~/features/admin/audit.server";
import type { RestoreTarget } from "~/features/admin/history.server";
import { isJsonObject } from "~/lib/json-diff";
import { z } from "~/lib/zod";
import { getScoringRules } from "~/features/calendar/season.server";
import type { RaceResult } from "~/lib/scoring";
import { DeskInputError } from "~/features/admin/desk/desk-write.server";
import { isRaceSession } from "~/lib/session-kind";
import type { Written } from "./results-desk.server";
import { getDeskRound } from "./rounds-desk.server";
import { toRaceResult, type ClassResultsInput } from "./results-form";

/** How many races a round has: its sessions named "Race …", or more if results already hold more. */
export function raceCountOf(sessions: ReadonlyArray<{ name: string }>, storedRaces: ReadonlyArray<readonly unknown[]>): number {
  const scheduled = sessions.filter((session) => isRaceSession(session.name)).length;
  return Math.max(1, scheduled, ...storedRaces.map((races) => races.length));
}

/** The results sheet of a round: per class, our drivers with their stored results and versions. */
export async function getResultsSheet(db: Database, roundId: string) {
  const round = await getDeskRound(db, roundId);
  if (!round) return null;
  const [driverRows, stored, rulesByClass] = await Promise.all([
    db.select().from(drivers).orderBy(asc(drivers.sortOrder)),
    db.select().from(roundResults).where(eq(roundResults.roundId, roundId)),
    getScoringRules(db, round.seasonYear),
  ]);
  const classes = [...new Set([...rulesByClass.keys(), ...driverRows.map((driver) => driver.racingClass)])];
  const raceCount = raceCountOf(
    round.sessions,
    stored.map((row) => row.races),
  );
  return {
    round,
    raceCount,
    classes: classes.map((racingClass) => {
      const storedInClass = stored.filter((row) => row.racingClass === racingClass);
      const classDrivers = driverRows.filter(
        (driver) => driver.racingClass === racingClass || storedInClass.some((row) => row.driverId === driver.id),
      );
      return {
        racingClass,
        hasRules: rulesByClass.has(racingClass),
        provisional: storedInClass.some((row) => row.provisional),
        drivers: classDrivers.map((driver) => {
          const row = storedInClass.find((result) => result.driverId === driver.id) ?? null;
          return {
            id: driver.id,
            name: driver.name,
            number: driver.number,
            result: row && {
              races: row.races,
              pole: row.pole,
              driverOfDay: row.driverOfDay,
              provisional: row.provisional,
              version: row.version,
            },
          };
        }),
      };
    }),
  };
}

export type ResultsSheet = NonNullable<Awaited<ReturnType<typeof getResultsSheet>>>;

export const resultEntityId = (roundId: string, driverId: string) => `${roundId}/${driverId}`;

/*
 * A class's results of a round as one record, so its History can offer "the results as they
 * were after that save" and a restore can set the whole class back (standings follow, since
 * they are computed from the rows). Every results write (form, CSV import, restore) adds an
 * audit row of type CLASS_RESULTS whose `after` is the class's rows and a version counted
 * from that record's own audit rows. Writes lock the round's row first, so they take turns.
 */
export const CLASS_RESULTS = "class_results";
export const classResultsEntityId = (roundId: string, racingClass: string) => `${roundId}/${racingClass}`;

export interface ClassResultsSnapshot {
  [key: string]: unknown;
  racingClass: string;
  version: number;
  results: Array<{ driverId: string; races: RaceResult[]; pole: boolean; driverOfDay: boolean; provisional: boolean }>;
}

/** The rows of a class snapshot, as read back from its audit row (races are the stored JSON, as written). */
const snapshotResultsSchema = z.array(
  z.object({
    driverId: z.string().min(1),
    races: z.array(z.record(z.string(), z.unknown())),
    pole: z.boolean(),
    driverOfDay: z.boolean(),
    provisional: z.boolean(),
  }),
);

export async function lockRound(tx: Tx, roundId: string) {
  const [round] = await tx
    .select({ id: rounds.id, seasonYear: rounds.seasonYear, roundNumber: rounds.roundNumber, name: rounds.name })
    .from(rounds)
    .where(eq(rounds.id, roundId))
    .for("update");
  return round ?? null;
}

/** The class record's version: the one its latest audit row recorded, 0 before its first save. */
export async function classResultsVersion(db: Database | Tx, roundId: string, racingClass: string): Promise<number> {
  const [latest] = await db
    .select({ after: auditEvents.after })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, CLASS_RESULTS), eq(auditEvents.entityId, classResultsEntityId(roundId, racingClass))))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return latest && isJsonObject(latest.after) && typeof latest.after.version === "number" ? latest.after.version : 0;
}

async function classSnapshot(tx: Tx, roundId: string, racingClass: string, version: number): Promise<ClassResultsSnapshot> {
  const rows = await tx
    .select()
    .from(roundResults)
    .where(and(eq(roundResults.roundId, roundId), eq(roundResults.racingClass, racingClass)))
    .orderBy(asc(roundResults.driverId));
  return {
    racingClass,
    version,
    results: rows.map(({ driverId, races, pole, driverOfDay, provisional }) => ({ driverId, races, pole, driverOfDay, provisional })),
  };
}

const classLabel = (round: { seasonYear: number; roundNumber: number; name: string }, racingClass: string) =>
  `${racingClass} results, ${round.seasonYear} R${round.roundNumber} ${round.name}`;

/** Reads the classes' results before a write, and afterwards gives the class audit rows of those that changed. */
export async function classRecords(
  tx: Tx,
  round: { id: string; seasonYear: number; roundNumber: number; name: string },
  racingClasses: string[],
) {
  const before = new Map<string, ClassResultsSnapshot>();
  for (const racingClass of new Set(racingClasses)) {
    before.set(racingClass, await classSnapshot(tx, round.id, racingClass, await classResultsVersion(tx, round.id, racingClass)));
  }
  return async (reason: string | null = null): Promise<AuditEntry[]> => {
    const entries: AuditEntry[] = [];
    for (const [racingClass, old] of before) {
      const now = await classSnapshot(tx, round.id, racingClass, old.version + 1);
      if (JSON.stringify(now.results) === JSON.stringify(old.results)) continue;
      entries.push({
        action: "update",
        entityType: CLASS_RESULTS,
        entityId: classResultsEntityId(round.id, racingClass),
        entityLabel: classLabel(round, racingClass),
        before: old,
        after: now,
        reason,
      });
    }
    return entries;
  };
}

/**
 * How the results History sets a class back to an earlier snapshot: rows not in it are
 * removed, the others written as they were (each row's own version goes up), checked against
 * the class version the page showed.
 */
export function classResultsRestoreTarget(roundId: string, racingClass: string): RestoreTarget<ClassResultsSnapshot> {
  return {
    entityType: CLASS_RESULTS,
    entityId: classResultsEntityId(roundId, racingClass),
    load: async (tx) => {
      const round = await lockRound(tx, roundId);
      return round ? classSnapshot(tx, roundId, racingClass, await classResultsVersion(tx, roundId, racingClass)) : null;
    },
    apply: async (tx, snapshot, expectedVersion) => {
      const version = await classResultsVersion(tx, roundId, racingClass);
      if (version !== expectedVersion) throw new VersionConflictError(CLASS_RESULTS, classResultsEntityId(roundId, racingClass));
      const parsed = snapshotResultsSchema.safeParse(snapshot.results);
      const wanted = parsed.success ? (parsed.data as unknown as ClassResultsSnapshot["results"]) : null;
      if (!wanted) throw new DeskInputError("form", "That version cannot be restored: it holds no results.");
      const current = await tx.select().from(roundResults).where(eq(roundResults.roundId, roundId)).for("update");
      for (const row of current) {
        if (row.racingClass === racingClass && !wanted.some((result) => result.driverId === row.driverId)) {
          await tx.delete(roundResults).where(and(eq(roundResults.roundId, roundId), eq(roundResults.driverId, row.driverId)));
        }
      }
      for (const result of wanted) {
        const values = { races: result.races, pole: result.pole, driverOfDay: result.driverOfDay, provisional: result.provisional };
        const stored = current.find((row) => row.driverId === result.driverId);
        if (stored && stored.racingClass !== racingClass) {
          throw new DeskInputError(
            "form",
            `That version cannot be restored: ${result.driverId} now has a ${stored.racingClass} result in this round.`,
          );
        }
        if (stored) {
          if (sameStored(stored, values)) continue;
          await tx
            .update(roundResults)
            .set({ ...values, version: stored.version + 1 })
            .where(and(eq(roundResults.roundId, roundId), eq(roundResults.driverId, result.driverId)));
        } else {
          await tx.insert(roundResults).values({ ...values, roundId, driverId: result.driverId, racingClass });
        }
      }
      return classSnapshot(tx, roundId, racingClass, version + 1);
    },
  };
}

function sameStored(
  a: { races: RaceResult[]; pole: boolean; driverOfDay: boolean; provisional: boolean },
  b: { races: RaceResult[]; pole: boolean; driverOfDay: boolean; provisional: boolean },
) {
  return (
    JSON.stringify([a.races, a.pole, a.driverOfDay, a.provisional]) === JSON.stringify([b.races, b.pole, b.driverOfDay, b.provisional])
  );
}

/**
 * Saves one class's results of a round from the form: each driver entered is
 * written (new or updated at the version the form was opened on), each driver
 * no longer entered is removed (the audit row keeps what it was).
 */
export async function saveClassResults(tx: Tx, roundId: string, input: ClassResultsInput): Promise<Written<{ changed: number }>> {
  const round = await lockRound(tx, roundId);
  if (!round) throw new DeskInputError("form", "That round no longer exists.");
  const classAudit = await classRecords(tx, round, [input.racingClass]);
  const rulesByClass = await getScoringRules(tx, round.seasonYear);
  if (!rulesByClass.has(input.racingClass))
    throw new DeskInputError("racingClass", `${input.racingClass} has no scoring rules for ${round.seasonYear}.`);

  const driverIds = input.entries.map((entry) => entry.driverId);
  const known = await tx.select({ id: drivers.id, name: drivers.name }).from(drivers).where(inArray(drivers.id, driverIds));
  const unknown = driverIds.find((id) => !known.some((driver) => driver.id === id));
  if (unknown) throw new DeskInputError("form", `Unknown driver: ${unknown}.`);

  const storedRows = await tx
    .select()
    .from(roundResults)
    .where(and(eq(roundResults.roundId, roundId), inArray(roundResults.driverId, driverIds)))
    .for("update");
  const audit: AuditEntry[] = [];
  for (const entry of input.entries) {
    const before = storedRows.find((row) => row.driverId === entry.driverId) ?? null;
    const entityId = resultEntityId(roundId, entry.driverId);
    const entityLabel = `${known.find((driver) => driver.id === entry.driverId)!.name}, ${round.seasonYear} R${round.roundNumber} ${round.name}`;
    // The form says which version it saw (none for a driver without a result); anything else is someone else's save.
    if ((before?.version ?? null) !== entry.version) throw new VersionConflictError("round_result", entityId);
    if (before && before.racingClass !== input.racingClass) {
      throw new DeskInputError("form", `${entry.driverId} has a ${before.racingClass} result in this round.`);
    }
    if (!entry.entered) {
      if (before) {
        await tx.delete(roundResults).where(and(eq(roundResults.roundId, roundId), eq(roundResults.driverId, entry.driverId)));
        audit.push({ action: "delete", entityType: "round_result", entityId, entityLabel, before, after: null });
      }
      continue;
    }
    const values = {
      races: entry.races.map(toRaceResult),
      pole: entry.pole,
      driverOfDay: entry.driverOfDay,
      provisional: input.provisional,
    };
    if (before && sameStored(before, values)) continue;
    const [after] = before
      ? await tx
          .update(roundResults)
          .set({ ...values, version: before.version + 1 })
          .where(and(eq(roundResults.roundId, roundId), eq(roundResults.driverId, entry.driverId)))
          .returning()
      : await tx
          .insert(roundResults)
          .values({ ...values, roundId, driverId: entry.driverId, racingClass: input.racingClass })
          .returning();
    audit.push({ action: before ? "update" : "create", entityType: "round_result", entityId, entityLabel, before, after });
  }
  const changed = audit.length;
  if (changed > 0) audit.push(...(await classAudit()));
  return { value: { changed }, audit };
}
