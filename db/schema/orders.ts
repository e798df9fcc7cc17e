import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { productVariants, products, promoCodes } from "./shop";

/*
 * The shop's orders: what was bought (a snapshot of each line), the payment events that moved an
 * order on, its refunds, and the addresses customers keep for checkout. Money is integer pence
 * (GBP); see docs/decisions/0011-store-money-discount-shipping.md.
 */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * pending_payment -> paid -> packed -> shipped -> delivered (the shop desk moves a paid order on);
 * failed/expired close an unpaid order; cancelled closes an unpaid or a not-yet-shipped paid one
 * (the paid one refunded). See app/features/shop/orders-desk/order-flow.ts.
 */
export const orderStatuses = ["pending_payment", "paid", "packed", "shipped", "delivered", "failed", "expired", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** A delivery address, as the shopper enters it at checkout (app/features/shop/store/address.ts). */
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
    /** A carrier key from app/features/shop/orders-desk/carriers.ts, set when shipped. */
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
