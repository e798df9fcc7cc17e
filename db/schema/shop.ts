import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "../../app/features/shop-desk/stock-level";
import { users } from "./accounts";
import { versionColumn } from "./columns";
import { mediaAssets } from "./media";

/*
 * The store: catalogue, promo codes, orders and payment events. Money is
 * always integer pence (GBP); see docs/decisions/0011-store-money-discount-shipping.md.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const productCategories = ["apparel", "accessories"] as const;
export type ProductCategory = (typeof productCategories)[number];

export const products = pgTable(
  "products",
  {
    /** The catalogue number (1–7 from the spec, 8 the T-shirt); also what a cart line names. */
    id: integer("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    category: text("category").$type<ProductCategory>().notNull(),
    pricePence: integer("price_pence").notNull(),
    /** The price before a sale; set only while the product is on sale (SALE badge). */
    originalPricePence: integer("original_price_pence"),
    featured: boolean("featured").notNull().default(false),
    /** Average rating 0–5 (the page shows it floored to whole stars). */
    rating: doublePrecision("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    image: text("image").notNull(),
    /** A photo of the media library shown instead of `image` (its alt text is the library's). */
    imageAssetId: text("image_asset_id").references(() => mediaAssets.id, { onDelete: "set null" }),
    /** Alternative text for the product image. */
    imageAlt: text("image_alt").notNull(),
    /** False once the product is no longer sold: it leaves the catalogue and carts are told. */
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull(),
    version: versionColumn(),
  },
  (table) => [
    check("products_category_check", sql`${table.category} in ('apparel', 'accessories')`),
    check("products_price_check", sql`${table.pricePence} > 0`),
    check("products_original_price_check", sql`${table.originalPricePence} is null or ${table.originalPricePence} > ${table.pricePence}`),
    check("products_rating_check", sql`${table.rating} >= 0 and ${table.rating} <= 5`),
    check("products_review_count_check", sql`${table.reviewCount} >= 0`),
  ],
);

/** One size (or variant) of a product, with the stock that can still be sold. */
export const productVariants = pgTable(
  "product_variants",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    sortOrder: integer("sort_order").notNull(),
    /**
     * Units that can still be sold. A checkout reserves by decrementing it
     * (`... where stock >= $q`); a failed or expired payment gives it back.
     */
    stock: integer("stock").notNull(),
    /**
     * Below this many units the size is "low" (desk alert, one e-mail per crossing); 0 for no
     * alert e-mail. A sold-out size is shown as such on the desk whatever its level (ADR 0104).
     */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(DEFAULT_LOW_STOCK_THRESHOLD),
    /**
     * When the stock last fell below the threshold; null while it is not below. Kept by a
     * trigger (migration shop-catalogue-low-stock), so a sale made by the checkout function
     * counts as much as a desk adjustment.
     */
    lowStockSince: timestamptz("low_stock_since"),
    /** The low_stock_since whose e-mail has been queued: equal to it once that crossing was mailed. */
    lowStockAlertedAt: timestamptz("low_stock_alerted_at"),
  },
  (table) => [
    unique("product_variants_product_size_unique").on(table.productId, table.size),
    check("product_variants_stock_check", sql`${table.stock} >= 0`),
    check("product_variants_low_stock_threshold_check", sql`${table.lowStockThreshold} >= 0`),
  ],
);

/**
 * Promo codes, matched case-insensitively by storing them upper-cased. A code takes either a
 * whole percentage or a fixed amount off the merchandise subtotal (exactly one of the two).
 * Edited on the promotions desk (/admin/promotions); see docs/decisions/0032-promotions-and-fair-holds.md.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    code: text("code").primaryKey(),
    /** Whole percent off the merchandise subtotal; null for a fixed-amount code. */
    percentOff: integer("percent_off"),
    /** Pence off the merchandise subtotal (never more than it); null for a percentage code. */
    amountOffPence: integer("amount_off_pence"),
    /** The merchandise subtotal (before discount) an order needs for the code to apply. */
    minSpendPence: integer("min_spend_pence").notNull().default(0),
    active: boolean("active").notNull().default(true),
    startsAt: timestamptz("starts_at"),
    expiresAt: timestamptz("expires_at"),
    /** Orders that may use the code, counting unpaid ones that hold a use; null for no limit. */
    maxUses: integer("max_uses"),
    /** Orders one customer (by e-mail) may use it on, counting their unpaid ones; null for no limit. */
    perCustomerLimit: integer("per_customer_limit"),
    /**
     * Uses taken: reserved by place_order when an order is placed, given back when an unpaid
     * order expires, fails or is cancelled (release_orders), in the same statements as its stock.
     */
    usedCount: integer("used_count").notNull().default(0),
    /** A note for the team (what the code is for); never shown to shoppers. */
    note: text("note").notNull().default(""),
    version: versionColumn(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [
    check("promo_codes_code_check", sql`${table.code} = upper(${table.code}) and length(${table.code}) between 1 and 32`),
    check("promo_codes_percent_check", sql`${table.percentOff} between 1 and 100`),
    check("promo_codes_amount_check", sql`${table.amountOffPence} > 0`),
    check("promo_codes_one_kind_check", sql`(${table.percentOff} is null) <> (${table.amountOffPence} is null)`),
    check("promo_codes_min_spend_check", sql`${table.minSpendPence} >= 0`),
    check("promo_codes_max_uses_check", sql`${table.maxUses} is null or ${table.maxUses} > 0`),
    check("promo_codes_per_customer_check", sql`${table.perCustomerLimit} is null or ${table.perCustomerLimit} > 0`),
    check("promo_codes_used_count_check", sql`${table.usedCount} >= 0`),
    check(
      "promo_codes_window_check",
      sql`${table.startsAt} is null or ${table.expiresAt} is null or ${table.expiresAt} > ${table.startsAt}`,
    ),
  ],
);

