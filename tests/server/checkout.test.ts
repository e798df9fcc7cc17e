import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import * as schema from "../../db/schema";
import type { PaymentProvider } from "../../app/features/shop/payments/provider.server";
import { payTestSession, readTestSession } from "../../app/features/shop/payments/test-payment.server";
import {
  createTestProvider,
  signedTestEvent,
  signTestEvent,
  TEST_SIGNATURE_HEADER,
  type TestPaymentEvent,
} from "../../app/features/shop/payments/test-provider.server";
import { receivePaymentWebhook } from "../../app/features/shop/payments/webhook.server";
import { submitCheckout, type CheckoutContext } from "../../app/features/shop/store/checkout.server";
import { getOrderBySessionId } from "../../app/features/shop/store/orders.server";
import { action as webhookAction } from "../../app/routes/api-payments-webhook";
import { action as checkoutAction } from "../../app/routes/checkout";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { bodyOverLimit } from "../support/request-body";
import { routerContextFor, type RequestContext } from "../../app/context";
import { routeArgs } from "../support/route-args";

const appSecret = "test-secret-for-checkout-tests-0123456789";
const log = pino({ level: "silent" });
let testDb: TestDatabase;
let handle: DatabaseHandle;
let context: CheckoutContext & { appSecret: string };

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
  context = {
    db: handle.db,
    log,
    appSecret,
    publicUrl: "https://shop.example",
    payments: createTestProvider({ appSecret }),
    orderReservationMs: 30 * 60_000,
    shipping: { flatRatePence: 0, freeAbovePence: null },
  };
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

const customer = {
  name: "Alex Fan",
  email: "alex@example.com",
  shipName: "Alex Fan",
  shipLine1: "1 Pit Lane",
  shipTown: "Andover",
  shipPostcode: "sp11 8pw",
  shipCountry: "GB",
};

function form(fields: Record<string, string | string[]>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return body;
}
const line = (productId: string, size: string, quantity: string) => ({ productId, size, quantity });
function cartForm(lines: { productId: string; size: string; quantity: string }[], extra: Record<string, string | string[]> = {}) {
  return form({
    productId: lines.map((l) => l.productId),
    size: lines.map((l) => l.size),
    quantity: lines.map((l) => l.quantity),
    ...customer,
    ...extra,
  });
}

async function counts() {
  const orders = await handle.db.select().from(schema.orders);
  const events = await handle.db.select().from(schema.paymentEvents);
  const [cap] = await handle.db.select().from(schema.productVariants).where(eq(schema.productVariants.productId, 1));
  return { orders: orders.length, events: events.length, capStock: cap!.stock };
}

async function placedSession(quantity = "2", promoCode?: string) {
  const outcome = await submitCheckout(context, cartForm([line("1", "One Size", quantity)], promoCode ? { promoCode } : {}));
  if (outcome.kind !== "redirect") throw new Error(`not placed: ${JSON.stringify(outcome)}`);
  return outcome;
}

