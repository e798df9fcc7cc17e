import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PaymentSessionRequest } from "../../app/features/shop/payments/provider.server";
import { createPaymentProvider } from "../../app/features/shop/payments/create-provider.server";
import { createStripeProvider } from "../../app/features/shop/payments/stripe-provider.server";

/** A stand-in for Stripe's API on loopback: records what the real SDK sends and answers like Stripe. */
interface Recorded {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}
let server: Server;
let port: number;
let recorded: Recorded[] = [];
let failNext: number | null = null;

const webhookSecret = "whsec_test_standin_secret";
const stripeSdk = new Stripe("sk_test_unused");

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    const form = new URLSearchParams(body);
    recorded.push({
      method: req.method!,
      path: req.url!,
      form,
      idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      authorization: req.headers.authorization,
    });
    res.setHeader("content-type", "application/json");
    if (failNext !== null) {
      res.statusCode = failNext;
      failNext = null;
      res.end(JSON.stringify({ error: { type: "api_error", message: "Stripe is having a bad day" } }));
      return;
    }
    if (req.url === "/v1/coupons") {
      res.end(JSON.stringify({ id: "coupon_standin_1", object: "coupon", amount_off: Number(form.get("amount_off")) }));
    } else if (req.url === "/v1/checkout/sessions") {
      res.end(
        JSON.stringify({
          id: "cs_test_standin_1",
          object: "checkout.session",
          url: "https://checkout.stripe.example/c/pay/cs_test_standin_1",
        }),
      );
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Unrecognized request URL" } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  recorded = [];
  failNext = null;
});

const provider = () =>
  createStripeProvider({
    secretKey: "sk_test_standin",
    webhookSecret,
    host: "127.0.0.1",
    port,
    protocol: "http",
    maxNetworkRetries: 0,
  });

const now = new Date("2026-06-01T12:00:00Z");
const request = (overrides: Partial<PaymentSessionRequest> = {}): PaymentSessionRequest => ({
  orderId: "7d0c9a52-4a3c-4f0e-9d53-2f1f4a6b8c01",
  orderNumber: "RR-7K3M9Q2X",
  customerEmail: "alex@example.com",
  customerName: "Alex Fan",
  lines: [
    { productName: "Ridgeway Racing Team Cap - Red", size: "One Size", unitPricePence: 2500, quantity: 2 },
    { productName: "Ridgeway Racing Keyring", size: "One Size", unitPricePence: 599, quantity: 3 },
  ],
  subtotalPence: 6797,
  discountPence: 680,
  promoCode: "RIDGEWAY10",
  promoPercentOff: 10,
  shippingPence: 499,
  totalPence: 6616,
  shippingAddress: {
    name: "Alex Fan",
    line1: "1 Pit Lane",
    line2: null,
    town: "Andover",
    county: "Hampshire",
    postcode: "SP11 8PW",
    country: "GB",
  },
  shippingMethod: "UK delivery (3-5 business days)",
  successUrl: "https://shop.example/order-confirmation?session_id={CHECKOUT_SESSION_ID}",
  cancelUrl: "https://shop.example/cart",
  expiresAt: new Date(now.getTime() + 30 * 60_000),
  now,
  ...overrides,
});

