import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import * as schema from "../../db/schema";
import {
  applyPaymentEvent,
  attachPaymentSession,
  cancelPendingOrder,
  expireOverdueOrders,
  type PaymentEventInput,
} from "../../app/features/shop/store/order-lifecycle.server";
import { getOrderBySessionId, placeOrder } from "../../app/features/shop/store/orders.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let testDb: TestDatabase;
let handle: DatabaseHandle;
const now = new Date("2026-06-01T12:00:00Z");
const later = new Date(now.getTime() + 60_000);
const customer = { name: "Alex Fan", email: "alex@example.com" };
const publicUrl = "https://ridgeway-racing.example";
let eventCounter = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
});
afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});
beforeEach(async () => {
  await handle.db.delete(schema.paymentEvents);
  await handle.db.delete(schema.orderLines);
  await handle.db.delete(schema.orders);
  await handle.db.delete(schema.emailOutbox);
  await handle.db.update(schema.promoCodes).set({ usedCount: 0 });
  await handle.db.update(schema.productVariants).set({ stock: 10 });
});

/** What was queued to the customer (paid orders also tell the shop team). */
const customerMail = () => handle.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, customer.email));

async function stockOf(productId: number) {
  const [variant] = await handle.db
    .select({ stock: schema.productVariants.stock })
    .from(schema.productVariants)
    .where(eq(schema.productVariants.productId, productId));
  return variant!.stock;
}
async function orderRow(id: string) {
  const [order] = await handle.db.select().from(schema.orders).where(eq(schema.orders.id, id));
  return order!;
}
async function promoUses(code: string) {
  const [promo] = await handle.db.select().from(schema.promoCodes).where(eq(schema.promoCodes.code, code));
  return promo!.usedCount;
}

async function placed(quantity = 2, promoCode: string | null = "RIDGEWAY10", reservationMs?: number) {
  const result = await placeOrder(
    handle.db,
    { lines: [{ productId: 1, size: "One Size", quantity }], customer, promoCode },
    { now, paymentProvider: "test", reservationMs, publicUrl },
  );
  if (result.kind !== "placed") throw new Error(`not placed: ${result.kind}`);
  const sessionId = `sess_${result.orderNumber}`;
  expect(await attachPaymentSession(handle.db, result.orderId, sessionId)).toBe(true);
  expect(await attachPaymentSession(handle.db, result.orderId, "sess_other")).toBe(false);
  return { ...result, sessionId };
}

const event = (overrides: Partial<PaymentEventInput>): PaymentEventInput => ({
  provider: "test",
  eventId: `evt_${++eventCounter}`,
  type: "checkout.session.completed",
  outcome: "paid",
  ...overrides,
});

