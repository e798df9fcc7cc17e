import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, emailOutbox, orderRefunds, orders, productVariants, stockAdjustments } from "../../db/schema";
import type { Auth } from "../../app/features/account/auth.server";
import { STOCK_ENTITY } from "../../app/features/shop/shop-desk/product-form";
import type { PaymentProvider, RefundRequest } from "../../app/features/shop/payments/provider.server";
import { createStripeProvider } from "../../app/features/shop/payments/stripe-provider.server";
import { createTestProvider, signedTestEvent, type TestRefundEvent } from "../../app/features/shop/payments/test-provider.server";
import { receivePaymentWebhook } from "../../app/features/shop/payments/webhook.server";
import * as orderPage from "../../app/routes/admin/order";
import { createTestAuth, formPost, requestContext, run } from "../support/accounts";
import { paidOrder } from "../support/shop-orders";
import { stripeTestHeader } from "../support/stripe-test-header";
import { makeStaff, signUpPerson, type TestPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

/*
 * Refunds from the order page: full, partial by line with restock, above what is left, twice at
 * once, a provider that fails, and the provider's signed events (replayed too), with the test
 * provider and with the real Stripe SDK against a stand-in for Stripe's API on loopback.
 */

const suite = seededTestDatabase();
let auth: Auth;
let shop: TestPerson;
const appSecret = "test-secret-for-account-tests-0123456789abcdef";
beforeAll(async () => {
  auth = createTestAuth(suite.db);
  shop = await makeStaff(suite.db, await signUpPerson(suite.db, auth, { email: "refunds-shop@example.com", name: "Robin Refunds" }), [
    "shop",
  ]);
});

let keyCounter = 0;
const newKey = () => `refund-test-key-${String(++keyCounter).padStart(6, "0")}`;

/** A refund as the desk sends it once confirmed; pass `confirm: ""` for the first press of the button. */
function refund(orderNumber: string, fields: Record<string, string>, payments?: PaymentProvider) {
  const context = { ...requestContext(suite.db, auth), requestId: "req-refunds", ...(payments ? { payments } : {}) };
  return run(() =>
    orderPage.action(
      routeArgs({
        request: formPost(
          `/admin/orders/${orderNumber}`,
          { intent: "refund", requestKey: newKey(), confirm: "yes", ...fields },
          { cookie: shop.jar.header() },
        ),
        context: routerContextFor(context),
        params: { orderNumber },
      }) as never,
    ),
  );
}
async function orderRow(id: string) {
  return (await suite.db.select().from(orders).where(eq(orders.id, id)))[0]!;
}
async function refundsOf(orderId: string) {
  return suite.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
}
async function stockOf(productId: number, size: string) {
  const [variant] = await suite.db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.size, size)));
  return variant!.stock;
}
async function refundMails(orderNumber: string) {
  return suite.db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.subject, `Refund for your % ${orderNumber}`));
}

/** The test provider, counting its calls, answering after `delayMs`, or failing. */
function countingProvider(options: { delayMs?: number; fail?: string; status?: "pending" | "succeeded" } = {}) {
  const base = createTestProvider({ appSecret });
  const calls: RefundRequest[] = [];
  const provider: PaymentProvider = {
    ...base,
    async refund(request) {
      calls.push(request);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.fail) throw new Error(options.fail);
      const answer = await base.refund(request);
      return { ...answer, status: options.status ?? answer.status };
    },
  };
  return { provider, calls };
}

