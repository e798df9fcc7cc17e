/**
 * Stripe mode end to end on a real database: checkout against the stand-in
 * for Stripe's API, then Stripe-signed events through the same webhook route
 * the test provider uses.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import * as schema from "../../db/schema";
import { createStripeProvider } from "../../app/features/shop/payments/stripe-provider.server";
import { submitCheckout, type CheckoutContext } from "../../app/features/shop/store/checkout.server";
import { getOrderBySessionId } from "../../app/features/shop/store/orders.server";
import { action as webhookAction } from "../../app/routes/api-payments-webhook";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { stripeTestHeader } from "../support/stripe-test-header";
import { routerContextFor, type RequestContext } from "../../app/context";
import { routeArgs } from "../support/route-args";

const webhookSecret = "whsec_orders_standin";
let testDb: TestDatabase;
let handle: DatabaseHandle;
let api: Server;
let sessions = 0;
let context: CheckoutContext;

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
  api = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.url === "/v1/coupons") res.end(JSON.stringify({ id: "coupon_1", object: "coupon" }));
      else {
        sessions++;
        res.end(
          JSON.stringify({ id: `cs_test_${sessions}`, object: "checkout.session", url: `https://checkout.stripe.example/${sessions}` }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  context = {
    db: handle.db,
    log: pino({ level: "silent" }),
    publicUrl: "https://shop.example",
    orderReservationMs: 30 * 60_000,
    payments: createStripeProvider({
      secretKey: "sk_test_standin",
      webhookSecret,
      host: "127.0.0.1",
      port: (api.address() as AddressInfo).port,
      protocol: "http",
      maxNetworkRetries: 0,
    }),
  };
});
afterAll(async () => {
  await new Promise<void>((resolve) => api.close(() => resolve()));
  await handle?.close();
  await testDb?.drop();
});

async function post(payload: string, signature: string) {
  const response = (await webhookAction(
    routeArgs({
      request: new Request("http://localhost/api/payments/webhook", {
        method: "POST",
        body: payload,
        headers: { "stripe-signature": signature },
      }),
      context: routerContextFor({ ...context, cspNonce: "", clientIp: "127.0.0.1", appSecret: "unused" } as RequestContext),
      params: {},
    }) as unknown as Parameters<typeof webhookAction>[0],
  )) as unknown as { data: unknown; init: ResponseInit | null };
  return { status: response.init?.status ?? 200, body: response.data };
}

function checkoutForm(quantity: string, promoCode?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    productId: "3",
    size: "One Size",
    quantity,
    name: "Alex Fan",
    email: "alex@example.com",
    shipName: "Alex Fan",
    shipLine1: "1 Pit Lane",
    shipTown: "Andover",
    shipPostcode: "SP11 8PW",
    ...(promoCode ? { promoCode } : {}),
  })) {
    form.append(name, value);
  }
  return form;
}

const event = (id: string, type: string, sessionId: string, orderId: string, paymentStatus = "paid") =>
  JSON.stringify({
    id,
    object: "event",
    type,
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        payment_status: paymentStatus,
        payment_intent: "pi_1",
        metadata: { order_id: orderId },
        client_reference_id: orderId,
      },
    },
  });

async function blackCapStock() {
  const [row] = await handle.db.select().from(schema.productVariants).where(eq(schema.productVariants.productId, 3));
  return row!.stock;
}

describe("Stripe mode with a real database", () => {
  it("checkout opens a Stripe session; a signed completed event pays the order once; a bad signature writes nothing", async () => {
    const before = await blackCapStock();
    const outcome = await submitCheckout(context, checkoutForm("2", "RIDGEWAY10"));
    expect(outcome).toMatchObject({ kind: "redirect", url: expect.stringMatching(/^https:\/\/checkout\.stripe\.example\//) });
    if (outcome.kind !== "redirect") return;
    const order = (await getOrderBySessionId(handle.db, outcome.sessionId))!;
    expect(order).toMatchObject({ status: "pending_payment", paymentProvider: "stripe", totalPence: 4500 });
    expect(await blackCapStock()).toBe(before - 2);

    const paid = event("evt_paid_1", "checkout.session.completed", outcome.sessionId, outcome.orderId);
    expect(await post(paid, stripeTestHeader(paid, webhookSecret, -400))).toMatchObject({ status: 400 });
    expect(await post(paid, stripeTestHeader(paid, "whsec_wrong"))).toMatchObject({ status: 400 });
    expect(await handle.db.select().from(schema.paymentEvents)).toHaveLength(0);

    expect(await post(paid, stripeTestHeader(paid, webhookSecret))).toEqual({ status: 200, body: { received: true, result: "applied" } });
    expect(await post(paid, stripeTestHeader(paid, webhookSecret))).toEqual({ status: 200, body: { received: true, result: "duplicate" } });
    expect((await getOrderBySessionId(handle.db, outcome.sessionId))!).toMatchObject({ status: "paid", providerPaymentId: "pi_1" });
    expect(await blackCapStock()).toBe(before - 2);
  });

  it("an unpaid completion waits; async failure releases the stock; a later expiry changes nothing", async () => {
    const before = await blackCapStock();
    const outcome = await submitCheckout(context, checkoutForm("1"));
    if (outcome.kind !== "redirect") throw new Error("not placed");
    const unpaid = event("evt_unpaid", "checkout.session.completed", outcome.sessionId, outcome.orderId, "unpaid");
    expect((await post(unpaid, stripeTestHeader(unpaid, webhookSecret))).body).toEqual({ received: true, result: "ignored" });
    expect((await getOrderBySessionId(handle.db, outcome.sessionId))!.status).toBe("pending_payment");
    const failed = event("evt_failed", "checkout.session.async_payment_failed", outcome.sessionId, outcome.orderId, "unpaid");
    expect((await post(failed, stripeTestHeader(failed, webhookSecret))).body).toEqual({ received: true, result: "applied" });
    expect(await blackCapStock()).toBe(before);
    const expired = event("evt_expired", "checkout.session.expired", outcome.sessionId, outcome.orderId, "unpaid");
    expect((await post(expired, stripeTestHeader(expired, webhookSecret))).body).toEqual({ received: true, result: "ignored" });
    expect(await blackCapStock()).toBe(before);
    expect((await getOrderBySessionId(handle.db, outcome.sessionId))!.status).toBe("failed");
  });
});
