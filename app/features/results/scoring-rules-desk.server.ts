/** The results desk's scoring rules: each class's rules for a season, saved as numbered versions. */
import { and, desc, eq, max } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { scoringRules, seasons } from "../../../db/schema";
import { VersionConflictError, type Tx } from "~/features/admin/audit.server";
import { getScoringRules } from "~/features/calendar/season.server";
import type { ScoringRules } from "~/lib/scoring";
import { DeskInputError } from "~/features/admin/desk/desk-write.server";
import type { Written } from "./results-desk.server";

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