describe("refunds with the test provider", () => {
  it("refunds in full; anything more is refused", async () => {
    const order = await paidOrder(suite.db);
    const outcome = await refund(order.orderNumber, {
      mode: "amount",
      amount: (order.totalPence / 100).toFixed(2),
      reason: "Never arrived",
    });
    expect(outcome).toMatchObject({ status: 200, data: { tone: "success", message: "Refunded £50.00." } });
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: order.totalPence, status: "paid" });
    const [row] = await refundsOf(order.id);
    expect(row).toMatchObject({
      status: "succeeded",
      amountPence: 5000,
      reason: "Never arrived",
      providerRefundId: `test_re_${row!.id.replace(/-/g, "")}`,
    });
    expect(await refundMails(order.orderNumber)).toHaveLength(1);
    expect(await refund(order.orderNumber, { mode: "amount", amount: "0.01", reason: "Again" })).toMatchObject({
      status: 400,
      data: { message: "This order has been refunded in full already." },
    });
  });

  it("asks to confirm the amount first, refunding nothing until the confirmation, which is sent once", async () => {
    const order = await paidOrder(suite.db, { lines: [{ productId: 8, size: "L", quantity: 2 }] });
    const asked = await refund(order.orderNumber, {
      mode: "amount",
      amount: "5.39",
      reason: "Scuffed print",
      requestKey: "refund-confirm-key-0001",
      confirm: "",
    });
    expect(asked).toMatchObject({
      status: 200,
      data: { form: "refund", confirmRefund: { amountPence: 539 }, message: expect.stringMatching(/^Refund £5\.39 to /) },
    });
    expect(await refundsOf(order.id)).toHaveLength(0);
    const fields = Object.fromEntries((asked.data as { confirmRefund: { fields: Array<[string, string]> } }).confirmRefund.fields);
    expect(fields).toMatchObject({
      intent: "refund",
      mode: "amount",
      amount: "5.39",
      reason: "Scuffed print",
      requestKey: "refund-confirm-key-0001",
    });
    // A line refund is worked out as the server will make it.
    expect(await refund(order.orderNumber, { mode: "lines", "qty-1": "1", reason: "Wrong size", confirm: "" })).toMatchObject({
      data: { confirmRefund: { amountPence: 2400 } },
    });
    // What cannot be refunded is refused at the first press, not at the confirmation.
    expect(await refund(order.orderNumber, { mode: "amount", amount: "500.00", reason: "Too much", confirm: "" })).toMatchObject({
      status: 400,
      data: { message: expect.stringMatching(/more than what is left/) },
    });
    for (let press = 0; press < 2; press += 1) {
      expect(await refund(order.orderNumber, { ...fields, confirm: "yes" })).toMatchObject({
        status: 200,
        data: { tone: "success", message: "Refunded £5.39." },
      });
    }
    expect((await refundsOf(order.id)).map((row) => row.amountPence)).toEqual([539]);
  });

  it("refunds one line partially and puts the unit back in stock, audited with the reason", async () => {
    const before = await stockOf(8, "L");
    const order = await paidOrder(suite.db, {
      lines: [
        { productId: 8, size: "L", quantity: 2 },
        { productId: 6, size: "One Size", quantity: 1 },
      ],
    });
    expect(await stockOf(8, "L")).toBe(before - 2);
    const outcome = await refund(order.orderNumber, { mode: "lines", "qty-1": "1", "qty-2": "0", reason: "Wrong size", restock: "on" });
    expect(outcome).toMatchObject({ status: 200, data: { message: "Refunded £24.00. The units are back in stock." } });
    expect(await stockOf(8, "L")).toBe(before - 1);
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: 2400 });
    const [row] = await refundsOf(order.id);
    expect(row).toMatchObject({ lines: [{ lineNumber: 1, quantity: 1, amountPence: 2400 }], restock: true });
    expect(row!.restockedAt).not.toBeNull();
    const [audit] = await suite.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "stock.adjust"), like(auditEvents.reason, `%${order.orderNumber}%`)));
    expect(audit).toMatchObject({
      entityType: STOCK_ENTITY,
      reason: `+1 L: Refund: Wrong size (order ${order.orderNumber}, 1 back)`,
      before: { size: "L", stock: before - 2 },
      after: { size: "L", stock: before - 1 },
    });
    // In the size's stock history, beside the desk's own changes.
    const [history] = await suite.db
      .select()
      .from(stockAdjustments)
      .where(like(stockAdjustments.reason, `%${order.orderNumber}%`));
    expect(history).toMatchObject({ delta: 1, stockAfter: before - 1, source: "order" });
    // The other unit, and then no more of that line.
    expect(await refund(order.orderNumber, { mode: "lines", "qty-1": "2", reason: "Wrong size" })).toMatchObject({
      status: 400,
      data: { message: "Only 1 of Ridgeway Racing Team T-Shirt (L) can still be refunded." },
    });
  });

  it("refuses more than what is left, a missing reason and a bad amount, writing nothing", async () => {
    const order = await paidOrder(suite.db);
    await refund(order.orderNumber, { mode: "amount", amount: "20", reason: "Scuffed peak" });
    expect(await refund(order.orderNumber, { mode: "amount", amount: "30.01", reason: "Too much" })).toMatchObject({
      status: 400,
      data: { message: "That is more than what is left to refund (£30.00)." },
    });
    expect(await refund(order.orderNumber, { mode: "amount", amount: "5", reason: "" })).toMatchObject({
      status: 400,
      data: { errors: { reason: expect.any(String) } },
    });
    expect(await refund(order.orderNumber, { mode: "amount", amount: "-5", reason: "Negative" })).toMatchObject({
      status: 400,
      data: { message: "Enter the amount in pounds, like 12.50." },
    });
    expect(await refund(order.orderNumber, { mode: "amount", amount: "5", reason: "No key", requestKey: "x" })).toMatchObject({
      status: 400,
    });
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: 2000 });
    const unpaid = await paidOrder(suite.db, { pay: false });
    expect(await refund(unpaid.orderNumber, { mode: "amount", amount: "1", reason: "Unpaid" })).toMatchObject({
      status: 400,
      data: { message: "This order has not been paid, so there is nothing to refund." },
    });
  });

  it("the same form sent twice at once (a double-click) refunds once", async () => {
    const order = await paidOrder(suite.db);
    const { provider, calls } = countingProvider({ delayMs: 150 });
    const requestKey = newKey();
    const results = await Promise.all(
      [0, 1, 2].map(() => refund(order.orderNumber, { mode: "amount", amount: "15", reason: "Double click", requestKey }, provider)),
    );
    expect(calls).toHaveLength(1);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: 1500 });
    expect(results.filter((result) => result.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const result of results) expect([200, 409]).toContain(result.status);
    // Sent again later (a retry after the answer was lost): the same refund, no new call.
    expect(await refund(order.orderNumber, { mode: "amount", amount: "15", reason: "Double click", requestKey }, provider)).toMatchObject({
      status: 200,
      data: { message: "Refunded £15.00." },
    });
    expect(calls).toHaveLength(1);
  });

  it("two different refunds at once that together pass the total: only one is made", async () => {
    const order = await paidOrder(suite.db);
    const { provider, calls } = countingProvider({ delayMs: 50 });
    const results = await Promise.all(
      [0, 1].map(() => refund(order.orderNumber, { mode: "amount", amount: "30", reason: "Parallel" }, provider)),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 400]);
    expect(calls).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: 3000 });
  });

  it("a provider error leaves the order as it was and says so; the amount is free again", async () => {
    const before = await stockOf(8, "S");
    const order = await paidOrder(suite.db, { lines: [{ productId: 8, size: "S", quantity: 1 }] });
    const { provider } = countingProvider({ fail: "card_declined: the card's bank refused the refund" });
    const outcome = await refund(order.orderNumber, { mode: "lines", "qty-1": "1", reason: "Faulty", restock: "on" }, provider);
    expect(outcome).toMatchObject({ status: 502, data: { tone: "error" } });
    expect((outcome.data as { message: string }).message).toBe(
      "The payment provider did not make the refund (card_declined: the card's bank refused the refund). Nothing was refunded and the order is as it was; try again later.",
    );
    const after = await orderRow(order.id);
    expect(after).toMatchObject({ refundedPence: 0, status: "paid", version: order.version });
    expect(await stockOf(8, "S")).toBe(before - 1);
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ status: "failed", failureMessage: "card_declined: the card's bank refused the refund" }),
    ]);
    expect(await refundMails(order.orderNumber)).toHaveLength(0);
    expect(await refund(order.orderNumber, { mode: "lines", "qty-1": "1", reason: "Faulty", restock: "on" })).toMatchObject({
      status: 200,
    });
    expect(await stockOf(8, "S")).toBe(before);
  });

  it("follows the provider's signed refund events, and a replayed event changes nothing", async () => {
    const before = await stockOf(8, "XL");
    const order = await paidOrder(suite.db, { lines: [{ productId: 8, size: "XL", quantity: 1 }] });
    const { provider } = countingProvider({ status: "pending" });
    const outcome = await refund(order.orderNumber, { mode: "lines", "qty-1": "1", reason: "Returned", restock: "on" }, provider);
    expect(outcome).toMatchObject({
      status: 200,
      data: { message: "The refund of £24.00 is under way at the payment provider; the order follows when it completes." },
    });
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: 0 });
    expect(await stockOf(8, "XL")).toBe(before - 1);
    const [row] = await refundsOf(order.id);

    const event: TestRefundEvent = {
      id: `evt_refund_${order.orderNumber}`,
      type: "refund.updated",
      created: Math.floor(Date.now() / 1000),
      data: {
        refundId: row!.providerRefundId!,
        refundRequestId: row!.id,
        paymentId: order.providerPaymentId,
        status: "succeeded",
        amountPence: 2400,
      },
    };
    const context = {
      db: suite.db,
      log: requestContext(suite.db, auth).log,
      payments: createTestProvider({ appSecret }),
      publicUrl: "https://ridgeway-racing.example",
    };
    const deliver = () => {
      const { body, headers } = signedTestEvent(appSecret, event, new Date());
      return receivePaymentWebhook(context, body, headers);
    };
    expect(await deliver()).toEqual({ status: 200, body: { received: true, result: "applied" } });
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: 2400 });
    expect(await stockOf(8, "XL")).toBe(before);
    expect(await refundMails(order.orderNumber)).toHaveLength(1);
    for (let i = 0; i < 3; i++) expect(await deliver()).toEqual({ status: 200, body: { received: true, result: "duplicate" } });
    expect(await stockOf(8, "XL")).toBe(before);
    expect(await refundMails(order.orderNumber)).toHaveLength(1);
    const audits = await suite.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, order.id), eq(auditEvents.action, "refund.succeeded")));
    expect(audits).toEqual([expect.objectContaining({ actorLabel: "Payment provider (test)", actorUserId: null })]);

    // A forged event is refused before anything is read.
    const { body } = signedTestEvent(appSecret, { ...event, id: "evt_forged" }, new Date());
    const forged = await receivePaymentWebhook(
      context,
      body,
      new Headers({ "ridgeway-test-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` }),
    );
    expect(forged.status).toBe(400);
  });
});

