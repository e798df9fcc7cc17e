import { sql } from "drizzle-orm";
import { check, customType, index, integer, jsonb, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { deletedAtColumn, versionColumn } from "./columns";

/*
 * The media library (docs/decisions/0024-media-storage.md): an asset is one uploaded file
 * with its alt text and focal point; its bytes (the original and every generated variant)
 * live in media_blobs, reached through the storage interface in
 * app/features/media/storage.server.ts, so another store can replace the table later.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  // node-postgres gives a Buffer; PGlite (through its thread) a plain Uint8Array.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

export const mediaKinds = ["image", "video"] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** One generated size of an image: served at /media/u/<key>. JPEG is e-mails' copy only (ADR 0103). */
export interface MediaVariant {
  format: "avif" | "webp" | "jpeg";
  width: number;
  height: number;
  bytes: number;
  key: string;
}

export const mediaAssets = pgTable(
  "media_assets",
  {
    id: text("id").primaryKey(),
    /** The first 32 hex digits of the original's SHA-256: names every file of the asset. */
    hash: text("hash").notNull().unique(),
    kind: text("kind").$type<MediaKind>().notNull(),
    /**
     * The original's storage key: 32 random hex digits and its extension, so that nobody can
     * derive it from a variant's address (ADR 0096). Until original_cleaned_at is set it may
     * still be the file as uploaded, under `<hash>.<ext>`, and is not served.
     */
    originalKey: text("original_key").notNull().unique(),
    originalType: text("original_type").notNull(),
    originalBytes: integer("original_bytes").notNull(),
    /** When the stored original was cleared of location and camera data (ADR 0096); null: not yet, and not served. */
    originalCleanedAt: timestamptz("original_cleaned_at"),
    /** Upright pixel size of the original; null for a video. */
    width: integer("width"),
    height: integer("height"),
    altText: text("alt_text").notNull(),
    /** Where the subject is, as fractions of width and height; pages crop around it with CSS. */
    focalX: real("focal_x").notNull().default(0.5),
    focalY: real("focal_y").notNull().default(0.5),
    caption: text("caption").notNull().default(""),
    credit: text("credit").notNull().default(""),
    variants: jsonb("variants").$type<MediaVariant[]>().notNull().default([]),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    version: versionColumn(),
    /** Set by a soft delete; the files stop being served, and an undo clears it. */
    deletedAt: deletedAtColumn(),
  },
  (table) => [
    check("media_assets_focal_x_range", sql`${table.focalX} >= 0 and ${table.focalX} <= 1`),
    check("media_assets_focal_y_range", sql`${table.focalY} >= 0 and ${table.focalY} <= 1`),
    check("media_assets_alt_text_present", sql`length(trim(${table.altText})) > 0`),
    index("media_assets_created_at_idx").on(table.createdAt),
  ],
);

/** The bytes behind storage keys, for the database storage (the default). */
export const mediaBlobs = pgTable("media_blobs", {
  key: text("key").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: integer("bytes").notNull(),
  data: bytea("data").notNull(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});
