import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { partners } from "./content";
import { mediaAssets } from "./media";
import { rounds } from "./racing";

/*
 * Partner proof (issue 41): where each partner appears (placements), what was counted there per
 * day (aggregates only: partner, placement, day, metric; nothing about a person), what each
 * package promised and what was delivered per race weekend, and the links a partner reads their
 * report through (only a hash of each link's token is kept).
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A partner shown at a placement (app/features/partners/placements.ts names the placements). */
export const partnerPlacements = pgTable(
  "partner_placements",
  {
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    placementId: text("placement_id").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.partnerId, table.placementId] })],
);

/**
 * One day's count of one metric for a partner at a placement (UK calendar day). Written by
 * batched UPSERTs that add to the row, so any number of processes share it.
 */
export const partnerDailyCounts = pgTable(
  "partner_daily_counts",
  {
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    placementId: text("placement_id").notNull(),
    day: date("day").notNull(),
    /** impression | click | delivered | card-fetch | seen */
    metric: text("metric").notNull(),
    count: bigint("count", { mode: "number" }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.partnerId, table.placementId, table.day, table.metric] }),
    index("partner_daily_counts_day_idx").on(table.day),
  ],
);

/** A line of the deliverables ledger: what a package promised for a race weekend, and what was delivered, with its evidence. */
export const partnerDeliverables = pgTable(
  "partner_deliverables",
  {
    id: text("id").primaryKey(),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    roundId: text("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    /** vip-passes | updates | logo-on-car | posts | podcast-reads */
    kind: text("kind").notNull(),
    promised: integer("promised").notNull(),
    delivered: integer("delivered").notNull().default(0),
    /** A photo from the media library (the car's livery at the round, say). */
    evidenceAssetId: text("evidence_asset_id").references(() => mediaAssets.id, { onDelete: "set null" }),
    /** The post or episode, as it was at the time. */
    evidenceUrl: text("evidence_url"),
    note: text("note").notNull().default(""),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("partner_deliverables_partner_idx").on(table.partnerId, table.roundId),
    check("partner_deliverables_counts", sql`${table.promised} >= 0 and ${table.delivered} >= 0`),
  ],
);

/** A link a partner opens their report with: no account; the token itself is never stored. */
export const partnerReportLinks = pgTable(
  "partner_report_links",
  {
    id: text("id").primaryKey(),
    partnerId: text("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    /** SHA-256 of the token, hex. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
    revokedAt: timestamptz("revoked_at"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [index("partner_report_links_partner_idx").on(table.partnerId)],
);

/** The partner's contact for the monthly report, and the last month sent. */
export const partnerContacts = pgTable("partner_contacts", {
  partnerId: text("partner_id")
    .primaryKey()
    .references(() => partners.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  /** "2026-10": the last month whose report was queued. */
  lastReportMonth: text("last_report_month"),
});

/** How far nginx's log of partner hits has been read (ADR 0130): one row per log file, moved in the transaction that reads it. */
export const partnerHitLogOffsets = pgTable("partner_hit_log_offsets", {
  path: text("path").primaryKey(),
  /** The file's inode and size when last read: a rotated file starts again at 0. */
  inode: text("inode").notNull(),
  offset: bigint("offset", { mode: "number" }).notNull(),
});