/* ---------------------------------------------------------------- Stripe */

interface Recorded {
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}
let server: Server;
let port: number;
let recorded: Recorded[] = [];
let failNext: number | null = null;
const refundsByKey = new Map<string, Record<string, unknown>>();
const webhookSecret = "whsec_refunds_standin";

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req));
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    recorded.push({ path: req.url!, form, idempotencyKey });
    res.setHeader("content-type", "application/json");
    if (failNext !== null) {
      res.statusCode = failNext;
      failNext = null;
      res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Charge ch_1 has already been refunded." } }));
      return;
    }
    if (req.url === "/v1/refunds" && req.method === "POST") {
      // Like Stripe: the same idempotency key answers with the same refund.
      const existing = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
      const refundObject = existing ?? {
        id: `re_standin_${refundsByKey.size + 1}`,
        object: "refund",
        amount: Number(form.get("amount")),
        currency: "gbp",
        payment_intent: form.get("payment_intent"),
        status: "succeeded",
        metadata: { refund_request_id: form.get("metadata[refund_request_id]"), order_id: form.get("metadata[order_id]") },
      };
      if (idempotencyKey) refundsByKey.set(idempotencyKey, refundObject);
      res.end(JSON.stringify(refundObject));
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Unrecognized request URL" } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  recorded = [];
  failNext = null;
});