describe("checkout action: bad input gets a 4xx with a message, nothing reserved", () => {
  const cases: [string, FormData, number, RegExp][] = [
    ["unknown product", cartForm([line("999", "One Size", "1")]), 409, /no longer available/],
    ["unknown size", cartForm([line("1", "XXL", "1")]), 409, /no longer available/],
    ["quantity 0", cartForm([line("1", "One Size", "0")]), 400, /at least 1/],
    ["negative quantity", cartForm([line("1", "One Size", "-3")]), 400, /at least 1/],
    ["fractional quantity", cartForm([line("1", "One Size", "1.5")]), 400, /whole number/],
    ["absurd quantity", cartForm([line("1", "One Size", "99999999999999999999")]), 400, /at most 20/],
    ["non-numeric quantity", cartForm([line("1", "One Size", "two")]), 400, /whole number/],
    ["non-numeric product", cartForm([line("cap", "One Size", "1")]), 400, /Choose a product/],
    ["no lines", form({ ...customer }), 400, /No items in cart/],
    [
      "hundreds of lines",
      cartForm(Array.from({ length: 300 }, (_, i) => line(String(i + 1), "One Size", "1"))),
      400,
      /at most 30 different items/,
    ],
    [
      "lines that do not line up",
      form({ productId: ["1", "3"], size: ["One Size"], quantity: ["1", "1"], ...customer }),
      400,
      /could not be read/,
    ],
    ["invalid promo code", cartForm([line("1", "One Size", "1")], { promoCode: "NOPE" }), 409, /Invalid promo code/],
  ];
  it.each(cases)("%s", async (_name, body, status, message) => {
    const outcome = await submitCheckout(context, body);
    expect(outcome.kind).toBe("reply");
    if (outcome.kind !== "reply") return;
    expect(outcome.status).toBe(status);
    expect(outcome.data.status).toBe("error");
    if (outcome.data.status === "error") {
      expect(outcome.data.title).toBe("Checkout Error");
      expect([outcome.data.message, ...outcome.data.problems].join(" ")).toMatch(message);
    }
    expect(await counts()).toEqual({ orders: 0, events: 0, capStock: 10 });
  });

  it("says why a real code does not apply (its minimum spend, expired) and places no order", async () => {
    await handle.db
      .insert(schema.promoCodes)
      .values([
        { code: "SPEND50", percentOff: 5, minSpendPence: 5000 },
        { code: "LASTYEAR", percentOff: 5, expiresAt: new Date(Date.now() - 86_400_000) },
      ])
      .onConflictDoNothing();
    for (const [code, message] of [
      ["SPEND50", "This code needs a spend of at least £50.00"],
      ["lastyear", "This promo code has expired"],
    ] as const) {
      const outcome = await submitCheckout(context, cartForm([line("1", "One Size", "1")], { promoCode: code }));
      expect(outcome, code).toMatchObject({ kind: "reply", status: 409, data: { message } });
    }
    expect(await counts()).toEqual({ orders: 0, events: 0, capStock: 10 });
  });

  it("checks no code for a client after 10 that did not apply: a real one is then refused unread, and no order is placed", async () => {
    const client = { ...context, clientIp: "203.0.113.77" };
    for (let i = 0; i < 10; i += 1) {
      const outcome = await submitCheckout(client, cartForm([line("1", "One Size", "1")], { promoCode: `GUESS${i}` }));
      expect(outcome).toMatchObject({ kind: "reply", status: 409, data: { message: "Invalid promo code" } });
    }
    const refused = await submitCheckout(client, cartForm([line("1", "One Size", "1")], { promoCode: "RIDGEWAY10" }));
    expect(refused).toMatchObject({
      kind: "reply",
      status: 429,
      data: { message: expect.stringMatching(/^Too many promo codes tried from your connection/) },
    });
    expect(await counts()).toEqual({ orders: 0, events: 0, capStock: 10 });
    // Without a code, the same client checks out as before.
    expect((await submitCheckout(client, cartForm([line("1", "One Size", "1")]))).kind).toBe("redirect");
  });

  it("missing or invalid customer fields: field errors and the banner, values kept", async () => {
    const outcome = await submitCheckout(context, form({ ...cartFields(), name: "   ", email: "not-an-email", phone: "x".repeat(41) }));
    expect(outcome).toMatchObject({
      kind: "reply",
      status: 400,
      data: {
        status: "invalid",
        banner: "Please fill in all required fields correctly.",
        fieldErrors: {
          name: "Full name is required",
          email: "Please enter a valid email address",
          phone: "Please keep the phone number under 40 characters",
        },
        values: { email: "not-an-email" },
      },
    });
    const missing = await submitCheckout(context, form(cartFields()));
    expect(missing).toMatchObject({
      status: 400,
      data: { fieldErrors: { name: "Full name is required", email: "Email address is required" } },
    });
    expect(await counts()).toEqual({ orders: 0, events: 0, capStock: 10 });
  });

  it("ignores prices and totals sent by the browser", async () => {
    const outcome = await submitCheckout(
      context,
      cartForm([line("1", "One Size", "2")], { price: "1", unitPricePence: "1", total: "0.01", totalPence: "1", discount: "99" }),
    );
    expect(outcome.kind).toBe("redirect");
    const [order] = await handle.db.select().from(schema.orders);
    expect(order).toMatchObject({ subtotalPence: 5000, discountPence: 0, totalPence: 5000, status: "pending_payment" });
  });

  it("malformed bodies are refused with 400 by the route, not 500", async () => {
    const post = (body: BodyInit, type?: string) =>
      new Request("http://localhost/checkout", { method: "POST", body, headers: type ? { "content-type": type } : {} });
    const args = (request: Request) =>
      routeArgs({ request, context: routerContextFor(context as RequestContext), params: {} }) as unknown as Parameters<
        typeof checkoutAction
      >[0];
    for (const request of [
      post('{"lines":[]}', "application/json"),
      post("not a form", "text/plain"),
      post("--x\r\nbroken", "multipart/form-data; boundary=y"),
    ]) {
      const thrown = await checkoutAction(args(request)).then(
        () => null,
        (error: unknown) => error,
      );
      expect(thrown).toMatchObject({ init: { status: 400 } });
    }
    const huge = new Request("http://localhost/checkout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      ...bodyOverLimit(),
    });
    await expect(checkoutAction(args(huge))).rejects.toMatchObject({ init: { status: 413 } });
  });

  it("a payment provider that fails: 502 with the spec's message, and the order's stock is freed", async () => {
    const down: PaymentProvider = {
      name: "test",
      hostedPageOrigins: [],
      createSession: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:1")),
      parseWebhook: () => Promise.resolve({ ok: false, reason: "unused" }),
      refund: () => Promise.reject(new Error("unused")),
    };
    const outcome = await submitCheckout({ ...context, payments: down }, cartForm([line("1", "One Size", "3")]));
    expect(outcome).toMatchObject({
      kind: "reply",
      status: 502,
      data: { status: "error", title: "Checkout Error", message: "Unable to process checkout. Please try again." },
    });
    const [order] = await handle.db.select().from(schema.orders);
    expect(order!.status).toBe("cancelled");
    expect((await counts()).capStock).toBe(10);
  });
});