describe("Stripe provider against a stand-in for Stripe's API", () => {
  it("creates a GBP Checkout Session whose charged total is exactly the order total", async () => {
    const session = await provider().createSession(request());
    expect(session).toEqual({ sessionId: "cs_test_standin_1", url: "https://checkout.stripe.example/c/pay/cs_test_standin_1" });
    expect(recorded.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/coupons", "POST /v1/checkout/sessions"]);
    const [coupon, checkout] = recorded as [Recorded, Recorded];
    expect(coupon.authorization).toBe("Bearer sk_test_standin");
    expect(Object.fromEntries(coupon.form)).toMatchObject({
      amount_off: "680",
      currency: "gbp",
      duration: "once",
      max_redemptions: "1",
      name: "RIDGEWAY10 (10% off)",
    });
    expect(coupon.idempotencyKey).toBe("coupon-7d0c9a52-4a3c-4f0e-9d53-2f1f4a6b8c01");

    const f = Object.fromEntries(checkout.form);
    expect(f).not.toHaveProperty("shipping_address_collection[allowed_countries][0]");
    expect(f).toMatchObject({
      mode: "payment",
      currency: "gbp",
      "line_items[0][quantity]": "2",
      "line_items[0][price_data][currency]": "gbp",
      "line_items[0][price_data][unit_amount]": "2500",
      "line_items[0][price_data][product_data][name]": "Ridgeway Racing Team Cap - Red (One Size)",
      "line_items[1][quantity]": "3",
      "line_items[1][price_data][unit_amount]": "599",
      "discounts[0][coupon]": "coupon_standin_1",
      "shipping_options[0][shipping_rate_data][type]": "fixed_amount",
      "shipping_options[0][shipping_rate_data][fixed_amount][amount]": "499",
      "shipping_options[0][shipping_rate_data][fixed_amount][currency]": "gbp",
      "shipping_options[0][shipping_rate_data][display_name]": "UK delivery (3-5 business days)",
      // Our checkout took the address (ADR 0031): Stripe gets it with the payment.
      "payment_intent_data[shipping][name]": "Alex Fan",
      "payment_intent_data[shipping][address][line1]": "1 Pit Lane",
      "payment_intent_data[shipping][address][city]": "Andover",
      "payment_intent_data[shipping][address][state]": "Hampshire",
      "payment_intent_data[shipping][address][postal_code]": "SP11 8PW",
      "payment_intent_data[shipping][address][country]": "GB",
      customer_email: "alex@example.com",
      client_reference_id: "7d0c9a52-4a3c-4f0e-9d53-2f1f4a6b8c01",
      "metadata[order_id]": "7d0c9a52-4a3c-4f0e-9d53-2f1f4a6b8c01",
      "metadata[order_number]": "RR-7K3M9Q2X",
      "payment_intent_data[metadata][order_id]": "7d0c9a52-4a3c-4f0e-9d53-2f1f4a6b8c01",
      success_url: "https://shop.example/order-confirmation?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://shop.example/cart",
      // Stripe keeps a session open at least 30 minutes: 31 from now.
      expires_at: String(Math.floor(now.getTime() / 1000) + 31 * 60),
    });
    expect(checkout.idempotencyKey).toBe("checkout-7d0c9a52-4a3c-4f0e-9d53-2f1f4a6b8c01");
    // What Stripe will charge: the lines, less the coupon, plus the shipping option.
    const lines = 2 * 2500 + 3 * 599;
    expect(lines - Number(coupon.form.get("amount_off")) + Number(f["shipping_options[0][shipping_rate_data][fixed_amount][amount]"])).toBe(
      6616,
    );
  });

  it("sends no coupon without a discount, and free shipping as a zero fixed amount", async () => {
    await provider().createSession(
      request({
        discountPence: 0,
        promoCode: null,
        promoPercentOff: null,
        shippingPence: 0,
        totalPence: 6797,
        shippingMethod: undefined,
        expiresAt: new Date(now.getTime() + 2 * 3600_000),
      }),
    );
    expect(recorded.map((r) => r.path)).toEqual(["/v1/checkout/sessions"]);
    const f = Object.fromEntries(recorded[0]!.form);
    expect(Object.keys(f).some((key) => key.startsWith("discounts"))).toBe(false);
    expect(f["shipping_options[0][shipping_rate_data][fixed_amount][amount]"]).toBe("0");
    expect(f["shipping_options[0][shipping_rate_data][display_name]"]).toBe("Free UK delivery");
    expect(f.expires_at).toBe(String(Math.floor(now.getTime() / 1000) + 2 * 3600));
  });

  it("an API error becomes a rejected createSession (the checkout then frees the stock)", async () => {
    failNext = 500;
    await expect(provider().createSession(request({ discountPence: 0 }))).rejects.toThrow(/bad day/);
  });
});

describe("Stripe webhook verification", () => {
  const session = (overrides: Record<string, unknown> = {}) => ({
    id: "cs_test_standin_1",
    object: "checkout.session",
    payment_status: "paid",
    payment_intent: "pi_standin_1",
    client_reference_id: "7d0c9a52-4a3c-4f0e-9d53-2f1f4a6b8c01",
    metadata: { order_id: "7d0c9a52-4a3c-4f0e-9d53-2f1f4a6b8c01" },
    ...overrides,
  });
  const event = (type: string, object = session(), id = "evt_standin_1") =>
    JSON.stringify({ id, object: "event", type, created: 1780000000, data: { object } });
  const signed = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    new Headers({
      "stripe-signature": stripeSdk.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        timestamp: options.timestamp,
      }),
    });

  it("reads the four checkout events into payment outcomes", async () => {
    const p = provider();
    const base = {
      provider: "stripe",
      orderId: "7d0c9a52-4a3c-4f0e-9d53-2f1f4a6b8c01",
      sessionId: "cs_test_standin_1",
      paymentId: "pi_standin_1",
    };
    const cases: [string, ReturnType<typeof session>, string | null][] = [
      ["checkout.session.completed", session(), "paid"],
      ["checkout.session.completed", session({ payment_status: "unpaid" }), null],
      ["checkout.session.async_payment_succeeded", session(), "paid"],
      ["checkout.session.async_payment_failed", session({ payment_status: "unpaid" }), "failed"],
      ["checkout.session.expired", session({ payment_status: "unpaid", payment_intent: null }), "expired"],
    ];
    for (const [type, object, outcome] of cases) {
      const payload = event(type, object);
      const parsed = await p.parseWebhook(payload, signed(payload));
      expect(parsed).toEqual({
        ok: true,
        event: {
          ...base,
          eventId: "evt_standin_1",
          type,
          outcome,
          paymentId: object.payment_intent ?? null,
          occurredAt: new Date(1780000000 * 1000),
        },
      });
    }
    const other = event("customer.created", session());
    expect(await p.parseWebhook(other, signed(other))).toEqual({ ok: true, event: null });
  });

  it("refuses a bad signature, another secret, a changed body and a stale timestamp", async () => {
    const p = provider();
    const payload = event("checkout.session.completed");
    const stale = Math.floor(Date.now() / 1000) - 301;
    for (const [body, headers] of [
      [payload, new Headers()],
      [payload, new Headers({ "stripe-signature": "t=1,v1=deadbeef" })],
      [payload, signed(payload, { secret: "whsec_someone_else" })],
      [payload.replace("paid", "PAID"), signed(payload)],
      [payload, signed(payload, { timestamp: stale })],
    ] as const) {
      expect(await p.parseWebhook(body, headers)).toMatchObject({ ok: false });
    }
  });
});

describe("choosing the provider", () => {
  it("uses the test payment page without a Stripe key, Stripe with one", async () => {
    expect((await createPaymentProvider({}, "app-secret-0123456789-0123456789")).name).toBe("test");
    expect((await createPaymentProvider({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }, "s")).name).toBe("stripe");
    await expect(createPaymentProvider({ STRIPE_SECRET_KEY: "sk_test_x" }, "s")).rejects.toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