const stripe = () =>
  createStripeProvider({ secretKey: "sk_test_standin", webhookSecret, host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 });

function stripeWebhook(type: string, object: Record<string, unknown>, id: string) {
  const payload = JSON.stringify({ id, object: "event", type, data: { object } });
  const headers = new Headers({ "stripe-signature": stripeTestHeader(payload, webhookSecret) });
  return receivePaymentWebhook(
    { db: suite.db, log: requestContext(suite.db, auth).log, payments: stripe(), publicUrl: "https://ridgeway-racing.example" },
    payload,
    headers,
  );
}

describe("refunds through Stripe (the SDK against a loopback stand-in)", () => {
  it("asks refunds.create for the payment with the request row's idempotency key, once", async () => {
    const order = await paidOrder(suite.db, { provider: "stripe" });
    const requestKey = newKey();
    const outcome = await refund(order.orderNumber, { mode: "amount", amount: "12.34", reason: "Goodwill", requestKey }, stripe());
    expect(outcome).toMatchObject({ status: 200, data: { message: "Refunded £12.34." } });
    const [row] = await refundsOf(order.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.path).toBe("/v1/refunds");
    expect(recorded[0]!.idempotencyKey).toBe(`refund-${row!.id}`);
    expect(Object.fromEntries(recorded[0]!.form)).toMatchObject({
      payment_intent: order.providerPaymentId,
      amount: "1234",
      "metadata[refund_request_id]": row!.id,
      "metadata[order_number]": order.orderNumber,
    });
    expect(row).toMatchObject({ providerRefundId: expect.stringMatching(/^re_standin_/), status: "succeeded", provider: "stripe" });
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: 1234 });
    // The same form again: the row is found, Stripe is not asked twice.
    await refund(order.orderNumber, { mode: "amount", amount: "12.34", reason: "Goodwill", requestKey }, stripe());
    expect(recorded).toHaveLength(1);
  });

  it("a Stripe error leaves the order as it was", async () => {
    const order = await paidOrder(suite.db, { provider: "stripe" });
    failNext = 400;
    const outcome = await refund(order.orderNumber, { mode: "amount", amount: "5", reason: "Try" }, stripe());
    expect(outcome.status).toBe(502);
    expect((outcome.data as { message: string }).message).toContain("Charge ch_1 has already been refunded.");
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: 0, status: "paid", version: order.version });
  });

  it("follows charge.refunded and refund.updated, replays change nothing, and a dashboard refund is recorded", async () => {
    const order = await paidOrder(suite.db, { provider: "stripe" });
    await refund(order.orderNumber, { mode: "amount", amount: "10", reason: "Part" }, stripe());
    const [row] = await refundsOf(order.id);
    const refundObject = (status: string, id = row!.providerRefundId!, amount = 1000, requestId: string | null = row!.id) => ({
      id,
      object: "refund",
      amount,
      status,
      payment_intent: order.providerPaymentId,
      metadata: requestId ? { refund_request_id: requestId } : {},
    });
    // A refund that fails after it succeeded (Stripe can report that): the order's refunded amount follows.
    expect(await stripeWebhook("refund.updated", refundObject("failed"), `evt_ref_fail_${order.orderNumber}`)).toMatchObject({
      status: 200,
      body: { result: "applied" },
    });
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: 0 });
    expect(await stripeWebhook("refund.updated", refundObject("failed"), `evt_ref_fail_${order.orderNumber}`)).toMatchObject({
      body: { result: "duplicate" },
    });

    // Refunded in Stripe's dashboard: charge.refunded lists it; it becomes a refund of the order.
    const charge = {
      id: "ch_standin",
      object: "charge",
      payment_intent: order.providerPaymentId,
      amount_refunded: 700,
      refunds: { object: "list", data: [refundObject("succeeded", "re_dashboard_1", 700, null)] },
    };
    expect(await stripeWebhook("charge.refunded", charge, `evt_charge_${order.orderNumber}`)).toMatchObject({
      body: { result: "applied" },
    });
    expect(await stripeWebhook("charge.refunded", charge, `evt_charge_${order.orderNumber}`)).toMatchObject({
      body: { result: "duplicate" },
    });
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: 700 });
    const rows = await refundsOf(order.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((candidate) => candidate.providerRefundId === "re_dashboard_1")).toMatchObject({
      status: "succeeded",
      amountPence: 700,
    });

    // An event for a payment the shop does not know: nothing recorded, so a later delivery can apply.
    expect(
      await stripeWebhook(
        "refund.updated",
        { ...refundObject("succeeded", "re_unknown", 100, null), payment_intent: "pi_nobody" },
        "evt_unknown_refund",
      ),
    ).toMatchObject({
      body: { result: "unknown_order" },
    });
  });
});
