/**
 * Issue 14, items 1, 5 and 6 at the checkout: the delivery address and the shipping settings,
 * promo code limits that hold under concurrency (in one process, and on PostgreSQL across two
 * app processes), and the fair-hold policy that keeps one client from emptying the store.
 * The two-process test needs `npm run build` and TEST_DATABASE_URL.
 */
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import * as schema from "../../db/schema";
import { payTestSession, readTestSession } from "../../app/features/shop/payments/test-payment.server";
import { createTestProvider } from "../../app/features/shop/payments/test-provider.server";
import { stockState } from "../../app/features/shop/store/catalogue";
import { getProductBySlug } from "../../app/features/shop/store/catalogue.server";
import { submitCheckout, type CheckoutContext, type CheckoutOutcome } from "../../app/features/shop/store/checkout.server";
import { listSavedAddresses, saveAddress } from "../../app/features/shop/store/customer-addresses.server";
import { DEFAULT_HOLD_POLICY } from "../../app/features/shop/store/hold-policy";
import { cancelPendingOrder, expireOverdueOrders } from "../../app/features/shop/store/order-lifecycle.server";
import { quoteCart } from "../../app/features/shop/store/quote.server";
import { defaultShopSettings, FLAT_RATE_UNDER_50 } from "../../app/features/shop/store/shop-settings";
import { readShopSettings, writeShopSettings } from "../../app/features/shop/store/shop-settings.server";
import { startServer, type ServerProcess } from "../support/server-process";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

const appSecret = "test-secret-for-shop-checkout-0123456789";
let testDb: TestDatabase;
let handle: DatabaseHandle;
let context: CheckoutContext & { appSecret: string };

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
  context = {
    db: handle.db,
    log: pino({ level: "silent" }),
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
  await handle.db.delete(schema.customerAddresses);
  await handle.db.delete(schema.shopSettings);
  await handle.db.delete(schema.promoCodes).where(eq(schema.promoCodes.code, "ONCE"));
  await handle.db.update(schema.promoCodes).set({ usedCount: 0 });
  await handle.db.update(schema.productVariants).set({ stock: 10 });
});

const address = {
  shipName: "Alex Fan",
  shipLine1: "1 Pit Lane",
  shipLine2: "Thruxton",
  shipTown: "Andover",
  shipCounty: "Hampshire",
  shipPostcode: "sp118pw",
  shipCountry: "GB",
};

