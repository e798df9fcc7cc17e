import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { contactMessages } from "./ops";
import { products, productVariants } from "./store";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A slug a product answered to before it was renamed: /store/<old> answers with a 301. */
export const productSlugRedirects = pgTable(
  "product_slug_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("product_slug_redirects_product_idx").on(table.productId)],
);

/**
 * Every stock change made at the shop desk (one size, by hand or by CSV): how many units,
 * why, who, when, and the stock it left. Sales and expiries move stock through the checkout
 * function and are recorded on their orders instead.
 */
export const stockAdjustments = pgTable(
  "stock_adjustments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    stockAfter: integer("stock_after").notNull(),
    reason: text("reason").notNull(),
    /** "desk" (one size by hand), "csv" (a bulk file) or "order" (units back from a refund or cancel). */
    source: text("source").notNull(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    check("stock_adjustments_delta_check", sql`${table.delta} <> 0`),
    check("stock_adjustments_stock_after_check", sql`${table.stockAfter} >= 0`),
    check("stock_adjustments_reason_check", sql`length(trim(${table.reason})) > 0`),
    check("stock_adjustments_source_check", sql`${table.source} in ('desk', 'csv', 'order')`),
    index("stock_adjustments_variant_idx").on(table.variantId, table.createdAt),
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
