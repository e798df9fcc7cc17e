import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { versionColumn } from "./columns";

/*
 * The inbox: messages sent through the contact form and the replies sent from the back office.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

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

/** A reply sent from the inbox: queued in the e-mail outbox in the same transaction. */
export const contactMessageReplies = pgTable(
  "contact_message_replies",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("contact_message_replies_message_idx").on(table.messageId)],
);
