import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import type { ClassifiedRow } from "../../app/features/live/live-round";
import { users } from "./accounts";
import { versionColumn } from "./columns";
import { mediaAssets } from "./media";
import { drivers, rounds } from "./racing";

/*
 * A race weekend as it happens (issue 39): each session's state as staff set it, the paddock
 * ticker, each session's classification as issued (every version kept), and the log of live
 * events that the round page, the stream and the "updates since N" feed read from.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Staff's word on a session (`round_sessions.id`); a session with no row follows its timetable. */
export const sessionStates = pgTable(
  "session_states",
  {
    /** `round_sessions.id`: no foreign key, the round desk rewrites those rows on every save. */
    sessionId: text("session_id").primaryKey(),
    roundId: text("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    changedAt: timestamptz("changed_at").notNull().defaultNow(),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    version: versionColumn(),
  },
  (table) => [check("session_states_state_check", sql`${table.state} in ('scheduled', 'running', 'red_flag', 'finished')`)],
);

/**
 * The results watchdog's record that staff were told a session finished with no result: one row
 * per session, inserted once (the claim), apart from the session's state so that telling staff
 * changes nothing of what the round page and the desk show.
 */
export const resultOverdueAlerts = pgTable("result_overdue_alerts", {
  /** `round_sessions.id` (no foreign key: the round desk rewrites those rows). */
  sessionId: text("session_id").primaryKey(),
  roundId: text("round_id")
    .notNull()
    .references(() => rounds.id, { onDelete: "cascade" }),
  alertedAt: timestamptz("alerted_at").notNull(),
});

/**
 * One issue of a session's classification: provisional, final, or a re-issue after a bulletin.
 * Never updated: a correction is the next version, and the earlier one is shown as superseded.
 */
export const sessionClassifications = pgTable(
  "session_classifications",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    roundId: text("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    version: integer("version").notNull(),
    status: text("status").notNull(),
    /** The date and time of issue printed on the classification (Motorsport UK's rules). */
    issuedAt: timestamptz("issued_at").notNull(),
    /** The whole field as published, our drivers matched. */
    rows: jsonb("rows").$type<ClassifiedRow[]>().notNull(),
    /** Why this version was issued ("Bulletin 7: car 12 five-second penalty"); empty for the first. */
    note: text("note").notNull().default(""),
    publishedAt: timestamptz("published_at").notNull().defaultNow(),
    publishedBy: text("published_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    unique("session_classifications_session_version").on(table.sessionId, table.version),
    index("session_classifications_round_idx").on(table.roundId),
    check("session_classifications_status_check", sql`${table.status} in ('provisional', 'final')`),
  ],
);

/** The paddock ticker: short updates staff post from a phone during a round. */
export const tickerPosts = pgTable(
  "ticker_posts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    roundId: text("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    /** Chosen by the phone that posts it, so a retried post is stored once. */
    clientKey: text("client_key").notNull().unique(),
    kind: text("kind").notNull(),
    body: text("body").notNull().default(""),
    mediaAssetId: text("media_asset_id").references(() => mediaAssets.id, { onDelete: "set null" }),
    driverId: text("driver_id").references(() => drivers.id, { onDelete: "set null" }),
    position: integer("position"),
    sessionId: text("session_id"),
    postedAt: timestamptz("posted_at").notNull().defaultNow(),
    postedBy: text("posted_by").references(() => users.id, { onDelete: "set null" }),
    editedAt: timestamptz("edited_at"),
    deletedAt: timestamptz("deleted_at"),
    version: versionColumn(),
  },
  (table) => [
    index("ticker_posts_round_idx").on(table.roundId, table.postedAt),
    check("ticker_posts_kind_check", sql`${table.kind} in ('text', 'photo', 'position', 'state')`),
  ],
);

/**
 * Everything that changed on a round's live page, in order. Ids are gap-free and visible in
 * order: each is the previous one plus one, taken under a transaction lock
 * (`appendLiveEvent`), so a reader that has seen id N has seen every id below it.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    roundId: text("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("live_events_round_idx").on(table.roundId, table.id)],
);
