import { createHmac, randomInt } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { queryRows, type Database } from "../../../../db/client.server";
import { orderLines, orders, type OrderAddress } from "../../../../db/schema";
import { getPricingInputs } from "./catalogue.server";
import { expireOverdueOrders } from "./order-lifecycle.server";
import type { HoldPolicy } from "./hold-policy";
import { priceOrder, type CartLineInput, type PricedOrder, type ShippingRule } from "./pricing";

/** How long an unpaid order holds its stock unless told otherwise. */
export const DEFAULT_RESERVATION_MS = 30 * 60 * 1000;

const ORDER_NUMBER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"; // Crockford base32: no I, L, O, U

/** A short public order reference such as "RR-7K3M9Q2X" (40 random bits). */
export function newOrderNumber(): string {
  let suffix = "";
  for (let i = 0; i < 8; i++) suffix += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `RR-${suffix}`;
}

export interface OrderCustomer {
  name: string;
  email: string;
  phone?: string | null;
  notes?: string | null;
}

export interface PlaceOrderInput {
  /** Validated and merged lines (see cartLinesInputSchema). */
  lines: readonly CartLineInput[];
  customer: OrderCustomer;
  /** What the shopper typed in the promo box, or null/empty for none. */
  promoCode?: string | null;
  userId?: string | null;
  /** Where to send the goods (checked by checkAddress); null only for callers without one (tests of old paths). */
  shippingAddress?: OrderAddress | null;
  shippingMethod?: string | null;
  /** clientKeyFor(secret, ip): the open unpaid orders per client are capped by it. */
  clientKey?: string | null;
}

/** A keyed hash of a client address: orders can be counted per client without storing the address. */
export function clientKeyFor(secret: string, clientIp: string): string {
  return createHmac("sha256", secret).update(`order-client:${clientIp}`).digest("base64url").slice(0, 22);
}

export interface PlaceOrderOptions {
  now: Date;
  paymentProvider: string;
  shipping?: ShippingRule;
  reservationMs?: number;
  /** The fair-hold caps (ADR 0033); none when omitted. */
  holdPolicy?: HoldPolicy;
  /** The payment session, when the provider lets us choose its id up front (saves a write). */
  providerSessionId?: string | null;
  /** The site's address, for the e-mail an ended hold this checkout closes sends its customer. */
  publicUrl: string;
}

export type PlaceOrderResult =
  | { kind: "placed"; orderId: string; orderNumber: string; expiresAt: Date; priced: PricedOrder }
  /** A promo code was entered that cannot be used: nothing reserved. */
  | { kind: "invalid_promo"; priced: PricedOrder }
  /** The code is used up, or this customer has used it as often as it allows: nothing reserved. */
  | { kind: "promo_limit"; reason: "used_up" | "customer_limit"; priced: PricedOrder }
  /** This customer (e-mail) or client address already has as many unpaid orders open as allowed: nothing reserved. */
  | { kind: "too_many_holds"; by: "customer" | "client"; priced: PricedOrder }
  /** Some line cannot be sold as asked (see each line's problem): nothing reserved. */
  | { kind: "unavailable"; priced: PricedOrder };

class StockTaken extends Error {}

/** The refusal place_order raised ('place_order:<reason>'), or null for any other error. */
function placeOrderRefusal(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    const match = /place_order:(\w+)/.exec(message);
    if (match) return match[1]!;
    current = current instanceof Error ? current.cause : undefined;
  }
  return null;
}

/**
 * Prices the lines from the database, then reserves their stock and records
 * the order as pending_payment with its lines in one statement, the database
 * function place_order (db/migrations/0006_place_order_function.sql): every
 * line's units are taken only when every line has enough, and the order is
 * inserted only then. Either everything is reserved and the order exists, or
 * nothing changed. Concurrent calls can never oversell.
 *
 * Two statements and no explicit transaction: the embedded database runs one
 * transaction at a time, so a transaction held open across awaits is time every
 * other checkout waits. One statement is atomic on its own, and the pricing
 * read before it sees what a read-committed transaction would.
 */
