import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { drivers, roundResults, rounds, roundSessions, seasons } from "../../../db/schema";
import { racePoints } from "~/lib/scoring";

/** The most recent season with rounds, or the one asked for; null when there is none. */
export async function getSeason(db: Database, year?: number) {
  const [season] = year
    ? await db.select().from(seasons).where(eq(seasons.year, year))
    : await db.select().from(seasons).orderBy(desc(seasons.year)).limit(1);
  if (!season) return null;

  const [roundRows, sessionRows, resultRows] = await Promise.all([
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
  ]);

  return {
    year: season.year,
    rounds: roundRows.map((round) => ({
      ...round,
      sessions: sessionRows.filter(({ session }) => session.roundId === round.id).map(({ session }) => session),
      results: resultRows
        .filter(({ result }) => result.roundId === round.id)
        .map(({ result, driverName, driverNumber }) => {
          const races = result.races.map((race) => ({ ...race, points: racePoints(race) }));
          return {
            driverId: result.driverId,
            driverName,
            driverNumber,
            racingClass: result.racingClass,
            pole: result.pole,
            driverOfDay: result.driverOfDay,
            races,
            points: races.reduce((sum, race) => sum + race.points, 0),
          };
        }),
    })),
  };
}

export type Season = NonNullable<Awaited<ReturnType<typeof getSeason>>>;
export type SeasonRound = Season["rounds"][number];

/** Every round of every season with its sessions, oldest first: what the iCalendar feed lists. */
export async function getAllRoundsWithSessions(db: Database) {
  const [roundRows, sessionRows] = await Promise.all([
    db.select().from(rounds).orderBy(asc(rounds.startDate), asc(rounds.roundNumber)),
    db.select().from(roundSessions).orderBy(asc(roundSessions.roundId), asc(roundSessions.sortOrder)),
  ]);
  return roundRows.map((round) => ({
    ...round,
    sessions: sessionRows.filter((session) => session.roundId === round.id),
  }));
}