/**
 * pending_payment -> paid -> packed -> shipped -> delivered (the shop desk moves a paid order on);
 * failed/expired close an unpaid order; cancelled closes an unpaid or a not-yet-shipped paid one
 * (the paid one refunded). See app/features/orders-desk/order-flow.ts.
 */
export const orderStatuses = ["pending_payment", "paid", "packed", "shipped", "delivered", "failed", "expired", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** A delivery address, as the shopper enters it at checkout (app/features/store/address.ts). */
export interface OrderAddress {
  name: string;
  line1: string;
  line2?: string | null;
  town: string;
  county?: string | null;
  postcode: string;
  /** ISO 3166-1 alpha-2, e.g. "GB". */
  country: string;
}

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the customer sees, e.g. "RR-7K3M9Q2X". */
    orderNumber: text("order_number").notNull().unique(),
    status: text("status").$type<OrderStatus>().notNull().default("pending_payment"),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone"),
    notes: text("notes"),
    /** Where to send the goods, entered at checkout (null only on orders from before addresses). */
    shippingAddress: jsonb("shipping_address").$type<OrderAddress>(),
    /** The shipping method's name as the shopper chose it, e.g. "UK delivery (3-5 business days)". */
    shippingMethod: text("shipping_method"),
    currency: text("currency").notNull().default("GBP"),
    subtotalPence: integer("subtotal_pence").notNull(),
    discountPence: integer("discount_pence").notNull().default(0),
    shippingPence: integer("shipping_pence").notNull().default(0),
    totalPence: integer("total_pence").notNull(),
    /** The code applied and its rate at the time of the order (codes can change later). */
    promoCode: text("promo_code").references(() => promoCodes.code),
    promoPercentOff: integer("promo_percent_off"),
    promoAmountOffPence: integer("promo_amount_off_pence"),
    /**
     * A keyed hash of the client address the order came from (never the address itself): the
     * open unpaid orders per client are capped (ADR 0033).
     */
    clientKey: text("client_key"),
    /** "stripe" or "test". */
    paymentProvider: text("payment_provider").notNull(),
    providerSessionId: text("provider_session_id").unique(),
    /** The provider's payment reference once paid (e.g. a Stripe PaymentIntent id). */
    providerPaymentId: text("provider_payment_id"),
    /** The signed-in shopper; null for guests, and once the account is deleted (the order stays). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** An unpaid order past this time is expired by the background job and its stock freed. */
    expiresAt: timestamptz("expires_at").notNull(),
    paidAt: timestamptz("paid_at"),
    /**
     * When the payment provider first sent the customer back to the confirmation page: they have
     * paid, as far as the provider told them. Still pending a while later means the provider's
     * webhook is not arriving (the back office warns).
     */
    returnedFromPaymentAt: timestamptz("returned_from_payment_at"),
    /** When the order left pending_payment without being paid (failed, expired, cancelled). */
    closedAt: timestamptz("closed_at"),
    /** Set once the reserved stock has been given back, so it is given back once only. */
    stockReleasedAt: timestamptz("stock_released_at"),
    /** The shop desk's optimistic concurrency: a status change based on an older version is refused. */
    version: integer("version").notNull().default(1),
    packedAt: timestamptz("packed_at"),
    shippedAt: timestamptz("shipped_at"),
    deliveredAt: timestamptz("delivered_at"),
    /** A carrier key from app/features/orders-desk/carriers.ts, set when shipped. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /** The link the customer follows to track the parcel (from the carrier, or typed for "other"). */
    trackingUrl: text("tracking_url"),
    /** Refunded as confirmed by the payment provider (sum of succeeded refunds). */
    refundedPence: integer("refunded_pence").notNull().default(0),
  },
  (table) => [
    check(
      "orders_status_check",
      sql`${table.status} in ('pending_payment', 'paid', 'packed', 'shipped', 'delivered', 'failed', 'expired', 'cancelled')`,
    ),
    check("orders_refunded_check", sql`${table.refundedPence} >= 0 and ${table.refundedPence} <= ${table.totalPence}`),
    check(
      "orders_amounts_check",
      sql`${table.subtotalPence} >= 0 and ${table.discountPence} >= 0 and ${table.shippingPence} >= 0 and ${table.discountPence} <= ${table.subtotalPence} and ${table.totalPence} = ${table.subtotalPence} - ${table.discountPence} + ${table.shippingPence}`,
    ),
    index("orders_pending_expiry_idx")
      .on(table.expiresAt)
      .where(sql`${table.status} = 'pending_payment'`),
    index("orders_user_idx").on(table.userId),
    index("orders_pending_client_idx")
      .on(table.clientKey)
      .where(sql`${table.status} = 'pending_payment'`),
    index("orders_pending_email_idx")
      .on(sql`lower(${table.customerEmail})`)
      .where(sql`${table.status} = 'pending_payment'`),
    index("orders_promo_customer_idx")
      .on(table.promoCode, sql`lower(${table.customerEmail})`)
      .where(sql`${table.promoCode} is not null`),
  ],
);

