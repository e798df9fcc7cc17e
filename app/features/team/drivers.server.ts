import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { drivers, roundResults, rounds } from "../../../db/schema";
import { scoreSeason } from "~/lib/scoring";

/**
 * Every driver with their season computed from the stored results: stats,
 * championship total and per-round scores (with dropped rounds marked).
 */
export async function getDriversWithSeason(db: Database, seasonYear: number) {
  const [driverRows, resultRows] = await Promise.all([
    db.select().from(drivers).orderBy(asc(drivers.sortOrder)),
    db
      .select({ result: roundResults, roundName: rounds.name, roundNumber: rounds.roundNumber })
      .from(roundResults)
      .innerJoin(rounds, eq(rounds.id, roundResults.roundId))
      .where(eq(rounds.seasonYear, seasonYear))
      .orderBy(asc(rounds.startDate)),
  ]);
  return driverRows.map((driver) => {
    const entries = resultRows.filter(({ result }) => result.driverId === driver.id);
    const season = scoreSeason(entries.map(({ result }) => ({ ...result, roundId: result.roundId })));
    return {
      ...driver,
      season: {
        ...season,
        rounds: season.rounds.map((round, index) => ({
          ...round,
          roundName: entries[index]!.roundName,
          roundNumber: entries[index]!.roundNumber,
        })),
      },
    };
  });
}

export type DriverWithSeason = Awaited<ReturnType<typeof getDriversWithSeason>>[number];
