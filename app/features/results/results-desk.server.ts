/**
 * The season and results desk's reads and writes. Every write takes the
 * transaction of auditedWrite (app/features/admin/audit.server.ts) and returns
 * its audit entries; a change based on a stale version throws
 * VersionConflictError, which auditedWrite turns into a refused save.
 */
import { and, asc, count, desc, eq, inArray, max, ne } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { auditEvents, drivers, roundResults, rounds, roundSessions, scoringRules, seasons } from "../../../db/schema";
import { VersionConflictError, type AuditEntry, type Tx } from "~/features/admin/audit.server";
import { DeskInputError } from "~/features/admin/desk/desk-write.server";
import type { RestoreTarget } from "~/features/admin/history.server";
import { isJsonObject } from "~/lib/json-diff";
import { z } from "~/lib/zod";
import { getScoringRules, rulesForClass } from "~/features/calendar/season.server";
import type { RaceResult, RoundEntry, ScoringRules } from "~/lib/scoring";
import { parseClassificationCsv, type CsvProblem, type IgnoredRow, type KnownDriver } from "./classification-csv";
import { planClassificationImport, planFingerprint, type ImportChange, type StoredRoundResult } from "./classification-import";
import { roundSchema, toRaceResult, type ClassResultsInput, type RoundInput } from "./results-form";

/** A write's outcome for auditedWrite: what the screen needs and the audit rows. */
interface Written<T> {
  value: T;
  audit: AuditEntry[];
}

// ---------------------------------------------------------------- seasons

export async function listDeskSeasons(db: Database) {
  const [seasonRows, roundCounts] = await Promise.all([
    db.select().from(seasons).orderBy(desc(seasons.year)),
    db.select({ seasonYear: rounds.seasonYear, rounds: count() }).from(rounds).groupBy(rounds.seasonYear),
  ]);
  return seasonRows.map((season) => ({
    ...season,
    roundCount: roundCounts.find((row) => row.seasonYear === season.year)?.rounds ?? 0,
  }));
}

/** A new, unpublished season; each class's latest scoring rules carry over as its version 1. */
export async function createSeason(tx: Tx, year: number): Promise<Written<{ year: number }>> {
  const [existing] = await tx.select({ year: seasons.year }).from(seasons).where(eq(seasons.year, year));
  if (existing) throw new DeskInputError("year", `The ${year} season already exists.`);
  const [season] = await tx.insert(seasons).values({ year, published: false, isCurrent: false }).returning();
  const carried = await getScoringRules(tx, year);
  const rulesRows = [...carried].map(([racingClass, rules]) => ({ seasonYear: year, racingClass, version: 1, rules }));
  if (rulesRows.length) await tx.insert(scoringRules).values(rulesRows);
  return {
    value: { year },
    audit: [
      { action: "create", entityType: "season", entityId: String(year), entityLabel: `${year} season`, before: null, after: season },
      ...rulesRows.map((row) => ({
        action: "create",
        entityType: "scoring_rules",
        entityId: `${year}/${row.racingClass}/v1`,
        entityLabel: `${year} ${row.racingClass} scoring rules`,
        before: null,
        after: row,
      })),
    ],
  };
}

// ---------------------------------------------------------------- scoring rules

export interface SeasonClassRules {
  racingClass: string;
  rules: ScoringRules;
  /** The season's own latest version of them; 0 while the season uses rules carried from an earlier one. */
  version: number;
}

/** Each class's scoring rules as they apply to a season, with the version a save must be based on. */
export async function getSeasonScoringRules(db: Database, year: number): Promise<SeasonClassRules[]> {
  const [applied, own] = await Promise.all([
    getScoringRules(db, year),
    db
      .select({ racingClass: scoringRules.racingClass, version: max(scoringRules.version) })
      .from(scoringRules)
      .where(eq(scoringRules.seasonYear, year))
      .groupBy(scoringRules.racingClass),
  ]);
  return [...applied]
    .map(([racingClass, rules]) => ({ racingClass, rules, version: own.find((row) => row.racingClass === racingClass)?.version ?? 0 }))
    .sort((a, b) => a.racingClass.localeCompare(b.racingClass));
}

