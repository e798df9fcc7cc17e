import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, unique } from "drizzle-orm/pg-core";
import { deletedAtColumn, versionColumn } from "./columns";
import type { RaceResult } from "../../app/lib/scoring";

export const legalDocuments = pgTable("legal_documents", {
  slug: text("slug").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  bodyMarkdown: text("body_markdown").notNull(),
  /** The date the text was last revised: what the page shows as "Last updated". */
  revisedOn: date("revised_on").notNull(),
  version: versionColumn(),
});

export const seasons = pgTable("seasons", {
  year: integer("year").primaryKey(),
});

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
  },
  (table) => [primaryKey({ columns: [table.roundId, table.driverId] }), index("round_results_driver_idx").on(table.driverId)],
);

export const teamMembers = pgTable("team_members", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  role: text("role").notNull(),
  department: text("department").notNull(),
  /** "leadership" or "male-side": which section of the team page shows them. */
  group: text("group").notNull(),
  image: text("image").notNull(),
  video: text("video"),
  bio: text("bio").notNull(),
  fullBio: text("full_bio").notNull(),
  specialties: jsonb("specialties").$type<string[]>().notNull(),
  achievements: jsonb("achievements").$type<string[]>().notNull(),
  careerHighlights: jsonb("career_highlights").$type<string[]>().notNull(),
  philosophy: text("philosophy").notNull(),
  version: versionColumn(),
  deletedAt: deletedAtColumn(),
});

export const femaleSideMembers = pgTable("female_side_members", {
  id: text("id").primaryKey(),
  sortOrder: integer("sort_order").notNull(),
  name: text("name").notNull(),
  role: text("role").notNull(),
  image: text("image").notNull(),
  video: text("video"),
  bio: text("bio").notNull(),
  version: versionColumn(),
  deletedAt: deletedAtColumn(),
});

export const articles = pgTable(
  "articles",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    publishedOn: date("published_on").notNull(),
    category: text("category").notNull(),
    venue: text("venue").notNull(),
    image: text("image").notNull(),
    objectPosition: text("object_position").notNull().default("center"),
    excerpt: text("excerpt").notNull(),
    bodyMarkdown: text("body_markdown").notNull(),
    authorName: text("author_name"),
    authorTitle: text("author_title"),
    authorImage: text("author_image"),
    authorLinkedin: text("author_linkedin"),
    podcastYoutubeUrl: text("podcast_youtube_url"),
    podcastSpotifyUrl: text("podcast_spotify_url"),
    /** Set on the articles the home page hero slides promote. */
    heroTitle: text("hero_title"),
    heroSubtitle: text("hero_subtitle"),
  },
  (table) => [index("articles_published_idx").on(table.publishedOn)],
);

export const galleryItems = pgTable("gallery_items", {
  id: integer("id").primaryKey(),
  image: text("image").notNull(),
  title: text("title").notNull(),
  circuit: text("circuit").notNull(),
  dateText: text("date_text").notNull(),
  description: text("description").notNull(),
  alt: text("alt").notNull(),
  objectPosition: text("object_position").notNull().default("center"),
});

export interface PartnerDetails {
  founded: number;
  headquarters: string;
  specialties: string[];
  products: string[];
}

export const partners = pgTable("partners", {
  id: text("id").primaryKey(),
  sortOrder: integer("sort_order").notNull(),
  name: text("name").notNull(),
  category: text("category").notNull(),
  description: text("description").notNull(),
  website: text("website").notNull(),
  logo: text("logo").notNull(),
  details: jsonb("details").$type<PartnerDetails>().notNull(),
});

export const sponsorshipTiers = pgTable("sponsorship_tiers", {
  tier: text("tier").primaryKey(),
  sortOrder: integer("sort_order").notNull(),
  pricePence: integer("price_pence").notNull(),
  period: text("period").notNull(),
  description: text("description").notNull(),
  features: jsonb("features").$type<string[]>().notNull(),
});

export const podcastEpisodes = pgTable("podcast_episodes", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  publishedOn: date("published_on").notNull(),
  description: text("description").notNull(),
  thumbnail: text("thumbnail").notNull(),
  youtubeUrl: text("youtube_url").notNull(),
  spotifyUrl: text("spotify_url").notNull(),
});

/**
 * Small pieces of page copy that are one of a kind (sponsorship benefit cards,
 * the podcast's host): a key and a JSON value, read by typed query functions.
 */
export const siteContent = pgTable("site_content", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});
