import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { RaceResult, ScoringRules } from "../../app/lib/scoring";
import { users } from "./accounts";
import { deletedAtColumn, versionColumn } from "./columns";
import { mediaAssets } from "./media";

/*
 * Racing: seasons and their scoring rules, rounds and their sessions, drivers and their results,
 * and the drivers' own profile edits waiting for approval.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const seasons = pgTable(
  "seasons",
  {
    year: integer("year").primaryKey(),
    /** Exactly one season is current: the one the home page, calendar and driver pages open on. */
    isCurrent: boolean("is_current").notNull().default(false),
    /** Only published seasons show on the public site. */
    published: boolean("published").notNull().default(true),
    version: versionColumn(),
  },
  (table) => [
    uniqueIndex("seasons_one_current")
      .on(table.isCurrent)
      .where(sql`${table.isCurrent}`),
  ],
);

/** A race weekend. Dates are UK local calendar dates; see app/lib/race-time.ts. */
export const rounds = pgTable(
  "rounds",
  {
    id: text("id").primaryKey(),
    seasonYear: integer("season_year")
      .notNull()
      .references(() => seasons.year),
    roundNumber: integer("round_number").notNull(),
    name: text("name").notNull(),
    circuit: text("circuit").notNull(),
    circuitSlug: text("circuit_slug").notNull(),
    location: text("location").notNull(),
    organizer: text("organizer").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    flagCode: text("flag_code").notNull(),
    circuitUrl: text("circuit_url").notNull(),
    layoutImage: text("layout_image").notNull(),
    circuitLengthMiles: doublePrecision("circuit_length_miles").notNull(),
    circuitTurns: integer("circuit_turns").notNull(),
    raceLengthMinutes: integer("race_length_minutes").notNull(),
    weather: text("weather"),
    trackTemperatureC: integer("track_temperature_c"),
    version: versionColumn(),
  },
  (table) => [unique("rounds_season_round_unique").on(table.seasonYear, table.roundNumber)],
);

export const roundSessions = pgTable(
  "round_sessions",
  {
    roundId: text("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull(),
    /**
     * Stable across the round desk's saves (which rewrite the rows, matching sessions by name):
     * what a live state, a ticker post and a classification point at.
     */
    id: text("id")
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()::text`),
    name: text("name").notNull(),
    date: date("date").notNull(),
    /** Local HH:MM, or null while not announced. */
    time: text("time"),
  },
  (table) => [primaryKey({ columns: [table.roundId, table.sortOrder] })],
);

export const drivers = pgTable("drivers", {
  id: text("id").primaryKey(),
  sortOrder: integer("sort_order").notNull(),
  name: text("name").notNull(),
  number: integer("number").notNull(),
  racingClass: text("racing_class").notNull(),
  role: text("role").notNull(),
  image: text("image").notNull(),
  /**
   * A photo of the media library that pages show instead of `image` (so are the other
   * tables' photo/logo asset columns). Typed AnyPgColumn: media_assets → users → drivers
   * → media_assets is a cycle TypeScript cannot infer.
   */
  photoAssetId: text("photo_asset_id").references((): AnyPgColumn => mediaAssets.id, { onDelete: "set null" }),
  objectPosition: text("object_position").notNull().default("center"),
  bio: text("bio").notNull(),
  achievements: jsonb("achievements").$type<string[]>().notNull(),
  careerHighlights: jsonb("career_highlights").$type<string[]>().notNull(),
  version: versionColumn(),
  deletedAt: deletedAtColumn(),
});

/** One of our drivers' results in one round: positions only, points are computed. */
export const roundResults = pgTable(
  "round_results",
  {
    roundId: text("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    driverId: text("driver_id")
      .notNull()
      .references(() => drivers.id),
    racingClass: text("racing_class").notNull(),
    races: jsonb("races").$type<RaceResult[]>().notNull(),
    pole: boolean("pole").notNull().default(false),
    driverOfDay: boolean("driver_of_day").notNull().default(false),
    /** Shown publicly as provisional until the organiser's classification is final. */
    provisional: boolean("provisional").notNull().default(false),
    version: versionColumn(),
  },
  (table) => [primaryKey({ columns: [table.roundId, table.driverId] }), index("round_results_driver_idx").on(table.driverId)],
);

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

/*
 * A driver's own edit of their bio and photo, made from their dashboard. It waits here until
 * staff approve it (then it is written to `drivers`, audited) or reject it with a reason the
 * driver sees. The public site reads only `drivers`, so nothing here is public.
 * See docs/decisions/0029-people-desk-and-driver-changes.md.
 */

export const driverChangeStatuses = ["pending", "approved", "rejected"] as const;
export type DriverChangeStatus = (typeof driverChangeStatuses)[number];

export const driverProfileChanges = pgTable(
  "driver_profile_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    driverId: text("driver_id")
      .notNull()
      .references(() => drivers.id, { onDelete: "cascade" }),
    /** The driver account that sent it; null once that account is deleted. */
    submittedBy: text("submitted_by").references(() => users.id, { onDelete: "set null" }),
    submittedAt: timestamptz("submitted_at").notNull().defaultNow(),
    bio: text("bio").notNull(),
    image: text("image").notNull(),
    status: text("status").$type<DriverChangeStatus>().notNull().default("pending"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamptz("decided_at"),
    /** Why staff rejected it: shown to the driver. */
    reason: text("reason"),
  },
  (table) => [
    // One change waits per driver: sending another replaces it.
    uniqueIndex("driver_profile_changes_one_pending")
      .on(table.driverId)
      .where(sql`${table.status} = 'pending'`),
    index("driver_profile_changes_driver_idx").on(table.driverId, table.submittedAt),
    check("driver_profile_changes_status_check", sql`${table.status} in ('pending', 'approved', 'rejected')`),
  ],
);