/**
 * Saves a class's rules for a season as its next version (earlier versions stay on record;
 * the highest applies). A form opened before someone else's save is a conflict, nothing saved.
 * Every standing and driver total is computed from the rules, so the site follows at once.
 */
export async function saveScoringRules(
  tx: Tx,
  input: { year: number; racingClass: string; expectedVersion: number; rules: ScoringRules; reason: string },
): Promise<Written<{ version: number }>> {
  const { year, racingClass, expectedVersion, rules, reason } = input;
  // The season's row serialises two saves of its rules (the unique version would refuse the second anyway).
  const [season] = await tx.select({ year: seasons.year }).from(seasons).where(eq(seasons.year, year)).for("update");
  if (!season) throw new DeskInputError("racingClass", `There is no ${year} season.`);
  const applied = (await getScoringRules(tx, year)).get(racingClass);
  if (!applied) throw new DeskInputError("racingClass", `The ${year} season has no ${racingClass} class.`);
  const [latest] = await tx
    .select({ version: scoringRules.version })
    .from(scoringRules)
    .where(and(eq(scoringRules.seasonYear, year), eq(scoringRules.racingClass, racingClass)))
    .orderBy(desc(scoringRules.version))
    .limit(1);
  const current = latest?.version ?? 0;
  if (current !== expectedVersion) throw new VersionConflictError("scoring_rules", `${year}/${racingClass}`);
  const version = current + 1;
  await tx.insert(scoringRules).values({ seasonYear: year, racingClass, version, rules });
  return {
    value: { version },
    audit: [
      {
        action: "update",
        entityType: "scoring_rules",
        entityId: `${year}/${racingClass}`,
        entityLabel: `${year} ${racingClass} scoring rules`,
        before: { version: current, rules: applied },
        after: { version, rules },
        reason: reason || null,
      },
    ],
  };
}

async function lockSeason(tx: Tx, year: number, expectedVersion: number) {
  const [season] = await tx.select().from(seasons).where(eq(seasons.year, year)).for("update");
  if (!season || season.version !== expectedVersion) throw new VersionConflictError("season", String(year));
  return season;
}

/** Publishes or withdraws a season; the current season stays published (the site opens on it). */
export async function setSeasonPublished(tx: Tx, year: number, expectedVersion: number, published: boolean): Promise<Written<null>> {
  const before = await lockSeason(tx, year, expectedVersion);
  if (!published && before.isCurrent)
    throw new DeskInputError("published", "The current season stays published; make another season current first.");
  const [after] = await tx
    .update(seasons)
    .set({ published, version: before.version + 1 })
    .where(eq(seasons.year, year))
    .returning();
  return {
    value: null,
    audit: [
      {
        action: published ? "publish" : "unpublish",
        entityType: "season",
        entityId: String(year),
        entityLabel: `${year} season`,
        before,
        after,
      },
    ],
  };
}

/** Makes a published season the current one; the one that was current stops being it (one update each, both audited). */
export async function setCurrentSeason(tx: Tx, year: number, expectedVersion: number): Promise<Written<null>> {
  const before = await lockSeason(tx, year, expectedVersion);
  if (!before.published) throw new DeskInputError("isCurrent", "Publish the season before making it current.");
  if (before.isCurrent) return { value: null, audit: [] };
  const audit: AuditEntry[] = [];
  const previous = await tx
    .select()
    .from(seasons)
    .where(and(eq(seasons.isCurrent, true), ne(seasons.year, year)))
    .for("update");
  for (const season of previous) {
    const [after] = await tx
      .update(seasons)
      .set({ isCurrent: false, version: season.version + 1 })
      .where(eq(seasons.year, season.year))
      .returning();
    audit.push({
      action: "update",
      entityType: "season",
      entityId: String(season.year),
      entityLabel: `${season.year} season`,
      before: season,
      after,
    });
  }
  const [after] = await tx
    .update(seasons)
    .set({ isCurrent: true, version: before.version + 1 })
    .where(eq(seasons.year, year))
    .returning();
  audit.push({ action: "set_current", entityType: "season", entityId: String(year), entityLabel: `${year} season`, before, after });
  return { value: null, audit };
}