function cartFields() {
  return { productId: "1", size: "One Size", quantity: "1" };
}

describe("checkout action: a good order", () => {
  it("reserves stock, opens a test session for the server's total and redirects to it", async () => {
    const outcome = await placedSession("2", "ridgeway10");
    expect(outcome.url).toBe(`/pay/test/${outcome.sessionId}`);
    expect(outcome.sessionId).toMatch(/^test_cs_[A-Za-z0-9_-]{32}$/);
    const order = await getOrderBySessionId(handle.db, outcome.sessionId);
    expect(order).toMatchObject({
      status: "pending_payment",
      subtotalPence: 5000,
      discountPence: 500,
      totalPence: 4500,
      promoCode: "RIDGEWAY10",
    });
    expect((await counts()).capStock).toBe(8);
    const response = await checkoutAction(
      routeArgs({
        request: new Request("http://localhost/checkout", { method: "POST", body: new URLSearchParams({ ...cartFields(), ...customer }) }),
        context: routerContextFor(context as RequestContext),
        params: {},
      }) as unknown as Parameters<typeof checkoutAction>[0],
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get("location")).toMatch(/^\/pay\/test\/test_cs_/);
  });

  it("50 concurrent checkouts for a size with 5 in stock: exactly 5 reserve, none oversold", async () => {
    await handle.db.update(schema.productVariants).set({ stock: 5 }).where(eq(schema.productVariants.productId, 3));
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => submitCheckout(context, cartForm([line("3", "One Size", "1")]))));
    expect(outcomes.filter((o) => o.kind === "redirect")).toHaveLength(5);
    expect(outcomes.filter((o) => o.kind === "reply" && o.status === 409)).toHaveLength(45);
    const [black] = await handle.db.select().from(schema.productVariants).where(eq(schema.productVariants.productId, 3));
    expect(black!.stock).toBe(0);
    expect(await handle.db.select().from(schema.orders)).toHaveLength(5);
  });
});

