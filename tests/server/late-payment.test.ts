import { eq } from "drizzle-orm";
import pino from "pino";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { payTestSession } from "../../app/features/shop/payments/test-payment.server";
import { createTestProvider, newTestEventId, signedTestEvent } from "../../app/features/shop/payments/test-provider.server";
import { receivePaymentWebhook } from "../../app/features/shop/payments/webhook.server";
import { attachPaymentSession } from "../../app/features/shop/store/order-lifecycle.server";
import { placeOrder } from "../../app/features/shop/store/orders.server";
import { seededTestDatabase } from "../support/test-database";

/*
 * The payment checks the hold's end itself (docs/decisions/0053-payment-checks-the-hold.md): what
 * happens to an order paid after its 30 minutes, whether or not the expiry job has run.
 */

const suite = seededTestDatabase();
const appSecret = "test-secret-for-late-payment-tests-0123456789";
const log = pino({ level: "silent" });
const HOLD_MS = 30 * 60_000;
const t0 = new Date("2026-06-01T12:00:00Z");
const afterHold = new Date(t0.getTime() + HOLD_MS + 60_000);
let clock = t0;
const payments = createTestProvider({ appSecret, now: () => clock });
const context = () => ({ db: suite.db, log, payments, appSecret, publicUrl: "https://ridgeway-racing.example" });

beforeEach(async () => {
  const db = suite.db;
  await db.delete(schema.orderRefunds);
  await db.delete(schema.paymentEvents);
  await db.delete(schema.orderLines);
  await db.delete(schema.orders);
  await db.delete(schema.emailOutbox);
  await db.update(schema.promoCodes).set({ usedCount: 0 });
  await db.update(schema.productVariants).set({ stock: 10 });
  clock = t0;
});

async function setCapStock(stock: number) {
  await suite.db.update(schema.productVariants).set({ stock }).where(eq(schema.productVariants.productId, 1));
}
async function capStock() {
  const [variant] = await suite.db
    .select({ stock: schema.productVariants.stock })
    .from(schema.productVariants)
    .where(eq(schema.productVariants.productId, 1));
  return variant!.stock;
}
async function orderRow(id: string) {
  const [order] = await suite.db.select().from(schema.orders).where(eq(schema.orders.id, id));
  return order!;
}

async function place(email: string, quantity: number, at: Date, options: { promoCode?: string; holdsPerCustomer?: number } = {}) {
  const result = await placeOrder(
    suite.db,
    { lines: [{ productId: 1, size: "One Size", quantity }], customer: { name: "Alex Fan", email }, promoCode: options.promoCode ?? null },
    {
      now: at,
      paymentProvider: "test",
      publicUrl: "https://ridgeway-racing.example",
      reservationMs: HOLD_MS,
      holdPolicy: options.holdsPerCustomer
        ? { holdsPerCustomer: options.holdsPerCustomer, holdsPerClient: null, holdSharePercent: null }
        : undefined,
    },
  );
  if (result.kind !== "placed") return result;
  const sessionId = payments.newSessionId!();
  await attachPaymentSession(suite.db, result.orderId, sessionId);
  return { ...result, sessionId };
}

async function placed(email: string, quantity: number, at: Date, promoCode?: string) {
  const result = await place(email, quantity, at, { promoCode });
  if (result.kind !== "placed") throw new Error(`not placed: ${result.kind}`);
  return result;
}

/** The provider's signed "paid" event for the order, made at `paidAt` and delivered at `deliveredAt`. */
async function deliverPayment(order: { orderId: string; sessionId: string; orderNumber: string }, paidAt: Date, deliveredAt: Date) {
  clock = deliveredAt;
  const { body, headers } = signedTestEvent(
    appSecret,
    {
      id: newTestEventId(),
      type: "checkout.session.completed",
      created: Math.floor(paidAt.getTime() / 1000),
      data: { sessionId: order.sessionId, orderId: order.orderId, paymentStatus: "paid", paymentId: `pi_test_${order.orderNumber}` },
    },
    deliveredAt,
  );
  return receivePaymentWebhook(context(), body, headers, deliveredAt);
}