function checkoutForm(fields: Record<string, string>, lines: [string, string, string][] = [["1", "One Size", "1"]]): FormData {
  const body = new FormData();
  for (const [productId, size, quantity] of lines) {
    body.append("productId", productId);
    body.append("size", size);
    body.append("quantity", quantity);
  }
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

const shopper = (n: number | string) => ({ name: `Shopper ${n}`, email: `shopper${n}@example.com`, ...address });

function expectRedirect(outcome: CheckoutOutcome) {
  if (outcome.kind !== "redirect") throw new Error(`not placed: ${JSON.stringify(outcome)}`);
  return outcome;
}

async function promoUses(code: string) {
  const [row] = await handle.db
    .select({ usedCount: schema.promoCodes.usedCount })
    .from(schema.promoCodes)
    .where(eq(schema.promoCodes.code, code));
  return row!.usedCount;
}

describe("delivery address at checkout", () => {
  it("stores the address (postcode normalised) and the method, and the payment page and e-mail show them", async () => {
    const placed = expectRedirect(await submitCheckout(context, checkoutForm(shopper(1))));
    const [order] = await handle.db.select().from(schema.orders);
    expect(order!.shippingAddress).toEqual({
      name: "Alex Fan",
      line1: "1 Pit Lane",
      line2: "Thruxton",
      town: "Andover",
      county: "Hampshire",
      postcode: "SP11 8PW",
      country: "GB",
    });
    expect(order!.shippingMethod).toBe("UK delivery (3-5 business days)");

    const view = await readTestSession(context, placed.sessionId);
    expect(view).toMatchObject({ kind: "payable", shippingAddress: order!.shippingAddress, shippingPence: 0 });
    await payTestSession(context, placed.sessionId, {
      intent: "pay",
      card: { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Alex Fan" },
    });
    const mail = (await handle.db.select().from(schema.emailOutbox)).find((row) => row.subject.startsWith("Your "));
    expect(mail!.textBody).toContain("Delivering to\nAlex Fan\n1 Pit Lane\nThruxton\nAndover\nHampshire\nSP11 8PW\nUnited Kingdom");
    expect(mail!.textBody).toContain("UK delivery (3-5 business days): Free");
  });

  it.each([
    ["a bad postcode", { shipPostcode: "SW1A 1A" }, { shipPostcode: "Enter a real UK postcode, like SW1A 1AA" }],
    [
      "no address at all",
      { shipName: "", shipLine1: "", shipTown: "", shipPostcode: "" },
      { shipLine1: "Enter the first line of the address" },
    ],
    ["a country not shipped to", { shipCountry: "US", shipPostcode: "90210" }, { shipCountry: "Choose a country we deliver to" }],
    ["a line too long", { shipLine1: "x".repeat(900) }, { shipLine1: "This is too long" }],
  ])("%s: 400 with the field's message, values kept, nothing reserved", async (_name, change, errors) => {
    const outcome = await submitCheckout(context, checkoutForm({ ...shopper(2), ...change }));
    expect(outcome).toMatchObject({
      kind: "reply",
      status: 400,
      data: { status: "invalid", fieldErrors: errors, values: { email: "shopper2@example.com" } },
    });
    expect(await handle.db.select().from(schema.orders)).toHaveLength(0);
    const [cap] = await handle.db.select().from(schema.productVariants).where(eq(schema.productVariants.productId, 1));
    expect(cap!.stock).toBe(10);
  });

  it("a signed-in shopper picks a saved address, may save a new one, and cannot pick someone else's", async () => {
    const [alice, bob] = await handle.db
      .insert(schema.users)
      .values([
        { id: "user-alice", name: "Alice", email: "alice@example.com", emailVerified: true },
        { id: "user-bob", name: "Bob", email: "bob@example.com", emailVerified: true },
      ])
      .onConflictDoNothing()
      .returning();
    const aliceId = alice?.id ?? "user-alice";
    const bobId = bob?.id ?? "user-bob";
    await saveAddress(handle.db, bobId, { name: "Bob", line1: "2 Paddock Road", town: "Leeds", postcode: "LS1 1AA", country: "GB" });
    const [bobs] = await listSavedAddresses(handle.db, bobId);

    const refused = await submitCheckout(context, checkoutForm({ ...shopper(3), addressChoice: bobs!.id }), { userId: aliceId });
    expect(refused).toMatchObject({
      kind: "reply",
      status: 400,
      data: { fieldErrors: { addressChoice: expect.stringMatching(/saved addresses/) } },
    });

    expectRedirect(await submitCheckout(context, checkoutForm({ ...shopper(3), saveAddress: "on" }), { userId: aliceId }));
    const saved = await listSavedAddresses(handle.db, aliceId);
    expect(saved).toMatchObject([{ line1: "1 Pit Lane", postcode: "SP11 8PW" }]);

    // Picking it: the address fields sent beside it are not read.
    expectRedirect(
      await submitCheckout(
        context,
        checkoutForm({ name: "Alice", email: "alice@example.com", addressChoice: saved[0]!.id, shipLine1: "" }),
        { userId: aliceId },
      ),
    );
    const orders = await handle.db.select().from(schema.orders).where(eq(schema.orders.customerEmail, "alice@example.com"));
    expect(orders[0]!.shippingAddress).toMatchObject({ line1: "1 Pit Lane", postcode: "SP11 8PW" });
  });

  it("prices shipping from the shop settings: the same amount in the quote, the order and the payment page", async () => {
    await writeShopSettings(handle.db, { shipsTo: ["GB", "IE"], shippingMethodName: "Royal Mail Tracked 48", rule: FLAT_RATE_UNDER_50 });
    const shop = await readShopSettings(handle.db, context.shipping!);
    expect(shop).toEqual({
      shipsTo: ["GB", "IE"],
      shippingMethodName: "Royal Mail Tracked 48",
      rule: { flatRatePence: 499, freeAbovePence: 5000 },
    });
    const withShop = { ...context, shop, shipping: shop.rule };

    const quote = await quoteCart(
      handle.db,
      { lines: [{ productId: 1, size: "One Size", quantity: 1 }] },
      { now: new Date(), shipping: shop.rule, shippingMethod: shop.shippingMethodName },
    );
    expect(quote).toMatchObject({ shippingPence: 499, shippingMethod: "Royal Mail Tracked 48" });
    const placed = expectRedirect(
      await submitCheckout(withShop, checkoutForm({ ...shopper(4), shipCountry: "IE", shipPostcode: "D02 X285" })),
    );
    const [order] = await handle.db.select().from(schema.orders);
    expect(order).toMatchObject({ shippingPence: 499, totalPence: quote.totalPence, shippingMethod: "Royal Mail Tracked 48" });
    expect(await readTestSession(withShop, placed.sessionId)).toMatchObject({ shippingPence: 499, totalPence: quote.totalPence });
    expect(defaultShopSettings(context.shipping!).shipsTo).toEqual(["GB"]);
  });
});

describe("promo codes: limits that hold", () => {
  beforeEach(async () => {
    await handle.db.insert(schema.promoCodes).values({ code: "ONCE", percentOff: 50, maxUses: 1 });
  });

  it("a code with a limit of 1 is taken by one of 20 concurrent checkouts; released when that order is cancelled", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submitCheckout(context, checkoutForm({ ...shopper(`c${i}`), promoCode: "once" }))),
    );
    const placed = outcomes.filter((outcome) => outcome.kind === "redirect");
    expect(placed).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.kind === "reply")) {
      expect(outcome).toMatchObject({ status: 409, data: { message: expect.stringMatching(/used up|Invalid promo code/) } });
    }
    expect(await promoUses("ONCE")).toBe(1);
    expect(await handle.db.select().from(schema.orders)).toHaveLength(1);
    const [cap] = await handle.db.select().from(schema.productVariants).where(eq(schema.productVariants.productId, 1));
    expect(cap!.stock).toBe(9);

    // Cancelled on the payment page: the use comes back with the stock, once.
    expect(await cancelPendingOrder(handle.db, placed[0]!.orderId, new Date())).toBe(true);
    expect(await cancelPendingOrder(handle.db, placed[0]!.orderId, new Date())).toBe(false);
    expect(await promoUses("ONCE")).toBe(0);
    const again = expectRedirect(await submitCheckout(context, checkoutForm({ ...shopper("again"), promoCode: "ONCE" })));
    // Paying does not count it a second time.
    await payTestSession(context, again.sessionId, {
      intent: "pay",
      card: { number: "4242424242424242", expiry: "12/40", cvc: "123", name: "A" },
    });
    expect(await promoUses("ONCE")).toBe(1);
  });

  it("an expired order gives its use back in the same call that frees its stock", async () => {
    const now = new Date();
    expectRedirect(
      await submitCheckout({ ...context, orderReservationMs: 1000 }, checkoutForm({ ...shopper("x"), promoCode: "ONCE" }), { now }),
    );
    expect(await promoUses("ONCE")).toBe(1);
    expect(await expireOverdueOrders(handle.db, new Date(now.getTime() + 5000), { publicUrl: "https://ridgeway-racing.example" })).toBe(1);
    expect(await promoUses("ONCE")).toBe(0);
    const [cap] = await handle.db.select().from(schema.productVariants).where(eq(schema.productVariants.productId, 1));
    expect(cap!.stock).toBe(10);
  });

  it("a per-customer limit holds under concurrency; fixed amounts and a minimum spend apply", async () => {
    await handle.db
      .insert(schema.promoCodes)
      .values({ code: "FIVER", amountOffPence: 500, minSpendPence: 3000, perCustomerLimit: 1 })
      .onConflictDoNothing();
    try {
      // The cap costs 2500: one is below the minimum spend.
      const below = await submitCheckout(context, checkoutForm({ ...shopper("f"), promoCode: "FIVER" }));
      expect(below).toMatchObject({ kind: "reply", status: 409 });
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, () =>
          submitCheckout(context, checkoutForm({ ...shopper("f"), promoCode: "FIVER" }, [["1", "One Size", "2"]])),
        ),
      );
      expect(outcomes.filter((o) => o.kind === "redirect")).toHaveLength(1);
      expect(outcomes.filter((o) => o.kind === "reply" && /already used this promo code/.test(JSON.stringify(o)))).toHaveLength(9);
      const [order] = await handle.db.select().from(schema.orders);
      expect(order).toMatchObject({
        subtotalPence: 5000,
        discountPence: 500,
        totalPence: 4500,
        promoCode: "FIVER",
        promoAmountOffPence: 500,
      });
      // Another customer may still use it.
      expectRedirect(await submitCheckout(context, checkoutForm({ ...shopper("g"), promoCode: "FIVER" }, [["1", "One Size", "2"]])));
    } finally {
      await handle.db.delete(schema.orderLines);
      await handle.db.delete(schema.orders);
      await handle.db.delete(schema.promoCodes).where(eq(schema.promoCodes.code, "FIVER"));
    }
  });
});

