import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { versionColumn } from "./columns";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Every e-mail the site sends is written here first, then delivered by the worker. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    /** The HTML part, rendered from the same template as the text part; null for text-only mail. */
    htmlBody: text("html_body"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    sentAt: timestamptz("sent_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** Not tried before this time: a failed attempt moves it on with exponential back-off (ADR 0070). */
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    /** A delivery round has claimed it until then; a lease that ran out (the process died) may be claimed again. */
    claimedUntil: timestamptz("claimed_until"),
    /** Given up: a permanent refusal, every attempt used, or a newsletter to a bouncing address. Kept, and staff may retry it. */
    failedAt: timestamptz("failed_at"),
  },
  (table) => [
    index("email_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);

/**
 * Addresses a mail server refused permanently (a 5xx answer): newsletters are not sent to them,
 * account and order mail still is (ADR 0071). Keyed by the lower-cased address.
 */
export const emailBounces = pgTable("email_bounces", {
  address: text("address").primaryKey(),
  firstBouncedAt: timestamptz("first_bounced_at").notNull(),
  lastBouncedAt: timestamptz("last_bounced_at").notNull(),
  bounces: integer("bounces").notNull().default(1),
  /** The server's answer, e.g. "550 5.1.1 No such user". */
  lastResponse: text("last_response").notNull(),
});

export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Lower-cased, so one address is one subscriber. */
  email: text("email").notNull().unique(),
  /** Which form the consent was given on, e.g. "footer" or "store". */
  source: text("source").notNull(),
  consentText: text("consent_text").notNull(),
  consentedAt: timestamptz("consented_at").notNull(),
  /** SHA-256 of the token in the confirmation link (kept once confirmed, so a reused link says so); null once unsubscribed. */
  confirmTokenHash: text("confirm_token_hash").unique(),
  confirmationSentAt: timestamptz("confirmation_sent_at"),
  confirmedAt: timestamptz("confirmed_at"),
  unsubscribeToken: text("unsubscribe_token").notNull().unique(),
  unsubscribedAt: timestamptz("unsubscribed_at"),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

export const contactMessageStatuses = ["new", "replied", "closed"] as const;
export type ContactMessageStatus = (typeof contactMessageStatuses)[number];

/** Messages sent through the contact form; kept so nothing is lost without a mail app. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    category: text("category").notNull(),
    message: text("message").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** Where the inbox (/admin/messages) has it: new, replied (a reply was queued), closed. */
    status: text("status").$type<ContactMessageStatus>().notNull().default("new"),
    /** When someone at the desk first opened it (or marked it read); null while unread. */
    readAt: timestamptz("read_at"),
    /** Marked as spam at the desk: out of the inbox's default view, never replied to. */
    spam: boolean("spam").notNull().default(false),
    version: versionColumn(),
  },
  (table) => [
    check("contact_messages_status_check", sql`${table.status} in ('new', 'replied', 'closed')`),
    index("contact_messages_created_idx").on(table.createdAt),
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