describe("a payment made after the order's hold ended", () => {
  it("before the expiry job ran, with the units sold meanwhile: not paid against them; recorded, cancelled and refunded in full", async () => {
    await setCapStock(2);
    const late = await placed("late@example.com", 2, t0);
    expect(await capStock()).toBe(0);

    // The hold has ended and no expiry job has run: another shopper can buy the units.
    const other = await place("other@example.com", 1, afterHold);
    expect(other.kind).toBe("placed");
    expect(await capStock()).toBe(1);

    const answer = await deliverPayment(late, afterHold, new Date(afterHold.getTime() + 5_000));
    expect(answer).toEqual({ status: 200, body: { received: true, result: "applied" } });

    const order = await orderRow(late.orderId);
    expect(order).toMatchObject({
      status: "cancelled",
      paidAt: new Date(Math.floor(afterHold.getTime() / 1000) * 1000),
      providerPaymentId: `pi_test_${late.orderNumber}`,
    });
    expect(order.refundedPence).toBe(order.totalPence);
    const refunds = await suite.db.select().from(schema.orderRefunds).where(eq(schema.orderRefunds.orderId, late.orderId));
    expect(refunds).toMatchObject([{ status: "succeeded", amountPence: order.totalPence, restock: false }]);
    // Nothing oversold, nothing put back twice: the other shopper's hold is all that is taken.
    expect(await capStock()).toBe(1);
    const [line] = await suite.db.select().from(schema.orderLines).where(eq(schema.orderLines.orderId, late.orderId));
    expect(line!.restockedQuantity).toBe(line!.quantity);

    const subjects = (await suite.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, "late@example.com"))).map(
      (mail) => mail.subject,
    );
    // The other shopper's checkout closed the ended hold (and told the customer); then the truth about the payment, and the refund.
    expect(subjects.sort()).toEqual([
      `Refund for your Ridgeway Racing order ${late.orderNumber}`,
      `Your Ridgeway Racing order ${late.orderNumber} was not completed`,
      `Your Ridgeway Racing order ${late.orderNumber}: payment refunded`,
    ]);

    // A second delivery, or a second paid event, changes nothing.
    expect((await deliverPayment(late, afterHold, new Date(afterHold.getTime() + 9_000))).body.result).toBe("ignored");
    expect(await suite.db.select().from(schema.orderRefunds)).toHaveLength(1);
  });

  it("before the expiry job ran, with the units still there: the hold is closed and taken again, and the order is paid once", async () => {
    const late = await placed("late@example.com", 2, t0, "RIDGEWAY10");
    expect(await capStock()).toBe(8);
    expect((await deliverPayment(late, afterHold, afterHold)).body.result).toBe("applied");
    expect(await orderRow(late.orderId)).toMatchObject({ status: "paid", stockReleasedAt: null, closedAt: null });
    expect(await capStock()).toBe(8);
    const [promo] = await suite.db.select().from(schema.promoCodes).where(eq(schema.promoCodes.code, "RIDGEWAY10"));
    expect(promo!.usedCount).toBe(1);
    expect(await suite.db.select().from(schema.orderRefunds)).toHaveLength(0);
  });

  it("a payment made in time but delivered after the hold's end (a retried webhook) keeps its hold and pays", async () => {
    await setCapStock(2);
    const order = await placed("ontime@example.com", 2, t0);
    const paidAt = new Date(t0.getTime() + HOLD_MS - 60_000);
    expect((await deliverPayment(order, paidAt, afterHold)).body.result).toBe("applied");
    expect(await orderRow(order.orderId)).toMatchObject({ status: "paid", paidAt: new Date(Math.floor(paidAt.getTime() / 1000) * 1000) });
    expect(await capStock()).toBe(0);
  });

  it("the test payment page takes no card once the hold has ended", async () => {
    const order = await placed("late@example.com", 1, t0);
    clock = afterHold;
    const card = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Alex Fan" };
    expect(await payTestSession(context(), order.sessionId, { intent: "pay", card }, afterHold)).toEqual({
      kind: "unavailable",
      reason: "closed",
    });
    expect((await orderRow(order.orderId)).paidAt).toBeNull();
    expect(await suite.db.select().from(schema.paymentEvents)).toHaveLength(0);
  });
});

describe("a hold that has ended holds nothing, before the expiry job runs", () => {
  it("does not count against the customer's two open holds", async () => {
    await placed("busy@example.com", 1, t0);
    await placed("busy@example.com", 1, t0);
    expect(await place("busy@example.com", 1, new Date(t0.getTime() + 60_000), { holdsPerCustomer: 2 })).toMatchObject({
      kind: "too_many_holds",
      by: "customer",
    });
    expect(await place("busy@example.com", 1, afterHold, { holdsPerCustomer: 2 })).toMatchObject({ kind: "placed" });
  });
});
