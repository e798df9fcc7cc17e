import { asc, eq, max } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { drivers, roundResults, rounds, seasons } from "../../../db/schema";
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

/** What a driver carousel shows of a driver: the card, and the detail with bio and season. */
export type CarouselDriver = Pick<
  DriverWithSeason,
  "id" | "name" | "number" | "racingClass" | "role" | "image" | "objectPosition" | "bio" | "season"
> & {
  /** Only where the page shows the career panel. */
  career?: { achievements: string[]; highlights: string[] };
};

/** A driver as a carousel shows them, nothing more: the page's data is sent in its HTML. */
export function carouselDriver(driver: DriverWithSeason, options: { withCareer: boolean }): CarouselDriver {
  const { id, name, number, racingClass, role, image, objectPosition, bio, season } = driver;
  const shown = { id, name, number, racingClass, role, image, objectPosition, bio, season };
  return options.withCareer ? { ...shown, career: { achievements: driver.achievements, highlights: driver.careerHighlights } } : shown;
}

/** The latest season's year, or null before any season is stored. */
export async function getLatestSeasonYear(db: Database): Promise<number | null> {
  const [row] = await db.select({ year: max(seasons.year) }).from(seasons);
  return row?.year ?? null;
}

/**
 * The drivers with the latest season computed. Before any season is stored
 * the year is the current one, which has no results yet.
 */
export async function getDriversForLatestSeason(db: Database) {
  const seasonYear = (await getLatestSeasonYear(db)) ?? new Date().getUTCFullYear();
  return { seasonYear, drivers: await getDriversWithSeason(db, seasonYear) };
}