export async function placeOrder(db: Database, input: PlaceOrderInput, options: PlaceOrderOptions): Promise<PlaceOrderResult> {
  const promoEntered = Boolean(input.promoCode?.trim());
  const price = async () => {
    const { catalogue, promo } = await getPricingInputs(
      db,
      input.lines.map((line) => line.productId),
      promoEntered ? input.promoCode : null,
    );
    return priceOrder(input.lines, catalogue, promo, options.now, {
      shipping: options.shipping,
      promoEntered,
      holdSharePercent: options.holdPolicy?.holdSharePercent ?? null,
    });
  };

  // A hold past its end holds nothing (ADR 0053): when the lines are short, holds on these
  // products that have ended are closed now, as the expiry timer would close them, and the
  // lines are priced again.
  const endedHoldsFreed = async () =>
    (await expireOverdueOrders(db, options.now, { publicUrl: options.publicUrl, productIds: input.lines.map((line) => line.productId) })) >
    0;

  const attempt = async (): Promise<PlaceOrderResult> => {
    let priced = await price();
    if (priced.promoRejected) return { kind: "invalid_promo", priced };
    if (!priced.ok && (await endedHoldsFreed())) priced = await price();
    if (!priced.ok) return { kind: "unavailable", priced };

    const expiresAt = new Date(options.now.getTime() + (options.reservationMs ?? DEFAULT_RESERVATION_MS));
    const orderNumber = newOrderNumber();
    const newOrder = {
      order_number: orderNumber,
      customer_name: input.customer.name,
      customer_email: input.customer.email,
      customer_phone: input.customer.phone || null,
      notes: input.customer.notes || null,
      shipping_address: input.shippingAddress ?? null,
      shipping_method: input.shippingMethod ?? null,
      subtotal_pence: priced.subtotalPence,
      discount_pence: priced.discountPence,
      shipping_pence: priced.shippingPence,
      total_pence: priced.totalPence,
      promo_code: priced.promo?.code ?? null,
      promo_percent_off: priced.promo?.percentOff ?? null,
      promo_amount_off_pence: priced.promo?.amountOffPence ?? null,
      payment_provider: options.paymentProvider,
      provider_session_id: options.providerSessionId ?? null,
      user_id: input.userId ?? null,
      client_key: input.clientKey ?? null,
      created_at: options.now.toISOString(),
      expires_at: expiresAt.toISOString(),
      holds_per_customer: options.holdPolicy?.holdsPerCustomer ?? null,
      holds_per_client: options.holdPolicy?.holdsPerClient ?? null,
      hold_share_percent: options.holdPolicy?.holdSharePercent ?? null,
    };
    const newLines = priced.lines.map((line, index) => ({
      line_number: index + 1,
      product_id: line.productId,
      variant_id: line.variantId,
      size: line.size,
      product_name: line.product!.name,
      unit_price_pence: line.unitPricePence,
      quantity: line.quantity,
    }));
    let placed: { orderId: string | null } | undefined;
    try {
      [placed] = await queryRows<{ orderId: string | null }>(
        db,
        sql`select place_order(${JSON.stringify(newOrder)}::jsonb, ${JSON.stringify(newLines)}::jsonb) as "orderId"`,
      );
    } catch (error) {
      // A refusal undoes the whole call (db/migrations/0021_shop-checkout-place-order.sql).
      switch (placeOrderRefusal(error)) {
        case "stock":
          await endedHoldsFreed();
          throw new StockTaken();
        case "client_holds":
          return { kind: "too_many_holds", by: "client", priced };
        case "customer_holds":
          return { kind: "too_many_holds", by: "customer", priced };
        case "promo_used_up":
          return { kind: "promo_limit", reason: "used_up", priced };
        case "promo_customer_limit":
          return { kind: "promo_limit", reason: "customer_limit", priced };
        case "promo_unusable":
          return { kind: "invalid_promo", priced };
        default:
          throw error;
      }
    }
    if (!placed?.orderId) throw new StockTaken();
    return { kind: "placed", orderId: placed.orderId, orderNumber, expiresAt, priced };
  };

  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof StockTaken)) throw error;
      // Someone else took the units between pricing and reserving. Price again: if
      // the stock is now short, say so; if it came back meanwhile, try once more.
      const priced = await price();
      if (!priced.ok || tries >= 3) return { kind: "unavailable", priced };
    }
  }
}

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/**
 * The order a payment session belongs to, with its lines, for the confirmation
 * page; null for an unknown or malformed reference.
 */
export async function getOrderBySessionId(db: Database, sessionId: string): Promise<(OrderRow & { lines: OrderLineRow[] }) | null> {
  // A null character cannot be in any stored reference (nor be sent to the database).
  if (!sessionId || sessionId.length > 255 || sessionId.includes("\u0000")) return null;
  const [order] = await db.select().from(orders).where(eq(orders.providerSessionId, sessionId)).limit(1);
  if (!order) return null;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.lineNumber));
  return { ...order, lines };
}

/** The orders a signed-in person placed, newest first ("My orders"). */
export async function getOrdersForUser(db: Database, userId: string) {
  return db
    .select({
      orderNumber: orders.orderNumber,
      status: orders.status,
      createdAt: orders.createdAt,
      totalPence: orders.totalPence,
      itemCount: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
    })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt));
}

/**
 * One of a person's own orders by its number, with its lines; null when there
 * is no such order or it is someone else's (the page answers 404 either way).
 */
export async function getOrderForUser(
  db: Database,
  userId: string,
  orderNumber: string,
): Promise<(OrderRow & { lines: OrderLineRow[] }) | null> {
  if (!orderNumber || orderNumber.length > 64 || orderNumber.includes("\u0000")) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId)))
    .limit(1);
  if (!order) return null;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.lineNumber));
  return { ...order, lines };
}
