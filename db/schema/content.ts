import { sql } from "drizzle-orm";
import {
  boolean,
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
import type { ArticleContent } from "../../app/features/news/article-snapshot";
import type { RichTextDoc } from "../../app/features/news/rich-text";
import { users } from "./auth";
import { deletedAtColumn, versionColumn } from "./columns";
import { mediaAssets } from "./media";
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

export const teamMembers = pgTable("team_members", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  role: text("role").notNull(),
  department: text("department").notNull(),
  /** "leadership" or "male-side": which section of the team page shows them. */
  group: text("group").notNull(),
  image: text("image").notNull(),
  photoAssetId: text("photo_asset_id").references((): AnyPgColumn => mediaAssets.id, { onDelete: "set null" }),
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
  photoAssetId: text("photo_asset_id").references((): AnyPgColumn => mediaAssets.id, { onDelete: "set null" }),
  video: text("video"),
  bio: text("bio").notNull(),
  version: versionColumn(),
  deletedAt: deletedAtColumn(),
});

/**
 * A news article. `id` is the stable internal key (never shown, never changes); `slug` is the
 * public address and may be renamed (the old one answers with a 301: articleSlugRedirects).
 * Publishing is data (ADR "scheduling"): the public site shows a row only when
 * `status = 'published' AND publish_at <= now()`; a future publish_at is a scheduled post.
 */
export const articles = pgTable(
  "articles",
  {
    id: text("id").primaryKey(),
    // The volatile default gives each existing row a distinct value while the column is added
    // (the unique index needs that); a custom migration then copies the id in. The app always sets it.
    slug: text("slug")
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    title: text("title").notNull(),
    /** The date the page shows: the UK calendar date of publish_at once published. */
    publishedOn: date("published_on").notNull(),
    /** 'draft' | 'in_review' | 'published' | 'archived'; see app/features/news/article-states.ts. */
    status: text("status").notNull().default("draft"),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** Optimistic concurrency: every save is `WHERE version = $seen` and adds one. */
    version: versionColumn(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    category: text("category").notNull(),
    venue: text("venue").notNull(),
    /** The hero as a path of the site's own art ("/media/…", the seed's SVGs); "" when the hero is a library photo. */
    image: text("image").notNull(),
    /** The art's crop; a library photo uses its own focal point instead. */
    objectPosition: text("object_position").notNull().default("center"),
    /** The hero as a photo of the media library (ADR 25); when set and live, pages show it instead of `image`. */
    heroAssetId: text("hero_asset_id").references(() => mediaAssets.id, { onDelete: "set null" }),
    excerpt: text("excerpt").notNull(),
    /** The body as a rich-text document (app/features/news/rich-text.ts), rendered on the server. */
    body: jsonb("body").$type<RichTextDoc>(),
    /** The Markdown the article was seeded from; converted into `body` by the seed, not read by pages. */
    bodyMarkdown: text("body_markdown"),
    authorName: text("author_name"),
    authorTitle: text("author_title"),
    authorImage: text("author_image"),
    authorLinkedin: text("author_linkedin"),
    podcastYoutubeUrl: text("podcast_youtube_url"),
    podcastSpotifyUrl: text("podcast_spotify_url"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    shareImage: text("share_image"),
    /** Set on the articles the home page hero slides promote. */
    heroTitle: text("hero_title"),
    heroSubtitle: text("hero_subtitle"),
    /**
     * Changes saved to a live article and not yet published (ADR 0109): the whole content as the
     * editor left it. Public pages read only the columns above, so they show the published version
     * until "Publish changes" copies this in; "Discard changes" empties it.
     */
    stagedContent: jsonb("staged_content").$type<ArticleContent>(),
    /** When the staged changes were last saved, and by whom (null when nobody has any). */
    stagedAt: timestamp("staged_at", { withTimezone: true }),
    stagedBy: text("staged_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
  },
  (table) => [
    index("articles_published_idx").on(table.publishedOn),
    uniqueIndex("articles_slug_unique").on(table.slug),
    index("articles_status_publish_at_idx").on(table.status, table.publishAt),
  ],
);

export const galleryItems = pgTable("gallery_items", {
  id: integer("id").primaryKey(),
  image: text("image").notNull(),
  photoAssetId: text("photo_asset_id").references((): AnyPgColumn => mediaAssets.id, { onDelete: "set null" }),
  title: text("title").notNull(),
  circuit: text("circuit").notNull(),
  dateText: text("date_text").notNull(),
  description: text("description").notNull(),
  alt: text("alt").notNull(),
  objectPosition: text("object_position").notNull().default("center"),
  version: versionColumn(),
  deletedAt: deletedAtColumn(),
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
  logoAssetId: text("logo_asset_id").references((): AnyPgColumn => mediaAssets.id, { onDelete: "set null" }),
  details: jsonb("details").$type<PartnerDetails>().notNull(),
  /** The sponsorship tier the partner holds (sponsorship_tiers.tier), if any. */
  tier: text("tier"),
  /** UK calendar dates; outside them the partner is not shown on the public site. Null: open-ended. */
  activeFrom: date("active_from"),
  activeUntil: date("active_until"),
  version: versionColumn(),
  deletedAt: deletedAtColumn(),
});

export const sponsorshipTiers = pgTable("sponsorship_tiers", {
  tier: text("tier").primaryKey(),
  sortOrder: integer("sort_order").notNull(),
  pricePence: integer("price_pence").notNull(),
  period: text("period").notNull(),
  description: text("description").notNull(),
  features: jsonb("features").$type<string[]>().notNull(),
  version: versionColumn(),
  deletedAt: deletedAtColumn(),
});

export const podcastEpisodes = pgTable("podcast_episodes", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  publishedOn: date("published_on").notNull(),
  description: text("description").notNull(),
  thumbnail: text("thumbnail").notNull(),
  youtubeUrl: text("youtube_url").notNull(),
  spotifyUrl: text("spotify_url").notNull(),
  version: versionColumn(),
  deletedAt: deletedAtColumn(),
});

/**
 * Small pieces of page copy that are one of a kind (sponsorship benefit cards,
 * the podcast's host): a key and a JSON value, read by typed query functions.
 */
export const siteContent = pgTable("site_content", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});
