import { index, integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import type { ScoringRules } from "../../app/lib/scoring";
import { seasons } from "./content";

/**
 * A class's scoring rules for a season, as versioned data: a change adds a
 * version (the highest one applies), so earlier rules stay on record.
 */
export const scoringRules = pgTable(
  "scoring_rules",
  {
    seasonYear: integer("season_year")
      .notNull()
      .references(() => seasons.year),
    racingClass: text("racing_class").notNull(),
    version: integer("version").notNull(),
    rules: jsonb("rules").$type<ScoringRules>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("scoring_rules_season_class_version").on(table.seasonYear, table.racingClass, table.version),
    index("scoring_rules_season_idx").on(table.seasonYear),
  ],
);