/** What was bought: a snapshot of name, size and price when the order was made. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    lineNumber: integer("line_number").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id),
    size: text("size").notNull(),
    productName: text("product_name").notNull(),
    unitPricePence: integer("unit_price_pence").notNull(),
    quantity: integer("quantity").notNull(),
    /** Units of this line put back in stock after a refund or a cancel (never more than quantity). */
    restockedQuantity: integer("restocked_quantity").notNull().default(0),
  },
  (table) => [
    check("order_lines_restocked_check", sql`${table.restockedQuantity} >= 0 and ${table.restockedQuantity} <= ${table.quantity}`),
    unique("order_lines_order_line_unique").on(table.orderId, table.lineNumber),
    unique("order_lines_order_variant_unique").on(table.orderId, table.variantId),
    check("order_lines_quantity_check", sql`${table.quantity} > 0`),
    check("order_lines_price_check", sql`${table.unitPricePence} >= 0`),
  ],
);

/** Every payment webhook event handled: a replayed event id changes nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    orderId: uuid("order_id").references(() => orders.id),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
  },
  (table) => [unique("payment_events_provider_event_unique").on(table.provider, table.eventId)],
);

export const refundStatuses = ["requested", "pending", "succeeded", "failed", "canceled"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** What a refund covers, line by line (empty for a free amount). */
export interface RefundLineItem {
  lineNumber: number;
  quantity: number;
  amountPence: number;
}

/**
 * A refund asked for on the shop desk. The row is written (and the amount held against what is
 * left) before the provider is called; its id is the provider's idempotency key, and
 * (order_id, request_key) is unique so a double-click or a retry of the same form finds the same
 * row instead of refunding twice. See docs/decisions/0035-refunds.md.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The form's one-time key (a fresh one each time the desk shows the refund form). */
    requestKey: text("request_key").notNull(),
    amountPence: integer("amount_pence").notNull(),
    reason: text("reason").notNull(),
    lines: jsonb("lines").$type<RefundLineItem[]>().notNull().default([]),
    /** Put the lines' units back in stock once the provider has accepted the refund. */
    restock: boolean("restock").notNull().default(false),
    status: text("status").$type<RefundStatus>().notNull().default("requested"),
    provider: text("provider").notNull(),
    providerRefundId: text("provider_refund_id").unique(),
    failureMessage: text("failure_message"),
    requestedBy: text("requested_by"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    restockedAt: timestamptz("restocked_at"),
  },
  (table) => [
    unique("order_refunds_request_unique").on(table.orderId, table.requestKey),
    check("order_refunds_amount_check", sql`${table.amountPence} > 0`),
    check("order_refunds_status_check", sql`${table.status} in ('requested', 'pending', 'succeeded', 'failed', 'canceled')`),
    index("order_refunds_order_idx").on(table.orderId),
  ],
);

/** Addresses a signed-in customer saved in their dashboard, to pick one at checkout. */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    town: text("town").notNull(),
    county: text("county"),
    postcode: text("postcode").notNull(),
    country: text("country").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("customer_addresses_user_idx").on(table.userId)],
);

/**
 * The shop's delivery settings: one row (id "shop"). Without it the defaults from the
 * environment apply (SHIPPING_FLAT_RATE_PENCE, SHIPPING_FREE_ABOVE_PENCE, UK only).
 */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: text("id").primaryKey(),
    /** Countries shipped to, ISO 3166-1 alpha-2, in the order the checkout lists them. */
    shipsTo: jsonb("ships_to").$type<string[]>().notNull(),
    shippingMethodName: text("shipping_method_name").notNull(),
    flatRatePence: integer("flat_rate_pence").notNull(),
    /** Free delivery when the subtotal exceeds this; null: the flat rate always applies. */
    freeAbovePence: integer("free_above_pence"),
    version: versionColumn(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [
    check(
      "shop_settings_rate_check",
      sql`${table.flatRatePence} >= 0 and (${table.freeAbovePence} is null or ${table.freeAbovePence} >= 0)`,
    ),
  ],
);

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