/**
 * How the History panel sets a season back to an earlier snapshot: whether it is published.
 * Which season is current is a choice among seasons (Make current changes two), so a restore
 * does not change it; the current season stays published, as the desk requires.
 */
export function seasonRestoreTarget(year: number): RestoreTarget<typeof seasons.$inferSelect> {
  return {
    entityType: "season",
    entityId: String(year),
    entityLabel: `${year} season`,
    load: async (tx) => (await tx.select().from(seasons).where(eq(seasons.year, year)).for("update"))[0] ?? null,
    apply: async (tx, snapshot, expectedVersion) => {
      if (typeof snapshot.published !== "boolean")
        throw new DeskInputError("form", "That version cannot be restored: it does not say whether the season was published.");
      await setSeasonPublished(tx, year, expectedVersion, snapshot.published);
      return (await tx.select().from(seasons).where(eq(seasons.year, year)))[0]!;
    },
  };
}

// ---------------------------------------------------------------- rounds

export async function getSeasonRounds(db: Database, year: number) {
  const [season] = await db.select().from(seasons).where(eq(seasons.year, year));
  if (!season) return null;
  const roundRows = await db
    .select({ id: rounds.id, roundNumber: rounds.roundNumber, name: rounds.name, startDate: rounds.startDate, endDate: rounds.endDate })
    .from(rounds)
    .where(eq(rounds.seasonYear, year))
    .orderBy(asc(rounds.startDate), asc(rounds.roundNumber));
  return { season, rounds: roundRows };
}

export async function getDeskRound(db: Database, roundId: string) {
  const [round] = await db.select().from(rounds).where(eq(rounds.id, roundId));
  if (!round) return null;
  const sessions = await db.select().from(roundSessions).where(eq(roundSessions.roundId, roundId)).orderBy(asc(roundSessions.sortOrder));
  return { ...round, sessions };
}

function roundValues(input: RoundInput) {
  const { sessions: _sessions, ...values } = input;
  return values;
}

async function replaceSessions(tx: Tx, roundId: string, sessions: RoundInput["sessions"]) {
  await tx.delete(roundSessions).where(eq(roundSessions.roundId, roundId));
  if (sessions.length) {
    await tx.insert(roundSessions).values(sessions.map((session, sortOrder) => ({ ...session, roundId, sortOrder })));
  }
}

function checkRoundInSeason(seasonYear: number, input: RoundInput) {
  if (Number(input.startDate.slice(0, 4)) !== seasonYear) {
    throw new DeskInputError("startDate", `A round of the ${seasonYear} season starts in ${seasonYear}.`);
  }
}

async function checkRoundNumberFree(tx: Tx, seasonYear: number, roundNumber: number, exceptId: string | null) {
  const [taken] = await tx
    .select({ id: rounds.id })
    .from(rounds)
    .where(and(eq(rounds.seasonYear, seasonYear), eq(rounds.roundNumber, roundNumber), exceptId ? ne(rounds.id, exceptId) : undefined));
  if (taken) throw new DeskInputError("roundNumber", `Round ${roundNumber} already exists in ${seasonYear}.`);
}

export async function createRound(tx: Tx, seasonYear: number, input: RoundInput): Promise<Written<{ id: string }>> {
  const [season] = await tx.select({ year: seasons.year }).from(seasons).where(eq(seasons.year, seasonYear));
  if (!season) throw new DeskInputError("form", `There is no ${seasonYear} season.`);
  checkRoundInSeason(seasonYear, input);
  await checkRoundNumberFree(tx, seasonYear, input.roundNumber, null);
  const id = `${seasonYear}-r${input.roundNumber}-${input.circuitSlug}`;
  const [after] = await tx
    .insert(rounds)
    .values({ ...roundValues(input), id, seasonYear })
    .returning();
  await replaceSessions(tx, id, input.sessions);
  return {
    value: { id },
    audit: [
      {
        action: "create",
        entityType: "round",
        entityId: id,
        entityLabel: `${seasonYear} R${input.roundNumber} ${input.name}`,
        before: null,
        after: { ...after, sessions: input.sessions },
      },
    ],
  };
}

