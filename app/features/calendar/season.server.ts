import { and, asc, desc, eq, gt, inArray, lte } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { drivers, roundResults, rounds, roundSessions, scoringRules, seasons } from "../../../db/schema";
import { racePoints, type ScoringRules } from "~/lib/scoring";
import { withInstants } from "~/lib/race-time";
import { liveSummariesOf } from "~/features/live/live-round.server";

/** Every published season, newest first: the calendar's season switcher and archive. */
export async function getPublishedSeasons(db: Database) {
  return db
    .select({ year: seasons.year, isCurrent: seasons.isCurrent })
    .from(seasons)
    .where(eq(seasons.published, true))
    .orderBy(desc(seasons.year));
}

/**
 * The year the public site opens on: the current season when it is published,
 * else the latest published one; null when nothing is published.
 */
export async function getPublicSeasonYear(db: Database): Promise<number | null> {
  const [season] = await db
    .select({ year: seasons.year })
    .from(seasons)
    .where(eq(seasons.published, true))
    .orderBy(desc(seasons.isCurrent), desc(seasons.year))
    .limit(1);
  return season?.year ?? null;
}

/**
 * Each class's scoring rules for a season: the highest version of the latest
 * season up to this one that has rules for the class, so a new season carries
 * the rules on until they are changed for it.
 */
export async function getScoringRules(db: Database, seasonYear: number): Promise<Map<string, ScoringRules>> {
  const rows = await db
    .select({ racingClass: scoringRules.racingClass, rules: scoringRules.rules })
    .from(scoringRules)
    .where(lte(scoringRules.seasonYear, seasonYear))
    .orderBy(asc(scoringRules.seasonYear), asc(scoringRules.version));
  // Later rows win: ascending order leaves the newest rules of each class in the map.
  return new Map(rows.map((row) => [row.racingClass, row.rules]));
}

/** The rules for a class, or an error naming what is missing (a season's classes all get rules when it is created). */
export function rulesForClass(rulesByClass: ReadonlyMap<string, ScoringRules>, racingClass: string): ScoringRules {
  const rules = rulesByClass.get(racingClass);
  if (!rules) throw new Error(`No scoring rules for class ${racingClass}`);
  return rules;
}

/** The published season asked for, or the one the site opens on; null when there is none. */
export async function getSeason(db: Database, year?: number) {
  const seasonYear = year ?? (await getPublicSeasonYear(db));
  if (seasonYear === null) return null;
  const [season] = await db
    .select()
    .from(seasons)
    .where(and(eq(seasons.year, seasonYear), eq(seasons.published, true)));
  if (!season) return null;

  const [roundRows, sessionRows, resultRows, rulesByClass, nextSeason] = await Promise.all([
    db.select().from(rounds).where(eq(rounds.seasonYear, season.year)).orderBy(asc(rounds.startDate)),
    db
      .select({ session: roundSessions })
      .from(roundSessions)
      .innerJoin(rounds, eq(rounds.id, roundSessions.roundId))
      .where(eq(rounds.seasonYear, season.year))
      .orderBy(asc(roundSessions.roundId), asc(roundSessions.sortOrder)),
    db
      .select({ result: roundResults, driverName: drivers.name, driverNumber: drivers.number, driverOrder: drivers.sortOrder })
      .from(roundResults)
      .innerJoin(rounds, eq(rounds.id, roundResults.roundId))
      .innerJoin(drivers, eq(drivers.id, roundResults.driverId))
      .where(eq(rounds.seasonYear, season.year))
      .orderBy(asc(drivers.sortOrder)),
    getScoringRules(db, season.year),
    getNextPublishedSeason(db, season.year),
  ]);

  // Each session's live state (issue 39), so the calendar and the next-race panel follow the round.
  const liveByRound = await liveSummariesOf(
    db,
    roundRows,
    sessionRows.map(({ session }) => session),
  );

  return {
    year: season.year,
    nextSeason,
    rounds: roundRows.map((round) => ({
      ...withInstants(round),
      sessions: sessionRows.filter(({ session }) => session.roundId === round.id).map(({ session }) => session),
      live: liveByRound.get(round.id) ?? [],
      results: resultRows
        .filter(({ result }) => result.roundId === round.id)
        .map(({ result, driverName, driverNumber }) => {
          const rules = rulesForClass(rulesByClass, result.racingClass);
          const races = result.races.map((race) => ({ ...race, points: racePoints(race, rules) }));
          return {
            driverId: result.driverId,
            driverName,
            driverNumber,
            racingClass: result.racingClass,
            pole: result.pole,
            driverOfDay: result.driverOfDay,
            provisional: result.provisional,
            races,
            points: races.reduce((sum, race) => sum + race.points, 0),
          };
        }),
    })),
  };
}

export type Season = NonNullable<Awaited<ReturnType<typeof getSeason>>>;
export type SeasonRound = Season["rounds"][number];

/** The first published season after this one, with its first round if it has any: what "Season Complete" points to. */
async function getNextPublishedSeason(db: Database, afterYear: number) {
  const [next] = await db
    .select({ year: seasons.year })
    .from(seasons)
    .where(and(eq(seasons.published, true), gt(seasons.year, afterYear)))
    .orderBy(asc(seasons.year))
    .limit(1);
  if (!next) return null;
  const [firstRound] = await db
    .select({ name: rounds.name, startDate: rounds.startDate })
    .from(rounds)
    .where(eq(rounds.seasonYear, next.year))
    .orderBy(asc(rounds.startDate))
    .limit(1);
  return { year: next.year, firstRound: firstRound ?? null };
}

/** Every round of every published season with its sessions, oldest first: what the iCalendar feed lists. */
export async function getAllRoundsWithSessions(db: Database) {
  const publishedYears = db.select({ year: seasons.year }).from(seasons).where(eq(seasons.published, true));
  const [roundRows, sessionRows] = await Promise.all([
    db.select().from(rounds).where(inArray(rounds.seasonYear, publishedYears)).orderBy(asc(rounds.startDate), asc(rounds.roundNumber)),
    db
      .select({ session: roundSessions })
      .from(roundSessions)
      .innerJoin(rounds, eq(rounds.id, roundSessions.roundId))
      .where(inArray(rounds.seasonYear, publishedYears))
      .orderBy(asc(roundSessions.roundId), asc(roundSessions.sortOrder)),
  ]);
  return roundRows.map((round) => ({
    ...round,
    sessions: sessionRows.filter(({ session }) => session.roundId === round.id).map(({ session }) => session),
  }));
}