describe("test payment page", () => {
  const card = (number: string) => ({ number, expiry: "12/34", cvc: "123", name: "Alex Fan" });

  it("4242 pays through the signed webhook pipeline: paid once, promo counted, one e-mail", async () => {
    const { sessionId } = await placedSession("2", "RIDGEWAY10");
    expect(await readTestSession(context, sessionId)).toMatchObject({ kind: "payable", totalPence: 4500 });
    expect(await payTestSession(context, sessionId, { intent: "pay", card: card("4242 4242 4242 4242") })).toEqual({ kind: "paid" });
    const order = await getOrderBySessionId(handle.db, sessionId);
    expect(order).toMatchObject({ status: "paid", providerPaymentId: `pi_test_${order!.orderNumber}` });
    expect(await handle.db.select().from(schema.paymentEvents)).toHaveLength(1);
    // The customer's confirmation and the shop team's notice, once each (ADR 0067).
    expect((await handle.db.select().from(schema.emailOutbox)).map((mail) => mail.subject.split(" ")[0]).sort()).toEqual(["New", "Your"]);
    const [promo] = await handle.db.select().from(schema.promoCodes).where(eq(schema.promoCodes.code, "RIDGEWAY10"));
    expect(promo!.usedCount).toBe(1);
    // The page for a finished session says so; paying again does nothing.
    expect(await readTestSession(context, sessionId)).toEqual({ kind: "unavailable", reason: "paid" });
    expect(await payTestSession(context, sessionId, { intent: "pay", card: card("4242424242424242") })).toEqual({
      kind: "unavailable",
      reason: "paid",
    });
    expect((await counts()).capStock).toBe(8);
  });

  it("declined and insufficient-funds cards refuse with their messages; the order stays payable", async () => {
    const { sessionId } = await placedSession();
    expect(await payTestSession(context, sessionId, { intent: "pay", card: card("4000 0000 0000 0002") })).toEqual({
      kind: "refused",
      message: "Your card was declined.",
    });
    expect(await payTestSession(context, sessionId, { intent: "pay", card: card("4000000000009995") })).toEqual({
      kind: "refused",
      message: "Your card has insufficient funds.",
    });
    const other = await payTestSession(context, sessionId, { intent: "pay", card: card("5555 5555 5555 4444") });
    expect(other).toMatchObject({ kind: "refused", message: expect.stringMatching(/only accepts the test cards/) });
    expect(
      await payTestSession(context, sessionId, { intent: "pay", card: { number: "42", expiry: "13/20", cvc: "1", name: "" } }),
    ).toEqual({
      kind: "invalid",
      fieldErrors: {
        number: "Enter the 16-digit card number",
        expiry: "Enter the expiry date as MM/YY",
        cvc: "Enter the 3-digit security code",
        name: "Enter the name on the card",
      },
    });
    expect((await getOrderBySessionId(handle.db, sessionId))!.status).toBe("pending_payment");
    expect(await handle.db.select().from(schema.paymentEvents)).toHaveLength(0);
    // The shopper can retry with a good card.
    expect(await payTestSession(context, sessionId, { intent: "pay", card: card("4242424242424242") })).toEqual({ kind: "paid" });
  });

  it("cancel frees the stock at once; unknown or malformed sessions are unavailable, not errors", async () => {
    const { sessionId } = await placedSession("4");
    expect((await counts()).capStock).toBe(6);
    expect(await payTestSession(context, sessionId, { intent: "cancel" })).toEqual({ kind: "cancelled" });
    expect((await counts()).capStock).toBe(10);
    expect(await readTestSession(context, sessionId)).toEqual({ kind: "unavailable", reason: "closed" });
    expect(await readTestSession(context, "test_cs_" + "a".repeat(32))).toEqual({ kind: "unavailable", reason: "unknown" });
    expect(await readTestSession(context, "../../etc/passwd")).toEqual({ kind: "unavailable", reason: "unknown" });
  });
});