describe("holding stock fairly (ADR 0033)", () => {
  const fair = () => ({ ...context, holdPolicy: DEFAULT_HOLD_POLICY, clientIp: "198.51.100.7" });

  it("one client trying every way it can cannot make a size show Sold out", async () => {
    // Product 2: the red and white cap, 3 in stock in the seed.
    await handle.db.update(schema.productVariants).set({ stock: 3 }).where(eq(schema.productVariants.productId, 2));
    let placed = 0;
    for (let attempt = 0; attempt < 15; attempt++) {
      // A new e-mail each time, and the largest quantity the shop will take.
      for (const quantity of [20, 10, 3, 2, 1]) {
        const outcome = await submitCheckout(
          fair(),
          checkoutForm(shopper(`greedy${attempt}`), [
            ["1", "One Size", String(quantity)],
            ["2", "One Size", String(Math.min(quantity, 3))],
          ]),
        );
        if (outcome.kind === "redirect") {
          placed++;
          break;
        }
      }
    }
    expect(placed).toBe(DEFAULT_HOLD_POLICY.holdsPerClient);
    for (const slug of ["team-cap-red", "team-cap-red-white"]) {
      const product = await getProductBySlug(handle.db, slug);
      expect(product!.variants.map((variant) => stockState(variant.stock).kind)).not.toContain("sold_out");
    }
    // The shop says why, and someone else can still buy.
    const refused = await submitCheckout(fair(), checkoutForm(shopper("greedy-last")));
    expect(refused).toMatchObject({ kind: "reply", status: 429 });
    expectRedirect(await submitCheckout({ ...fair(), clientIp: "203.0.113.99" }, checkoutForm(shopper("someone-else"))));
  });

  it("a customer holds at most two unpaid orders; a line holds at most half of what is left", async () => {
    const customerOnly = { ...fair(), holdPolicy: { ...DEFAULT_HOLD_POLICY, holdsPerClient: null } };
    const same = shopper("same");
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => submitCheckout(customerOnly, checkoutForm(same))));
    expect(outcomes.filter((o) => o.kind === "redirect")).toHaveLength(2);
    const tooMany = await submitCheckout(customerOnly, checkoutForm({ ...same, email: "SHOPPERSAME@example.com" }));
    expect(tooMany).toMatchObject({ kind: "reply", status: 429, data: { message: "You already have unpaid orders waiting for payment" } });

    // 8 left of the cap: at most 4 for one order.
    const capped = await submitCheckout(customerOnly, checkoutForm(shopper("big"), [["1", "One Size", "5"]]));
    expect(capped).toMatchObject({ kind: "reply", status: 409, data: { problems: [expect.stringMatching(/at most 4 of this size/)] } });
    expectRedirect(await submitCheckout(customerOnly, checkoutForm(shopper("big"), [["1", "One Size", "4"]])));
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("promo limit across two app processes (PostgreSQL)", () => {
  let servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it("20 concurrent checkouts split over two processes take a limit-1 code once", async () => {
    await handle.db.insert(schema.promoCodes).values({ code: "ONCE", percentOff: 50, maxUses: 1 }).onConflictDoNothing();
    // Every request comes from 127.0.0.1 here: the per-client cap is not what is tested.
    const env = { ...testDb.env, ORDER_HOLDS_PER_CLIENT: "0" };
    servers = await Promise.all([startServer(env), startServer(env)]);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${servers[i % 2]!.url}/checkout`, {
          method: "POST",
          redirect: "manual",
          body: new URLSearchParams({ productId: "1", size: "One Size", quantity: "1", promoCode: "ONCE", ...shopper(`p${i}`) }),
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(await promoUses("ONCE")).toBe(1);
    expect(await handle.db.select().from(schema.orders)).toHaveLength(1);
  }, 120_000);
});

describe("saved addresses in the dashboard", () => {
  it("a signed-in customer adds, lists and removes their own addresses; a bad postcode is refused", async () => {
    const { createTestAuth, formPost, requestContext, run } = await import("../support/accounts");
    const { signUpPerson } = await import("../support/staff");
    const page = await import("../../app/routes/dashboard-addresses");
    const auth = createTestAuth(handle.db);
    const owner = await signUpPerson(handle.db, auth, { email: "addresses-owner@example.com", name: "Owner", role: "team_member" });
    const other = await signUpPerson(handle.db, auth, { email: "addresses-other@example.com", name: "Other", role: "team_member" });
    const post = (who: typeof owner, fields: Record<string, string>) =>
      run(() =>
        page.action(
          routeArgs({
            request: formPost("/dashboard/addresses", fields, { cookie: who.jar.header() }),
            context: routerContextFor(requestContext(handle.db, auth)),
            params: {},
            // eslint-disable-next-line @typescript-eslint/no-explicit-any
          }) as any,
        ),
      );

    const bad = await post(owner, { intent: "add", ...address, shipPostcode: "NOPE 123" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("Enter a real UK postcode");
    expect(await post(owner, { intent: "add", ...address })).toMatchObject({ status: 200 });
    const [saved] = await handle.db.select().from(schema.customerAddresses).where(eq(schema.customerAddresses.userId, owner.id));
    expect(saved).toMatchObject({ line1: "1 Pit Lane", postcode: "SP11 8PW", country: "GB" });

    // Someone else cannot remove it.
    expect((await post(other, { intent: "delete", id: saved!.id })).status).toBe(404);
    expect((await post(owner, { intent: "delete", id: saved!.id })).status).toBe(200);
    expect(await handle.db.select().from(schema.customerAddresses)).toHaveLength(0);
  });
});
