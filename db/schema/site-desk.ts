import { integer, jsonb, pgTable, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";
import { deletedAtColumn, versionColumn } from "./columns";
import { mediaAssets } from "./media";

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
