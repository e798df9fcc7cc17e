import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { versionColumn } from "./columns";
import { articles } from "./content";
import { emailOutbox, newsletterSubscribers } from "./ops";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

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