describe("payment events", () => {
  it("the same paid event 10 times in sequence: one paid order, one promo use, one e-mail", async () => {
    const order = await placed();
    const paid = event({ orderId: order.orderId, sessionId: order.sessionId, paymentId: "pi_1" });
    const results = [];
    for (let i = 0; i < 10; i++) results.push(await applyPaymentEvent(handle.db, paid, later, publicUrl));
    expect(results[0]).toEqual({ kind: "applied", orderId: order.orderId, from: "pending_payment", to: "paid" });
    expect(results.slice(1).every((result) => result.kind === "duplicate")).toBe(true);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "paid", paidAt: later, providerPaymentId: "pi_1", totalPence: 4500 });
    expect(await promoUses("RIDGEWAY10")).toBe(1);
    expect(await stockOf(1)).toBe(8);
    const emails = await customerMail();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.toAddress).toBe("alex@example.com");
    // And one notice to the shop team (nobody has the shop role here: the site's contact address).
    expect((await handle.db.select().from(schema.emailOutbox)).filter((mail) => mail.subject.startsWith("New order"))).toHaveLength(1);
    expect(emails[0]!.textBody).toContain(order.orderNumber);
    expect(emails[0]!.textBody).toContain("Total: £45.00");
    expect(await handle.db.select().from(schema.paymentEvents)).toHaveLength(1);
  });

  it("the same paid event 10 times in parallel: one paid order, one promo use, one e-mail", async () => {
    const order = await placed();
    const paid = event({ sessionId: order.sessionId });
    const results = await Promise.all(Array.from({ length: 10 }, () => applyPaymentEvent(handle.db, paid, later, publicUrl)));
    expect(results.filter((result) => result.kind === "applied")).toHaveLength(1);
    expect(results.filter((result) => result.kind === "duplicate")).toHaveLength(9);
    expect((await orderRow(order.orderId)).status).toBe("paid");
    expect(await promoUses("RIDGEWAY10")).toBe(1);
    expect(await customerMail()).toHaveLength(1);
    expect(await stockOf(1)).toBe(8);
  });

  it("two different paid events for one order (completed, then async succeeded) pay it once", async () => {
    const order = await placed();
    const results = await Promise.all([
      applyPaymentEvent(handle.db, event({ orderId: order.orderId }), later, publicUrl),
      applyPaymentEvent(
        handle.db,
        event({ sessionId: order.sessionId, type: "checkout.session.async_payment_succeeded" }),
        later,
        publicUrl,
      ),
    ]);
    expect(results.map((result) => result.kind).sort()).toEqual(["applied", "ignored"]);
    expect(await promoUses("RIDGEWAY10")).toBe(1);
    expect(await customerMail()).toHaveLength(1);
  });

  it("a failed payment releases the stock once; a late expiry or replay changes nothing", async () => {
    const order = await placed(3, null);
    expect(await stockOf(1)).toBe(7);
    const failed = event({ orderId: order.orderId, type: "checkout.session.async_payment_failed", outcome: "failed" });
    expect((await applyPaymentEvent(handle.db, failed, later, publicUrl)).kind).toBe("applied");
    expect(await applyPaymentEvent(handle.db, failed, later, publicUrl)).toEqual({ kind: "duplicate" });
    const expired = event({ sessionId: order.sessionId, type: "checkout.session.expired", outcome: "expired" });
    expect(await applyPaymentEvent(handle.db, expired, later, publicUrl)).toEqual({
      kind: "ignored",
      orderId: order.orderId,
      status: "failed",
    });
    expect(await stockOf(1)).toBe(10);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "failed", closedAt: later, stockReleasedAt: later });
    // One "not completed" e-mail, for the event that closed it; nothing for the replay or the late expiry.
    expect((await customerMail()).map((mail) => mail.subject)).toEqual([
      `Your Ridgeway Racing order ${order.orderNumber} was not completed`,
    ]);
  });

  it("an old expiry after payment does not release the stock", async () => {
    const order = await placed(1, null);
    await applyPaymentEvent(handle.db, event({ orderId: order.orderId }), later, publicUrl);
    const result = await applyPaymentEvent(handle.db, event({ orderId: order.orderId, outcome: "expired" }), later, publicUrl);
    expect(result.kind).toBe("ignored");
    expect(await stockOf(1)).toBe(9);
  });

  it("records nothing for an event about an unknown order, so a later delivery can apply", async () => {
    const unknown = event({ orderId: "00000000-0000-4000-8000-000000000000" });
    expect(await applyPaymentEvent(handle.db, unknown, later, publicUrl)).toEqual({ kind: "unknown_order" });
    expect(await applyPaymentEvent(handle.db, event({ orderId: "not-a-uuid" }), later, publicUrl)).toEqual({ kind: "unknown_order" });
    expect(await applyPaymentEvent(handle.db, event({ sessionId: "sess_nope" }), later, publicUrl)).toEqual({ kind: "unknown_order" });
    expect(await handle.db.select().from(schema.paymentEvents)).toHaveLength(0);
  });

  it("a payment that lands after the order expired still pays it and takes the stock again", async () => {
    const order = await placed(2, null, 1000);
    expect(await expireOverdueOrders(handle.db, later, { publicUrl })).toBe(1);
    expect(await stockOf(1)).toBe(10);
    const result = await applyPaymentEvent(handle.db, event({ sessionId: order.sessionId }), later, publicUrl);
    expect(result).toMatchObject({ kind: "applied", from: "expired", to: "paid" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "paid", stockReleasedAt: null, closedAt: null });
    expect(await stockOf(1)).toBe(8);
  });

  it("is not paid against stock that a cancelled order released and that was sold before its payment landed", async () => {
    const order = await placed(2, "RIDGEWAY10");
    expect(await cancelPendingOrder(handle.db, order.orderId, later)).toBe(true);
    expect(await cancelPendingOrder(handle.db, order.orderId, later)).toBe(false);
    expect(await cancelPendingOrder(handle.db, "nope", later)).toBe(false);
    expect(await stockOf(1)).toBe(10);
    expect(await promoUses("RIDGEWAY10")).toBe(0);
    await handle.db.update(schema.productVariants).set({ stock: 1 }).where(eq(schema.productVariants.productId, 1));
    const result = await applyPaymentEvent(handle.db, event({ orderId: order.orderId, paymentId: "pi_late" }), later, publicUrl);
    expect(result).toEqual({ kind: "applied", orderId: order.orderId, from: "cancelled", to: "cancelled", refundDue: true });
    // The payment is on record for the refund; no unit is taken and the code's use stays given back.
    expect(await orderRow(order.orderId)).toMatchObject({ status: "cancelled", paidAt: later, providerPaymentId: "pi_late" });
    expect(await stockOf(1)).toBe(1);
    expect(await promoUses("RIDGEWAY10")).toBe(0);
    expect(await applyPaymentEvent(handle.db, event({ orderId: order.orderId }), later, publicUrl)).toMatchObject({
      kind: "ignored",
      status: "cancelled",
    });
  });

  it("a second paid event for an order already packed leaves it packed", async () => {
    const order = await placed(1, null);
    await applyPaymentEvent(handle.db, event({ orderId: order.orderId }), later, publicUrl);
    await handle.db.update(schema.orders).set({ status: "packed" }).where(eq(schema.orders.id, order.orderId));
    const result = await applyPaymentEvent(
      handle.db,
      event({ orderId: order.orderId, type: "checkout.session.async_payment_succeeded" }),
      later,
      publicUrl,
    );
    expect(result).toEqual({ kind: "ignored", orderId: order.orderId, status: "packed" });
    expect((await orderRow(order.orderId)).status).toBe("packed");
    expect(await customerMail()).toHaveLength(1);
  });
});