describe("payment webhook", () => {
  async function post(body: string, headers: Record<string, string>) {
    const response = (await webhookAction(
      routeArgs({
        request: new Request("http://localhost/api/payments/webhook", { method: "POST", body, headers }),
        context: routerContextFor({ ...context, cspNonce: "", clientIp: "127.0.0.1" } as RequestContext),
        params: {},
      }) as unknown as Parameters<typeof webhookAction>[0],
    )) as unknown as { data: unknown; init: ResponseInit };
    return { status: response.init?.status ?? 200, body: response.data };
  }
  function paidEvent(sessionId: string, orderId: string, id = `evt_${Math.random().toString(36).slice(2)}`): TestPaymentEvent {
    return { id, type: "checkout.session.completed", created: 0, data: { sessionId, orderId, paymentStatus: "paid", paymentId: "pi_1" } };
  }

  it("a bad signature, a stale or future timestamp, or no signature: 400 and nothing written", async () => {
    const { sessionId, orderId } = await placedSession();
    const body = JSON.stringify(paidEvent(sessionId, orderId));
    const now = Math.floor(Date.now() / 1000);
    const before = await counts();
    const attempts: Record<string, string>[] = [
      {},
      { [TEST_SIGNATURE_HEADER]: "t=1,v1=zz" },
      { [TEST_SIGNATURE_HEADER]: signTestEvent("another-secret-entirely-0123456789", body, now) },
      { [TEST_SIGNATURE_HEADER]: signTestEvent(appSecret, body + " ", now) },
      { [TEST_SIGNATURE_HEADER]: signTestEvent(appSecret, body, now - 301) },
      { [TEST_SIGNATURE_HEADER]: signTestEvent(appSecret, body, now + 3600) },
    ];
    for (const headers of attempts) {
      expect(await post(body, headers)).toEqual({ status: 400, body: { received: false, error: "Invalid webhook signature or payload." } });
    }
    expect(await counts()).toEqual(before);
    expect((await getOrderBySessionId(handle.db, sessionId))!.status).toBe("pending_payment");
  });

  it("a signed body that is not an event is refused; a signed event is applied once however often it arrives", async () => {
    const { sessionId, orderId } = await placedSession("1", "TEAM15");
    const now = Math.floor(Date.now() / 1000);
    expect((await post("not json", { [TEST_SIGNATURE_HEADER]: signTestEvent(appSecret, "not json", now) })).status).toBe(400);

    const { body, headers } = signedTestEvent(appSecret, paidEvent(sessionId, orderId, "evt_once"), new Date());
    const plain = Object.fromEntries(headers.entries());
    for (let i = 0; i < 10; i++) expect((await post(body, plain)).status).toBe(200);
    await Promise.all(Array.from({ length: 10 }, () => receivePaymentWebhook({ ...context }, body, headers)));
    expect(await handle.db.select().from(schema.paymentEvents)).toHaveLength(1);
    // The customer's confirmation and the shop team's notice, once each (ADR 0067).
    expect((await handle.db.select().from(schema.emailOutbox)).map((mail) => mail.subject.split(" ")[0]).sort()).toEqual(["New", "Your"]);
    const [promo] = await handle.db.select().from(schema.promoCodes).where(eq(schema.promoCodes.code, "TEAM15"));
    expect(promo!.usedCount).toBe(1);
    expect((await counts()).capStock).toBe(9);
    expect((await getOrderBySessionId(handle.db, sessionId))!.status).toBe("paid");
  });

  it("a body the server stopped reading at its limit is refused with 413", async () => {
    const response = (await webhookAction(
      routeArgs({
        request: new Request("http://localhost/api/payments/webhook", { method: "POST", ...bodyOverLimit("{") }),
        context: routerContextFor({ ...context, cspNonce: "", clientIp: "127.0.0.1" } as RequestContext),
        params: {},
      }) as unknown as Parameters<typeof webhookAction>[0],
    )) as unknown as { init: ResponseInit };
    expect(response.init.status).toBe(413);
  });
});
