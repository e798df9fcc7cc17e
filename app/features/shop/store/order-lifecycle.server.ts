/**
 * What happens to an order after it is placed: payment events from the
 * provider's signed webhook (idempotent by event id), and expiry of unpaid
 * orders. Every change is one transaction with the order row locked, so
 * replays, duplicates and parallel deliveries change nothing twice.
 */
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { queryRows, type Database } from "../../../../db/client.server";
import { orderLines, orders, paymentEvents, productVariants, promoCodes, type OrderStatus } from "../../../../db/schema";
import { queueEmail } from "~/features/mail/outbox.server";
import { latePaymentMessage, orderConfirmationMessage, paymentNotCompletedMessage, teamOrderMessages } from "./order-emails.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type PaymentOutcome = "paid" | "failed" | "expired";

export interface PaymentEventInput {
  provider: string;
  /** The provider's unique event id: a second delivery of it is a no-op. */
  eventId: string;
  /** The provider's event type, kept for the record (e.g. "checkout.session.completed"). */
  type: string;
  /** What the event means for the order; null for events we only record. */
  outcome: PaymentOutcome | null;
  /** The order id from the session's metadata, when the provider sends it back. */
  orderId?: string | null;
  sessionId?: string | null;
  paymentId?: string | null;
  /** When the provider says the payment happened; the time it arrived when the event has none. */
  occurredAt?: Date | null;
}

export type PaymentEventResult =
  /** This event id was handled before. */
  | { kind: "duplicate" }
  /** No order matches: nothing recorded, so a later delivery can still apply. */
  | { kind: "unknown_order" }
  | {
      kind: "applied";
      orderId: string;
      from: OrderStatus;
      to: OrderStatus;
      /**
       * Paid after its stock went back and some of it was sold since: the payment is recorded on
       * the cancelled order, and the whole of it is to be refunded (webhook.server.ts asks).
       */
      refundDue?: boolean;
    }
  /** Recorded, but the order was already past this point (e.g. paid, then an old "expired"). */
  | { kind: "ignored"; orderId: string; status: OrderStatus };

class UnknownOrder extends Error {}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Records the provider's session on a freshly placed order (once). */
export async function attachPaymentSession(db: Database, orderId: string, sessionId: string): Promise<boolean> {
  const updated = await db
    .update(orders)
    .set({ providerSessionId: sessionId })
    .where(and(eq(orders.id, orderId), sql`${orders.providerSessionId} is null`))
    .returning({ id: orders.id });
  return updated.length === 1;
}