describe("getOrderBySessionId", () => {
  it("reads the real order with its lines, and nothing for an unknown reference", async () => {
    const order = await placed(2, "TEAM15");
    const found = await getOrderBySessionId(handle.db, order.sessionId);
    expect(found).toMatchObject({
      orderNumber: order.orderNumber,
      customerEmail: "alex@example.com",
      status: "pending_payment",
      subtotalPence: 5000,
      discountPence: 750,
      totalPence: 4250,
    });
    expect(found!.lines.map((line) => [line.productName, line.quantity, line.unitPricePence])).toEqual([
      ["Ridgeway Racing Team Cap - Red", 2, 2500],
    ]);
    expect(await getOrderBySessionId(handle.db, "sess_unknown")).toBeNull();
    expect(await getOrderBySessionId(handle.db, "")).toBeNull();
  });
});

describe("expireOverdueOrders", () => {
  it("expires only unpaid orders past their time, frees their stock once, and is safe run in parallel", async () => {
    const due = await Promise.all([placed(1, null, 1000), placed(2, null, 1000), placed(1, null, 1000)]);
    const notDue = await placed(1, null, 10 * 60_000);
    const paidOrder = await placed(1, null, 1000);
    await applyPaymentEvent(handle.db, event({ orderId: paidOrder.orderId }), now, publicUrl);
    expect(await stockOf(1)).toBe(4);

    const counts = await Promise.all([1, 2, 3].map(() => expireOverdueOrders(handle.db, later, { publicUrl })));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await expireOverdueOrders(handle.db, later, { publicUrl })).toBe(0);
    for (const order of due) expect((await orderRow(order.orderId)).status).toBe("expired");
    expect((await orderRow(notDue.orderId)).status).toBe("pending_payment");
    expect((await orderRow(paidOrder.orderId)).status).toBe("paid");
    expect(await stockOf(1)).toBe(8);
  });
});
