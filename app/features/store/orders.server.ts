import { randomInt } from "node:crypto";
import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { orderLines, orders, productVariants } from "../../../db/schema";
import { findPromoCode, getProductsForPricing } from "./catalogue.server";
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
 * stock with conditional updates (`stock = stock - q where stock >= q`) and
 * records the order as pending_payment. Either everything is reserved and the
 * order exists, or nothing changed. Concurrent calls can never oversell.
 */
export async function placeOrder(db: Database, input: PlaceOrderInput, options: PlaceOrderOptions): Promise<PlaceOrderResult> {
  const promoEntered = Boolean(input.promoCode?.trim());
  const price = async (tx: Database) => {
    const [catalogue, promo] = await Promise.all([
      getProductsForPricing(tx, input.lines.map((line) => line.productId)),
      promoEntered ? findPromoCode(tx, input.promoCode!) : Promise.resolve(null),
    ]);
    return priceOrder(input.lines, catalogue, promo, options.now, { shipping: options.shipping, promoEntered });
  };

  const attempt = () =>
    db.transaction(async (tx): Promise<PlaceOrderResult> => {
      const priced = await price(tx);
      if (priced.promoRejected) return { kind: "invalid_promo", priced };
      if (!priced.ok) return { kind: "unavailable", priced };

      // Always lock variants in the same order, so two multi-line orders cannot deadlock.
      const reservations = [...priced.lines].sort((a, b) => a.variantId! - b.variantId!);
      for (const line of reservations) {
        const updated = await tx
          .update(productVariants)
          .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
          .where(and(eq(productVariants.id, line.variantId!), gte(productVariants.stock, line.quantity)))
          .returning({ id: productVariants.id });
        if (updated.length === 0) throw new StockTaken();
      }

      const expiresAt = new Date(options.now.getTime() + (options.reservationMs ?? DEFAULT_RESERVATION_MS));
      const orderNumber = newOrderNumber();
      const [order] = await tx
        .insert(orders)
        .values({
          orderNumber,
          status: "pending_payment",
          customerName: input.customer.name,
          customerEmail: input.customer.email,
          customerPhone: input.customer.phone || null,
          notes: input.customer.notes || null,
          subtotalPence: priced.subtotalPence,
          discountPence: priced.discountPence,
          shippingPence: priced.shippingPence,
          totalPence: priced.totalPence,
          promoCode: priced.promo?.code ?? null,
          promoPercentOff: priced.promo?.percentOff ?? null,
          paymentProvider: options.paymentProvider,
          providerSessionId: options.providerSessionId ?? null,
          userId: input.userId ?? null,
          createdAt: options.now,
          expiresAt,
        })
        .returning({ id: orders.id });
      await tx.insert(orderLines).values(
        priced.lines.map((line, index) => ({
          orderId: order!.id,
          lineNumber: index + 1,
          productId: line.productId,
          variantId: line.variantId!,
          size: line.size,
          productName: line.product!.name,
          unitPricePence: line.unitPricePence!,
          quantity: line.quantity,
        })),
      );
      return { kind: "placed", orderId: order!.id, orderNumber, expiresAt, priced };
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
