import { date, integer, jsonb, pgTable, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";
import { deletedAtColumn, versionColumn } from "./columns";
import { mediaAssets } from "./media";

/*
 * The site's other content: legal texts, gallery, partners and sponsorship tiers, podcast
 * episodes, the small site texts, the site-wide settings and the home page's hero slides.
 */

export const legalDocuments = pgTable("legal_documents", {
  slug: text("slug").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  bodyMarkdown: text("body_markdown").notNull(),
  /** The date the text was last revised: what the page shows as "Last updated". */
  revisedOn: date("revised_on").notNull(),
  version: versionColumn(),
});

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

/*
 * The site desk's own tables: the site-wide settings (contact details, socials, the Join The
 * Team link) and the home page's hero slides. See docs/decisions/0028-site-desk.md.
 */

export interface OfficeHoursLine {
  days: string;
  hours: string;
}

export interface SocialLink {
  name: string;
  url: string;
}

/** One row (id "site"): what every page's header, footer and contact panel show. app/brand.ts holds the seeded defaults. */
export const siteSettings = pgTable("site_settings", {
  id: text("id").primaryKey(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  address: text("address").notNull(),
  officeHours: jsonb("office_hours").$type<OfficeHoursLine[]>().notNull(),
  /** In the order the footer shows them; a network with no address is left out of the pages. */
  socials: jsonb("socials").$type<SocialLink[]>().notNull(),
  joinTheTeamUrl: text("join_the_team_url").notNull(),
  version: versionColumn(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** The home page's hero slides, in sortOrder. */
export const heroSlides = pgTable("hero_slides", {
  id: text("id").primaryKey(),
  sortOrder: integer("sort_order").notNull(),
  title: text("title").notNull(),
  subtitle: text("subtitle").notNull(),
  image: text("image").notNull(),
  photoAssetId: text("photo_asset_id").references((): AnyPgColumn => mediaAssets.id, { onDelete: "set null" }),
  /** Where "Read more" goes: a path on this site, e.g. /news/<article>. */
  href: text("href").notNull(),
  version: versionColumn(),
  deletedAt: deletedAtColumn(),
});
