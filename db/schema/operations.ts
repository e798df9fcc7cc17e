import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { type StaffRole, users } from "./accounts";

/*
 * Operations: the audit trail of every back-office change (ADR 0023), rate-limit counters,
 * backups and restores, and the web-vitals figures.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * One row per change made in the back office, written in the same transaction as the
 * change itself. Rows are only ever inserted.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz("at").notNull().defaultNow(),
    /** Null for the command line, or once the account was deleted (the label stays). */
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** "Name <email>" at the time, so the trail still says who after an account is deleted. */
    actorLabel: text("actor_label").notNull(),
    /** Every staff role the actor held at the time. */
    actorRoles: text("actor_roles").array().$type<StaffRole[]>().notNull(),
    /** The role the change was made with (what the screen required). */
    roleUsed: text("role_used").$type<StaffRole>(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /** What the record was called at the time ("Erin Editor", an article's title), for people reading the log. */
    entityLabel: text("entity_label"),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    /** jsonDiff(before, after): see app/lib/json-diff.ts. */
    diff: jsonb("diff").$type<unknown[]>().notNull(),
    reason: text("reason"),
    requestId: text("request_id"),
  },
  (table) => [
    index("audit_events_entity_idx").on(table.entityType, table.entityId, table.at),
    index("audit_events_at_idx").on(table.at),
    index("audit_events_actor_idx").on(table.actorUserId, table.at),
  ],
);

/** Fixed-window counters for rate limits, shared by every app process. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: timestamptz("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

export const backupTriggers = ["schedule", "command"] as const;
export type BackupTrigger = (typeof backupTriggers)[number];

export const backupOutcomes = ["succeeded", "failed"] as const;
export type BackupOutcome = (typeof backupOutcomes)[number];

/**
 * One row per backup attempt (the built-in schedule or `npm run backup`), written when it ends,
 * so a backup never contains a row about itself. The back office and /metrics read the latest.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    trigger: text("trigger").$type<BackupTrigger>().notNull(),
    startedAt: timestamptz("started_at").notNull(),
    finishedAt: timestamptz("finished_at").notNull(),
    outcome: text("outcome").$type<BackupOutcome>().notNull(),
    /** The backup file's name in the backup directory; null when none was written. */
    fileName: text("file_name"),
    bytes: bigint("bytes", { mode: "number" }),
    error: text("error"),
    /** The copy to S3-compatible storage: null when none is configured. */
    offsiteOutcome: text("offsite_outcome").$type<BackupOutcome>(),
    offsiteError: text("offsite_error"),
  },
  (table) => [
    check("backup_runs_trigger_check", sql`${table.trigger} in ('schedule', 'command')`),
    check("backup_runs_outcome_check", sql`${table.outcome} in ('succeeded', 'failed')`),
    check("backup_runs_offsite_outcome_check", sql`${table.offsiteOutcome} is null or ${table.offsiteOutcome} in ('succeeded', 'failed')`),
    index("backup_runs_finished_idx").on(table.finishedAt),
  ],
);

/**
 * One row per restore (`npm run restore`), written into the restored database once it has been
 * proved against its manifest. The backup restored was taken before its own `backup_runs` row was
 * written, so without this the restored database would know only of older backups (issue 37).
 */
export const databaseRestores = pgTable("database_restores", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  restoredAt: timestamptz("restored_at").notNull(),
  /** The backup file's name, as given to the command. */
  backupFile: text("backup_file").notNull(),
  /** When that backup was taken (its manifest's time: the start of its run). */
  backupTakenAt: timestamptz("backup_taken_at").notNull(),
});

/**
 * Field Core Web Vitals (ADR 0089): how many page views, per day, page (its route pattern) and
 * metric, measured a value in each bucket of app/lib/web-vitals.ts. No visitor, address or URL.
 */
export const webVitalBuckets = pgTable(
  "web_vital_buckets",
  {
    /** The UTC day the beacon arrived. */
    day: date("day", { mode: "string" }).notNull(),
    /** The route pattern, e.g. "/news/:reportId". */
    page: text("page").notNull(),
    metric: text("metric").notNull(),
    bucket: smallint("bucket").notNull(),
    samples: integer("samples").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.page, table.metric, table.bucket] }),
    check("web_vital_buckets_metric_check", sql`${table.metric} in ('LCP', 'INP', 'CLS', 'TTFB', 'FCP')`),
    check("web_vital_buckets_samples_check", sql`${table.samples} > 0`),
  ],
);