/** `publicUrl`: the site's address, for the links in the e-mail the payment sends. */
export async function applyPaymentEvent(db: Database, event: PaymentEventInput, now: Date, publicUrl: string): Promise<PaymentEventResult> {
  try {
    return await db.transaction(async (tx): Promise<PaymentEventResult> => {
      const inserted = await tx
        .insert(paymentEvents)
        .values({ provider: event.provider, eventId: event.eventId, type: event.type, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (inserted.length === 0) return { kind: "duplicate" };

      const order = await lockOrder(tx, event);
      if (!order) throw new UnknownOrder();
      await tx.update(paymentEvents).set({ orderId: order.id }).where(eq(paymentEvents.id, inserted[0]!.id));
      if (event.outcome === null) return { kind: "ignored", orderId: order.id, status: order.status };

      if (event.outcome === "paid") return await applyPayment(tx, order, event, now, publicUrl);

      if (order.status !== "pending_payment") return { kind: "ignored", orderId: order.id, status: order.status };
      const to = event.outcome === "failed" ? "failed" : "expired";
      await closeOrder(tx, order.id, to, now);
      await queueEmail(tx, await paymentNotCompletedMessage(tx, order.id, to, publicUrl));
      return { kind: "applied", orderId: order.id, from: order.status, to };
    });
  } catch (error) {
    if (error instanceof UnknownOrder) return { kind: "unknown_order" };
    throw error;
  }
}

/** When the customer paid: the provider's time for it, never later than now (clocks drift). */
export function paymentTime(event: Pick<PaymentEventInput, "occurredAt">, now: Date): Date {
  const at = event.occurredAt;
  return at && !Number.isNaN(at.getTime()) && at.getTime() < now.getTime() ? at : now;
}

/**
 * A payment for a locked order (docs/decisions/0053-payment-checks-the-hold.md). The order is paid
 * against the stock it holds. A payment made at or after the hold's end finds the hold over,
 * whether or not the expiry job has run yet: the order is closed as expired first, exactly as the
 * job would close it. A payment for an order whose stock went back (expired, cancelled, failed)
 * takes every line's units again, all or none; when some have been sold meanwhile, nothing is
 * taken: the payment is recorded, the order is cancelled, and the result says a refund is due.
 */
async function applyPayment(
  tx: Tx,
  order: typeof orders.$inferSelect,
  event: PaymentEventInput,
  now: Date,
  publicUrl: string,
): Promise<PaymentEventResult> {
  if (order.paidAt !== null) return { kind: "ignored", orderId: order.id, status: order.status };
  const paidAt = paymentTime(event, now);
  const payment = {
    paidAt,
    providerSessionId: order.providerSessionId ?? event.sessionId ?? null,
    providerPaymentId: event.paymentId ?? order.providerPaymentId,
  };

  let released = order.stockReleasedAt !== null;
  if (order.status === "pending_payment" && paidAt.getTime() >= order.expiresAt.getTime()) {
    await releaseOrders(tx, [order.id], "expired", order.expiresAt);
    released = true;
  }
  if (released && !(await takeBackOrder(tx, order.id, order.promoCode))) {
    await tx
      .update(orders)
      .set({ ...payment, status: "cancelled", closedAt: now })
      .where(eq(orders.id, order.id));
    // Its units went back when the hold ended and were sold: none of them are this order's to restock.
    await tx
      .update(orderLines)
      .set({ restockedQuantity: sql`${orderLines.quantity}` })
      .where(eq(orderLines.orderId, order.id));
    await queueEmail(tx, await latePaymentMessage(tx, order.id, publicUrl));
    for (const message of await teamOrderMessages(tx, order.id, "oversold", publicUrl)) await queueEmail(tx, message);
    return { kind: "applied", orderId: order.id, from: order.status, to: "cancelled", refundDue: true };
  }

  await tx
    .update(orders)
    .set({ ...payment, status: "paid", closedAt: null, stockReleasedAt: null })
    .where(eq(orders.id, order.id));
  await queueEmail(tx, await orderConfirmationMessage(tx, order.id, publicUrl));
  for (const message of await teamOrderMessages(tx, order.id, "paid", publicUrl)) await queueEmail(tx, message);
  return { kind: "applied", orderId: order.id, from: order.status, to: "paid" };
}

async function lockOrder(tx: Tx, event: PaymentEventInput) {
  const byId = event.orderId && uuidPattern.test(event.orderId) ? eq(orders.id, event.orderId) : undefined;
  const bySession = event.sessionId ? eq(orders.providerSessionId, event.sessionId) : undefined;
  const where = byId ?? bySession;
  if (!where) return undefined;
  const [order] = await tx.select().from(orders).where(where).for("update").limit(1);
  return order;
}

/**
 * Closes unpaid orders and gives back their stock and promo code uses, once: the database
 * function release_orders (db/migrations/0021_shop-checkout-place-order.sql) does both in one
 * call, taking its locks in the same order as place_order. Returns how many it closed.
 */
async function releaseOrders(tx: Tx | Database, orderIds: readonly string[], status: "failed" | "expired" | "cancelled", now: Date) {
  if (orderIds.length === 0) return 0;
  const [row] = await queryRows<{ closed: number }>(
    tx as Database,
    sql`select release_orders(${`{${orderIds.join(",")}}`}::uuid[], ${status}::text, ${now.toISOString()}::timestamptz) as closed`,
  );
  return row?.closed ?? 0;
}

/** Closes one unpaid order (the shop desk's cancel uses it too). */
export async function closeOrder(tx: Tx, orderId: string, status: "failed" | "expired" | "cancelled", now: Date) {
  await releaseOrders(tx, [orderId], status, now);
}

/**
 * Takes an order's units (and its promo code use) again after they went back, all or none: every
 * size is locked in id order (after the promo code, as every writer locks them) and checked first.
 * Returns false, with nothing changed, when any line is short.
 */
async function takeBackOrder(tx: Tx, orderId: string, promoCode: string | null): Promise<boolean> {
  if (promoCode) {
    await tx
      .update(promoCodes)
      .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
      .where(eq(promoCodes.code, promoCode));
  }
  const lines = await tx
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity, stock: productVariants.stock })
    .from(orderLines)
    .innerJoin(productVariants, eq(productVariants.id, orderLines.variantId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.variantId))
    .for("no key update", { of: productVariants });
  if (lines.some((line) => line.stock < line.quantity)) {
    if (promoCode) {
      await tx
        .update(promoCodes)
        .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
        .where(eq(promoCodes.code, promoCode));
    }
    return false;
  }
  for (const line of lines) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
      .where(eq(productVariants.id, line.variantId));
  }
  return true;
}

/**
 * The shopper left the payment page without paying: the order is cancelled
 * and its stock freed at once (a payment that still lands later is honoured,
 * as after expiry). Returns false when the order is not pending.
 */
export async function cancelPendingOrder(db: Database, orderId: string, now: Date): Promise<boolean> {
  if (!uuidPattern.test(orderId)) return false;
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for("update");
    if (order?.status !== "pending_payment") return false;
    await closeOrder(tx, orderId, "cancelled", now);
    return true;
  });
}

/**
 * Expires unpaid orders past their time and frees their stock (and promo uses), and tells each
 * customer in the same transaction (the order was not completed; the basket is saved). Safe with
 * several app processes: each claims different orders (FOR UPDATE SKIP LOCKED). The timer runs
 * it for every order; a checkout short of stock runs it for the products it wants
 * (`productIds`), so a hold that has ended frees its units at once, not at the timer's next run.
 * Returns how many it expired.
 */
export async function expireOverdueOrders(
  db: Database,
  now: Date,
  options: { publicUrl: string; batchSize?: number; productIds?: readonly number[] },
): Promise<number> {
  const holdingProducts = options.productIds
    ? inArray(
        orders.id,
        db
          .selectDistinct({ id: orderLines.orderId })
          .from(orderLines)
          .where(inArray(orderLines.productId, [...options.productIds])),
      )
    : undefined;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id, providerSessionId: orders.providerSessionId })
      .from(orders)
      .where(and(eq(orders.status, "pending_payment"), lte(orders.expiresAt, now), holdingProducts))
      .orderBy(asc(orders.expiresAt))
      .limit(options.batchSize ?? 100)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((order) => order.id);
    await releaseOrders(tx, ids, "expired", now);
    // An order that never reached the payment page (its session was not made) was answered at checkout.
    for (const order of due) {
      if (order.providerSessionId) await queueEmail(tx, await paymentNotCompletedMessage(tx, order.id, "expired", options.publicUrl));
    }
    return ids.length;
  });
}
