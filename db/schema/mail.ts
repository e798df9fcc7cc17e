import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { versionColumn } from "./columns";
import { articles } from "./news";

/*
 * Mail: the outbox every e-mail is written to first (ADR 0066), the addresses that bounce, the
 * newsletter's subscribers, its issues and their recipients.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export interface EmailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  content: string;
}

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
    /** Files sent with the message (a partner's monthly PDF and CSV), base64; null for none. */
    attachments: jsonb("attachments").$type<EmailAttachment[]>(),
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

export const newsletterIssueStatuses = ["draft", "scheduled", "sending", "sent"] as const;
export type NewsletterIssueStatus = (typeof newsletterIssueStatuses)[number];

/**
 * One newsletter issue (ADR 0073): written at the desk, or made from a published article.
 * `scheduled` with `send_at` is what the sending job starts; while `sending`, the process
 * holding the claim (`claimed_by` until `claimed_until`) queues it in batches.
 */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    /** The line inboxes show after the subject. */
    preheader: text("preheader").notNull().default(""),
    /** Plain paragraphs, separated by a blank line. */
    body: text("body").notNull().default(""),
    /** The article the issue was made from, if any; its link and picture are copied below. */
    articleId: text("article_id").references(() => articles.id, { onDelete: "set null" }),
    articleTitle: text("article_title"),
    /** The article's address on the site (absolute). */
    articleUrl: text("article_url"),
    /** A raster picture for the e-mail (absolute address); mail clients do not show SVG. */
    imageUrl: text("image_url"),
    imageAlt: text("image_alt"),
    status: text("status").$type<NewsletterIssueStatus>().notNull().default("draft"),
    /** When it is to go out (scheduled), or when "send now" was pressed. */
    sendAt: timestamptz("send_at"),
    startedAt: timestamptz("started_at"),
    finishedAt: timestamptz("finished_at"),
    /** The process queueing it, and until when that claim holds unless renewed. */
    claimedBy: text("claimed_by"),
    claimedUntil: timestamptz("claimed_until"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    version: versionColumn(),
  },
  (table) => [
    check("newsletter_issues_status_check", sql`${table.status} in ('draft', 'scheduled', 'sending', 'sent')`),
    index("newsletter_issues_due_idx")
      .on(table.sendAt)
      .where(sql`${table.status} in ('scheduled', 'sending')`),
  ],
);

/**
 * Who an issue was queued for: one row per (issue, subscriber), written in the same transaction
 * as the recipient's outbox row, so a resumed send skips everyone already queued.
 */
export const newsletterRecipients = pgTable(
  "newsletter_recipients",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    issueId: uuid("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** The e-mail queued for this recipient; null if the outbox row was pruned since. */
    outboxId: uuid("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    queuedAt: timestamptz("queued_at").notNull().defaultNow(),
  },
  (table) => [
    unique("newsletter_recipients_issue_subscriber_key").on(table.issueId, table.subscriberId),
    index("newsletter_recipients_outbox_idx").on(table.outboxId),
  ],
);