/** Saves a round and its sessions together, based on the version the form was opened on. */
export async function updateRound(
  tx: Tx,
  roundId: string,
  expectedVersion: number,
  input: RoundInput,
): Promise<Written<typeof rounds.$inferSelect>> {
  const [before] = await tx.select().from(rounds).where(eq(rounds.id, roundId)).for("update");
  if (!before || before.version !== expectedVersion) throw new VersionConflictError("round", roundId);
  checkRoundInSeason(before.seasonYear, input);
  await checkRoundNumberFree(tx, before.seasonYear, input.roundNumber, roundId);
  const sessionsBefore = await tx
    .select()
    .from(roundSessions)
    .where(eq(roundSessions.roundId, roundId))
    .orderBy(asc(roundSessions.sortOrder));
  const [after] = await tx
    .update(rounds)
    .set({ ...roundValues(input), version: before.version + 1 })
    .where(eq(rounds.id, roundId))
    .returning();
  await replaceSessions(tx, roundId, input.sessions);
  const sessionView = (list: ReadonlyArray<{ name: string; date: string; time: string | null }>) =>
    list.map(({ name, date, time }) => ({ name, date, time }));
  return {
    value: after!,
    audit: [
      {
        action: "update",
        entityType: "round",
        entityId: roundId,
        entityLabel: `${before.seasonYear} R${input.roundNumber} ${input.name}`,
        before: { ...before, sessions: sessionView(sessionsBefore) },
        after: { ...after, sessions: sessionView(input.sessions) },
      },
    ],
  };
}

/**
 * How the History panel sets a round back to an earlier snapshot: the snapshot's round and
 * session fields go through the round form's own checks, then the same versioned save.
 */
export function roundRestoreTarget(roundId: string, label: string): RestoreTarget<typeof rounds.$inferSelect> {
  return {
    entityType: "round",
    entityId: roundId,
    entityLabel: label,
    load: async (tx) => (await tx.select().from(rounds).where(eq(rounds.id, roundId)).for("update"))[0] ?? null,
    apply: async (tx, snapshot, expectedVersion) => {
      // The snapshot is JSON of the stored row; the form schema reads text, as from a form.
      const asFormValue = (value: unknown) => (value === null || value === undefined ? "" : String(value));
      const fields = Object.fromEntries(Object.entries(snapshot).map(([key, value]) => [key, asFormValue(value)]));
      const sessions = Array.isArray(snapshot.sessions) ? snapshot.sessions : [];
      const parsed = roundSchema.safeParse({
        ...fields,
        sessions: sessions.map((session) =>
          Object.fromEntries(Object.entries(session as Record<string, unknown>).map(([key, value]) => [key, asFormValue(value)])),
        ),
      });
      if (!parsed.success) throw new DeskInputError("form", "That version cannot be restored: it no longer passes the round's checks.");
      return (await updateRound(tx, roundId, expectedVersion, parsed.data)).value;
    },
  };
}

// ---------------------------------------------------------------- results

/** How many races a round has: its sessions named "Race …", or more if results already hold more. */
export function raceCountOf(sessions: ReadonlyArray<{ name: string }>, storedRaces: ReadonlyArray<readonly unknown[]>): number {
  const scheduled = sessions.filter((session) => /^race\b/i.test(session.name.trim())).length;
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

const resultEntityId = (roundId: string, driverId: string) => `${roundId}/${driverId}`;

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

async function lockRound(tx: Tx, roundId: string) {
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
async function classRecords(tx: Tx, round: { id: string; seasonYear: number; roundNumber: number; name: string }, racingClasses: string[]) {
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

// ---------------------------------------------------------------- CSV import

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
