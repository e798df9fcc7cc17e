import { randomInt } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { queryRows, type Database } from "../../../db/client.server";
import { orderLines, orders, productVariants } from "../../../db/schema";
import { getPricingInputs } from "./catalogue.server";
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
}

export interface PlaceOrderOptions {
  now: Date;
  paymentProvider: string;
  shipping?: ShippingRule;
  reservationMs?: number;
  /** The payment session, when the provider lets us choose its id up front (saves a write). */
  providerSessionId?: string | null;
}

export type PlaceOrderResult =
  | { kind: "placed"; orderId: string; orderNumber: string; expiresAt: Date; priced: PricedOrder }
  /** A promo code was entered that cannot be used: nothing reserved. */
  | { kind: "invalid_promo"; priced: PricedOrder }
  /** Some line cannot be sold as asked (see each line's problem): nothing reserved. */
  | { kind: "unavailable"; priced: PricedOrder };

class StockTaken extends Error {}

/**
 * Prices the lines from the database and, in one transaction, reserves their
 * stock with a conditional update (`stock = stock - q where stock >= q`, every
 * line) and records the order as pending_payment with its lines. Either
 * everything is reserved and the order exists, or nothing changed. Concurrent
 * calls can never oversell.
 *
 * The transaction is four statements (begin, one read, one write, commit):
 * the embedded database runs one transaction at a time, so every round trip
 * inside it is time every other checkout waits.
 */
export async function placeOrder(db: Database, input: PlaceOrderInput, options: PlaceOrderOptions): Promise<PlaceOrderResult> {
  const promoEntered = Boolean(input.promoCode?.trim());
  const price = async (tx: Database) => {
    const { catalogue, promo } = await getPricingInputs(
      tx,
      input.lines.map((line) => line.productId),
      promoEntered ? input.promoCode : null,
    );
    return priceOrder(input.lines, catalogue, promo, options.now, { shipping: options.shipping, promoEntered });
  };

  const attempt = () =>
    db.transaction(async (tx): Promise<PlaceOrderResult> => {
      const priced = await price(tx);
      if (priced.promoRejected) return { kind: "invalid_promo", priced };
      if (!priced.ok) return { kind: "unavailable", priced };

      const expiresAt = new Date(options.now.getTime() + (options.reservationMs ?? DEFAULT_RESERVATION_MS));
      const orderNumber = newOrderNumber();
      const lines = sql.join(
        priced.lines.map(
          (line, index) =>
            sql`(${index + 1}::int, ${line.productId}::int, ${line.variantId}::int, ${line.size}::text, ${line.product!.name}::text, ${line.unitPricePence}::int, ${line.quantity}::int)`,
        ),
        sql`, `,
      );
      // One statement: lock the sizes in id order (so two multi-line orders cannot
      // deadlock), take each line's units only where enough are left, and insert the
      // order and its lines only when every line was reserved. When one was not, the
      // transaction is rolled back (StockTaken), which also returns the units taken.
      const [result] = await queryRows<{ reserved: number; orderId: string | null }>(
        tx,
        sql`
          with line (line_number, product_id, variant_id, size, product_name, unit_price_pence, quantity) as (
            values ${lines}
          ),
          locked as (
            select v.id from ${productVariants} v join line on line.variant_id = v.id
            order by v.id
            for no key update of v
          ),
          reserved as (
            update ${productVariants} v set stock = v.stock - line.quantity
            from line join locked on locked.id = line.variant_id
            where v.id = line.variant_id and v.stock >= line.quantity
            returning v.id
          ),
          new_order as (
            insert into ${orders} (
              order_number, status, customer_name, customer_email, customer_phone, notes,
              subtotal_pence, discount_pence, shipping_pence, total_pence, promo_code, promo_percent_off,
              payment_provider, provider_session_id, user_id, created_at, expires_at
            )
            select ${orderNumber}::text, 'pending_payment', ${input.customer.name}::text, ${input.customer.email}::text,
              ${input.customer.phone || null}::text, ${input.customer.notes || null}::text,
              ${priced.subtotalPence}::int, ${priced.discountPence}::int, ${priced.shippingPence}::int, ${priced.totalPence}::int,
              ${priced.promo?.code ?? null}::text, ${priced.promo?.percentOff ?? null}::int,
              ${options.paymentProvider}::text, ${options.providerSessionId ?? null}::text, ${input.userId ?? null}::text,
              ${options.now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz
            where (select count(*) from reserved) = ${priced.lines.length}::int
            returning id
          ),
          new_lines as (
            insert into ${orderLines} (order_id, line_number, product_id, variant_id, size, product_name, unit_price_pence, quantity)
            select new_order.id, line.line_number, line.product_id, line.variant_id, line.size, line.product_name,
              line.unit_price_pence, line.quantity
            from new_order cross join line
          )
          select (select count(*) from reserved)::int as reserved, (select id from new_order) as "orderId"`,
      );
      if (!result?.orderId) throw new StockTaken();
      return { kind: "placed", orderId: result.orderId, orderNumber, expiresAt, priced };
    });

  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof StockTaken)) throw error;
      // Someone else took the units between pricing and reserving. Price again: if
      // the stock is now short, say so; if it came back meanwhile, try once more.
      const priced = await price(db);
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
export async function getOrderBySessionId(
  db: Database,
  sessionId: string,
): Promise<(OrderRow & { lines: OrderLineRow[] }) | null> {
  if (!sessionId || sessionId.length > 255) return null;
  const [order] = await db.select().from(orders).where(eq(orders.providerSessionId, sessionId)).limit(1);
  if (!order) return null;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.lineNumber));
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
  if (!orderNumber || orderNumber.length > 64) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId)))
    .limit(1);
  if (!order) return null;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.lineNumber));
  return { ...order, lines };
}
