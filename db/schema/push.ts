import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import type { PushContent } from "../../app/features/push/push-content";

/*
 * Web Push for fans (issue 40): the browsers that asked to be told, what each push was about,
 * and its delivery to each browser. A subscription is the browser's push address and keys with
 * the fan's choices, nothing else: no account, no name, no IP address, no browser string.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * One browser that asked for pushes. `endpoint` is the push service's address for it (the
 * browser's, unguessable); `p256dh` and `auth` the keys its messages are encrypted to. Removed
 * when the fan turns notifications off, or when the push service says it is gone (404, 410).
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: text("id")
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What the fan chose to hear: "session", "result", "report", "drop" (push-content.ts). */
    kinds: text("kinds").array().notNull(),
    /** The drivers they follow; empty for the whole team. */
    driverIds: text("driver_ids").array().notNull(),
    /** A copy of the browser's spoiler-free mode (app/lib/spoiler-free.ts): when it ends, null when off. */
    spoilerFreeUntil: timestamptz("spoiler_free_until"),
    /** The rounds revealed while it is on. */
    spoilerFreeRevealed: text("spoiler_free_revealed")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamptz("created_at").notNull(),
    /** The browser's last sync (every visit while notifications are on). */
    lastSeenAt: timestamptz("last_seen_at").notNull(),
  },
  (table) => [check("push_subscriptions_kinds_check", sql`${table.kinds} <@ array['session', 'result', 'report', 'drop']::text[]`)],
);

/**
 * One push: an event fans may hear about, queued in the transaction that made it happen. `topic`
 * is unique, so the same event queued twice (two processes, a restart, a retried request) is one
 * push: `result:<sessionId>:v<version>`, `session-soon:<sessionId>`, `article:<id>`,
 * `drop:<productId>:v<version>`. `collapseKey` is what a newer push replaces on the device and at
 * the push service (the notification's tag, and the `Topic` header made from it).
 */
export const pushes = pgTable(
  "pushes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    topic: text("topic").notNull().unique(),
    kind: text("kind").notNull(),
    collapseKey: text("collapse_key").notNull(),
    /** What it is about, from which each fan's notification is written when it is sent. */
    content: jsonb("content").$type<PushContent>().notNull(),
    ttlSeconds: integer("ttl_seconds").notNull(),
    urgency: text("urgency").notNull(),
    /** Not sent before this (a scheduled article's publish time); the app's clock, not the database's. */
    dueAt: timestamptz("due_at").notNull(),
    createdAt: timestamptz("created_at").notNull(),
    /** When one delivery per recipient was written (the fan-out); null until then. */
    fannedOutAt: timestamptz("fanned_out_at"),
    recipients: integer("recipients").notNull().default(0),
    sent: integer("sent").notNull().default(0),
    /** Given up: refused by the push service, or still failing when the message's TTL ran out. */
    failed: integer("failed").notNull().default(0),
    /** Subscriptions the push service said were gone (404, 410), removed when this push found out. */
    pruned: integer("pruned").notNull().default(0),
  },
  (table) => [
    index("pushes_created_idx").on(table.createdAt),
    check("pushes_kind_check", sql`${table.kind} in ('session', 'result', 'report', 'drop')`),
    check("pushes_urgency_check", sql`${table.urgency} in ('very-low', 'low', 'normal', 'high')`),
    check("pushes_ttl_check", sql`${table.ttlSeconds} > 0`),
  ],
);

/**
 * One push to one subscription. Claimed with a lease (`claimedUntil`) by whichever process sends
 * it; a lease that ran out (its process was killed) makes it due again while it is `pending`.
 * `sending` from just before its request goes out: never claimed again, so a killed process's
 * request in flight is not repeated; still `sending` after its lease, it is "not confirmed"
 * (ADR 0147). `sent` once the push service accepted it.
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    pushId: bigint("push_id", { mode: "number" })
      .notNull()
      .references(() => pushes.id, { onDelete: "cascade" }),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull(),
    claimedUntil: timestamptz("claimed_until"),
    lastError: text("last_error"),
    sentAt: timestamptz("sent_at"),
  },
  (table) => [
    unique("push_deliveries_push_subscription").on(table.pushId, table.subscriptionId),
    index("push_deliveries_due_idx")
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.status} = 'pending'`),
    index("push_deliveries_subscription_idx").on(table.subscriptionId),
    check("push_deliveries_status_check", sql`${table.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

/**
 * The site's VAPID key pair when none is set in the environment (ADR 0137): made once by the
 * first process that needs it, then read by every process, and kept with the subscriptions that
 * were made for it (backups and moves carry both).
 */
export const pushVapidKeys = pgTable(
  "push_vapid_keys",
  {
    id: text("id").primaryKey().default("site"),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: timestamptz("created_at").notNull(),
  },
  (table) => [check("push_vapid_keys_one_row", sql`${table.id} = 'site'`)],
);
