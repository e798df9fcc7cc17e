import { integer, jsonb, pgTable, text, type AnyPgColumn } from "drizzle-orm/pg-core";
import { deletedAtColumn, versionColumn } from "./columns";
import { mediaAssets } from "./media";

/*
 * The team's people other than the drivers: the team members and the female side.
 */

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
