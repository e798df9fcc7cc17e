import { asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { drivers, roundResults, rounds } from "../../../db/schema";
import { getPublicSeasonYear, getScoringRules, rulesForClass } from "~/features/calendar/season.server";
import { withLibraryPhotos } from "~/features/media/media.server";
import { LEGEND_2025, scoreSeason } from "~/lib/scoring";

/** Scoring an empty season needs rules of some kind; with no rounds none of their points are used. */
const NO_ROUNDS_SCORED = LEGEND_2025;

/**
 * Every driver with their season computed from the stored results: stats,
 * championship total and per-round scores (with dropped rounds marked).
 */
export async function getDriversWithSeason(db: Database, seasonYear: number) {
  const [driverRows, resultRows, rulesByClass] = await Promise.all([
    // A driver deleted in the back office leaves the site (the results keep their rows).
    db
      .select()
      .from(drivers)
      .where(isNull(drivers.deletedAt))
      .orderBy(asc(drivers.sortOrder))
      .then((rows) => withLibraryPhotos(db, rows, (row) => row.photoAssetId)),
    db
      .select({ result: roundResults, roundName: rounds.name, roundNumber: rounds.roundNumber })
      .from(roundResults)
      .innerJoin(rounds, eq(rounds.id, roundResults.roundId))
      .where(eq(rounds.seasonYear, seasonYear))
      .orderBy(asc(rounds.startDate)),
    getScoringRules(db, seasonYear),
  ]);
  return driverRows.map((driver) => {
    const entries = resultRows.filter(({ result }) => result.driverId === driver.id);
    // A driver races one class a season: the class of their results, or their current one before any result
    // (then the rules only print the legend, and a season without rules yet has none to print).
    const scoring = entries[0]
      ? rulesForClass(rulesByClass, entries[0].result.racingClass)
      : (rulesByClass.get(driver.racingClass) ?? null);
    const season = scoreSeason(
      entries.map(({ result }) => ({ ...result, roundId: result.roundId })),
      scoring ?? NO_ROUNDS_SCORED,
    );
    return {
      ...driver,
      season: {
        scoring,
        ...season,
        rounds: season.rounds.map((round, index) => ({
          ...round,
          roundName: entries[index]!.roundName,
          roundNumber: entries[index]!.roundNumber,
          provisional: entries[index]!.result.provisional,
        })),
      },
    };
  });
}

export type DriverWithSeason = Awaited<ReturnType<typeof getDriversWithSeason>>[number];

/** A driver's card in a carousel: who they are and their season's points. */
export type DriverCard = Pick<
  DriverWithSeason,
  "id" | "name" | "number" | "racingClass" | "role" | "image" | "photo" | "objectPosition"
> & {
  seasonPoints: number;
  /** The rounds the points count, which spoiler-free mode hides them behind (ADR 0142). */
  seasonRoundIds: string[];
};

/** What opens below a card: bio, season stats and results, achievements and career highlights. */
export type DriverDetailData = Pick<
  DriverWithSeason,
  "id" | "name" | "number" | "role" | "image" | "photo" | "objectPosition" | "bio" | "season" | "achievements" | "careerHighlights"
>;

export function driverCard({ id, name, number, racingClass, role, image, photo, objectPosition, season }: DriverWithSeason): DriverCard {
  const seasonRoundIds = season.rounds.map((round) => round.roundId);
  return { id, name, number, racingClass, role, image, photo, objectPosition, seasonPoints: season.total, seasonRoundIds };
}

export function driverDetail(driver: DriverWithSeason): DriverDetailData {
  const { id, name, number, role, image, photo, objectPosition, bio, season, achievements, careerHighlights } = driver;
  return { id, name, number, role, image, photo, objectPosition, bio, season, achievements, careerHighlights };
}

/**
 * The driver carousel's data: every driver's card, and the detail of the one named in
 * the address (?driver=), which the page renders open. Other details load when asked
 * for (GET /api/drivers/:driverId), so the page does not carry every driver's season.
 */
export async function getDriverCarousel(db: Database, openDriverId: string | null) {
  const { seasonYear, drivers } = await getDriversForLatestSeason(db);
  const open = openDriverId ? drivers.find((driver) => driver.id === openDriverId) : undefined;
  return { seasonYear, drivers: drivers.map(driverCard), openDriver: open ? driverDetail(open) : null };
}

/** One driver's detail with the latest season, or null for an unknown driver. */
export async function getDriverDetail(db: Database, driverId: string) {
  const { seasonYear, drivers } = await getDriversForLatestSeason(db);
  const driver = drivers.find((candidate) => candidate.id === driverId);
  return driver ? { seasonYear, driver: driverDetail(driver) } : null;
}

/**
 * The drivers with the season the public site opens on computed (the current
 * one when published). Before any season is published the year is this one,
 * which has no results yet.
 */
export async function getDriversForLatestSeason(db: Database) {
  const seasonYear = (await getPublicSeasonYear(db)) ?? new Date().getUTCFullYear();
  return { seasonYear, drivers: await getDriversWithSeason(db, seasonYear) };
}
