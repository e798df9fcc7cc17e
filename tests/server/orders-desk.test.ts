import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, emailOutbox, orders, productVariants } from "../../db/schema";
import type { Auth } from "../../app/features/account/auth.server";
import { CONFLICT_MESSAGE } from "../../app/features/admin/audit.server";
import * as orderPage from "../../app/routes/admin/order";
import * as ordersList from "../../app/routes/admin/orders-list";
import * as ordersExport from "../../app/routes/admin/orders-export";
import * as customers from "../../app/routes/admin/customers";
import * as slip from "../../app/routes/admin/order-packing-slip";
import { loader as myOrderLoader } from "../../app/routes/dashboard-order";
import { createTestAuth, formPost, get, requestContext, run } from "../support/accounts";
import { paidOrder } from "../support/shop-orders";
import { makeStaff, signUpPerson, type TestPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

/*
 * The orders desk through its route modules: the status flow with its refusals, the shipped
 * e-mail and what the customer sees, stale versions, cancels, and the list's search, filters,
 * export and the customers view.
 */

const suite = seededTestDatabase();
let auth: Auth;
let shop: TestPerson;
let customer: TestPerson;
beforeAll(async () => {
  auth = createTestAuth(suite.db);
  shop = await makeStaff(suite.db, await signUpPerson(suite.db, auth, { email: "shop-desk@example.com", name: "Sam Shop" }), ["shop"]);
  customer = await signUpPerson(suite.db, auth, { email: "casey@example.com", name: "Casey Customer" });
});

const ctx = () => ({ ...requestContext(suite.db, auth), requestId: "req-orders-desk" });
const as = (person: TestPerson) => ({ cookie: person.jar.header() });

function post(orderNumber: string, fields: Record<string, string>) {
  return run(() =>
    orderPage.action(
      routeArgs({
        request: formPost(`/admin/orders/${orderNumber}`, fields, as(shop)),
        context: routerContextFor(ctx()),
        params: { orderNumber },
      }) as never,
    ),
  );
}
async function orderRow(id: string) {
  const [order] = await suite.db.select().from(orders).where(eq(orders.id, id));
  return order!;
}
async function stockOf(productId: number, size: string) {
  const [variant] = await suite.db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.size, size)));
  return variant!.stock;
}

describe("status flow", () => {
  it("packs and ships with a tracking number: the customer is e-mailed the link and sees it on their order page", async () => {
    const order = await paidOrder(suite.db, { customer: { name: "Casey Customer", email: customer.email }, userId: customer.id });
    expect(await post(order.orderNumber, { intent: "pack", version: String(order.version) })).toMatchObject({
      status: 200,
      data: { tone: "success", message: "Marked packed." },
    });
    const packed = await orderRow(order.id);
    expect(packed).toMatchObject({ status: "packed", version: order.version + 1 });

    // A bad tracking number: a clear message, nothing changed, no e-mail.
    const bad = await post(order.orderNumber, {
      intent: "ship",
      version: String(packed.version),
      carrier: "royal-mail",
      trackingNumber: "<script>",
    });
    expect(bad).toMatchObject({
      status: 400,
      data: { tone: "error", message: "A tracking number has only letters, digits and dashes.", form: "ship" },
    });
    expect((await orderRow(order.id)).status).toBe("packed");

    const shipped = await post(order.orderNumber, {
      intent: "ship",
      version: String(packed.version),
      carrier: "royal-mail",
      trackingNumber: "ab 123 456 785 gb",
    });
    expect(shipped).toMatchObject({ status: 200, data: { tone: "success" } });
    const after = await orderRow(order.id);
    expect(after).toMatchObject({
      status: "shipped",
      carrier: "royal-mail",
      trackingNumber: "AB123456785GB",
      trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB",
    });
    const mails = await suite.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%${order.orderNumber} is on its way%`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe(customer.email);
    expect(mails[0]!.textBody).toContain("Tracking number: AB123456785GB");
    expect(mails[0]!.textBody).toContain("Track your parcel https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB");

    const mine = await run(() =>
      myOrderLoader(
        routeArgs({
          request: get(`/dashboard/orders/${order.orderNumber}`, as(customer)),
          context: routerContextFor(ctx()),
          params: { orderNumber: order.orderNumber },
        }) as never,
      ),
    );
    expect(mine.status).toBe(200);
    expect(mine.data).toMatchObject({
      order: { status: "Shipped", tracking: { carrier: "Royal Mail", number: "AB123456785GB", url: after.trackingUrl } },
    });

    // The order page lists the e-mails and the history of the changes.
    const page = await run(() =>
      orderPage.loader(
        routeArgs({
          request: get(`/admin/orders/${order.orderNumber}`, as(shop)),
          context: routerContextFor(ctx()),
          params: { orderNumber: order.orderNumber },
        }) as never,
      ),
    );
    expect((page.data as { emails: Array<{ subject: string }> }).emails.map((email) => email.subject)).toEqual([
      `Your Ridgeway Racing order ${order.orderNumber}`,
      `Your Ridgeway Racing order ${order.orderNumber} is on its way`,
    ]);
    const history = await run(() =>
      orderPage.loader(
        routeArgs({
          request: get(`/admin/orders/${order.orderNumber}?tab=history`, as(shop)),
          context: routerContextFor(ctx()),
          params: { orderNumber: order.orderNumber },
        }) as never,
      ),
    );
    expect((history.data as { history: Array<{ action: string; actorLabel: string }> }).history.map((entry) => entry.action)).toEqual([
      "order.ship",
      "order.pack",
    ]);

    expect(await post(order.orderNumber, { intent: "deliver", version: String(after.version) })).toMatchObject({ status: 200 });
    expect((await orderRow(order.id)).status).toBe("delivered");
  });

  it("refuses jumps that make no sense, and stale versions, changing nothing", async () => {
    const paid = await paidOrder(suite.db);
    expect(
      await post(paid.orderNumber, { intent: "ship", version: String(paid.version), carrier: "dpd", trackingNumber: "12345678" }),
    ).toMatchObject({
      status: 400,
      data: { message: "Pack the order before marking it shipped." },
    });
    expect(await post(paid.orderNumber, { intent: "deliver", version: String(paid.version) })).toMatchObject({
      status: 400,
      data: { message: "Only a shipped order can be marked delivered." },
    });
    const unpaid = await paidOrder(suite.db, { pay: false });
    expect(
      await post(unpaid.orderNumber, { intent: "ship", version: String(unpaid.version), carrier: "dpd", trackingNumber: "12345678" }),
    ).toMatchObject({
      status: 400,
      data: { message: "This order has not been paid yet, so it cannot be shipped." },
    });
    expect(await post(paid.orderNumber, { intent: "pack", version: String(paid.version - 1 || 99) })).toMatchObject({
      status: 409,
      data: { message: CONFLICT_MESSAGE },
    });
    expect(await post(paid.orderNumber, { intent: "teleport", version: "1" })).toMatchObject({
      status: 400,
      data: { message: "Choose what to do." },
    });
    expect(await post(paid.orderNumber, { intent: "pack" })).toMatchObject({ status: 400 });
    expect(await orderRow(paid.id)).toMatchObject({ status: "paid", version: paid.version });
    expect(await orderRow(unpaid.id)).toMatchObject({ status: "pending_payment" });
  });

  it("two staff packing the same order at once: one wins, the other is told", async () => {
    const order = await paidOrder(suite.db);
    const results = await Promise.all([0, 1].map(() => post(order.orderNumber, { intent: "pack", version: String(order.version) })));
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect((await orderRow(order.id)).version).toBe(order.version + 1);
  });

  it("cancels an unpaid order (stock freed) and a paid one (refunded in full, every unit back in stock)", async () => {
    const before = await stockOf(8, "M");
    const unpaid = await paidOrder(suite.db, { pay: false, lines: [{ productId: 8, size: "M", quantity: 2 }] });
    expect(await stockOf(8, "M")).toBe(before - 2);
    expect(await post(unpaid.orderNumber, { intent: "cancel", version: String(unpaid.version), reason: "Customer rang" })).toMatchObject({
      status: 200,
    });
    expect(await orderRow(unpaid.id)).toMatchObject({ status: "cancelled", refundedPence: 0 });
    expect(await stockOf(8, "M")).toBe(before);

    const paid = await paidOrder(suite.db, { lines: [{ productId: 8, size: "M", quantity: 3 }] });
    expect(await stockOf(8, "M")).toBe(before - 3);
    const cancelled = await post(paid.orderNumber, {
      intent: "cancel",
      version: String(paid.version),
      reason: "Out of stock at the printer",
      requestKey: "cancel-key-0123456789",
    });
    expect(cancelled).toMatchObject({ status: 200, data: { tone: "success" } });
    expect((cancelled.data as { message: string }).message).toContain(`Refunded £72.00`);
    expect(await orderRow(paid.id)).toMatchObject({ status: "cancelled", refundedPence: paid.totalPence });
    expect(await stockOf(8, "M")).toBe(before);
    const restocks = await suite.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "stock.adjust"), like(auditEvents.reason, `%${paid.orderNumber}%`)));
    expect(restocks).toHaveLength(1);
    expect(restocks[0]!.reason).toBe(`+3 M: Order cancelled: Out of stock at the printer (order ${paid.orderNumber}, 3 back)`);

    // A shipped order cannot be cancelled.
    const shipped = await paidOrder(suite.db);
    await post(shipped.orderNumber, { intent: "pack", version: String(shipped.version) });
    await post(shipped.orderNumber, {
      intent: "ship",
      version: String(shipped.version + 1),
      carrier: "evri",
      trackingNumber: "H01234567890",
    });
    expect(await post(shipped.orderNumber, { intent: "cancel", version: String(shipped.version + 2) })).toMatchObject({
      status: 400,
      data: { message: "This order has left the warehouse and cannot be cancelled; refund it instead." },
    });
  });

  it("answers 404 for an order that does not exist, and the packing slip says when there is no address", async () => {
    const missing = await run(() =>
      orderPage.loader(
        routeArgs({
          request: get("/admin/orders/RR-00000000", as(shop)),
          context: routerContextFor(ctx()),
          params: { orderNumber: "RR-00000000" },
        }) as never,
      ),
    );
    expect(missing.status).toBe(404);
    const odd = await run(() =>
      orderPage.loader(
        routeArgs({
          request: get("/admin/orders/nonsense", as(shop)),
          context: routerContextFor(ctx()),
          params: { orderNumber: "nonsense" },
        }) as never,
      ),
    );
    expect(odd.status).toBe(404);
    const old = await paidOrder(suite.db);
    const page = await run(() =>
      slip.loader(
        routeArgs({
          request: get(`/admin/orders/${old.orderNumber}/packing-slip`, as(shop)),
          context: routerContextFor(ctx()),
          params: { orderNumber: old.orderNumber },
        }) as never,
      ),
    );
    expect(page).toMatchObject({
      status: 200,
      data: { address: null, lines: [{ name: "Ridgeway Racing Team Cap - Red", size: "One Size", quantity: 2 }] },
    });
  });
});

describe("orders list, export and customers", () => {
  const list = async (search: string) => {
    const outcome = await run(() =>
      ordersList.loader(
        routeArgs({ request: get(`/admin/orders${search}`, as(shop)), context: routerContextFor(ctx()), params: {} }) as never,
      ),
    );
    return outcome as { status: number; data: { rows: Array<{ orderNumber: string }>; total: number; queryError: string | null } };
  };

  it("searches by number, name, e-mail and postcode, and filters by status, product and customer", async () => {
    const address = { name: "Robin Postcode", line1: "1 Paddock Lane", town: "Silverstone", postcode: "NN12 8TN", country: "GB" };
    const robin = await paidOrder(suite.db, {
      customer: { name: "Robin Postcode", email: "Robin.Postcode@example.com" },
      address,
      lines: [{ productId: 6, size: "One Size", quantity: 1 }],
    });
    const numbers = (outcome: Awaited<ReturnType<typeof list>>) => outcome.data.rows.map((row) => row.orderNumber);
    expect(numbers(await list("?q=nn128tn"))).toEqual([robin.orderNumber]);
    expect(numbers(await list("?q=NN12%208T"))).toEqual([robin.orderNumber]);
    expect(numbers(await list(`?q=${robin.orderNumber.toLowerCase()}`))).toEqual([robin.orderNumber]);
    expect(numbers(await list("?q=robin.postcode@"))).toEqual([robin.orderNumber]);
    expect(numbers(await list("?q=Robin%20Post"))).toEqual([robin.orderNumber]);
    expect(numbers(await list("?q=robin&status=shipped"))).toEqual([]);
    expect(numbers(await list("?q=robin&status=paid&product=6"))).toEqual([robin.orderNumber]);
    expect(numbers(await list("?q=robin&product=1"))).toEqual([]);
    expect(numbers(await list("?email=robin.postcode%40example.com"))).toEqual([robin.orderNumber]);
    expect(numbers(await list("?q=%25"))).toEqual([]);
    const bad = await list("?status=lost&from=2026-13-01");
    expect(bad.status).toBe(400);
    expect(bad.data.queryError).toBeTruthy();
    const backwards = await list("?from=2026-06-02&to=2026-06-01");
    expect(backwards.data.queryError).toBe("The end date is before the start date.");
  });

  it("exports the filtered orders as CSV that a spreadsheet cannot run", async () => {
    const evil = await paidOrder(suite.db, {
      customer: { name: '=HYPERLINK("http://evil.example","click")', email: "evil@example.com" },
      address: { name: "+cmd", line1: "@SUM(1)", town: "-Town", postcode: "SW1A 1AA", country: "GB" },
    });
    const outcome = await run(() =>
      ordersExport.loader(
        routeArgs({
          request: get("/admin/orders/export?email=evil%40example.com", as(shop)),
          context: routerContextFor(ctx()),
          params: {},
        }) as never,
      ),
    );
    const response = (await ordersExport.loader(
      routeArgs({
        request: get("/admin/orders/export?email=evil%40example.com", as(shop)),
        context: routerContextFor(ctx()),
        params: {},
      }) as never,
    )) as Response;
    expect(outcome.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await response.text();
    const rows = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`"${evil.orderNumber}"`);
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(rows[1]).toContain(`"'+cmd","'@SUM(1)","","'-Town"`);
    expect(rows[1]).toContain(`"2 x Ridgeway Racing Team Cap - Red (One Size)"`);
    const bad = await run(() =>
      ordersExport.loader(
        routeArgs({ request: get("/admin/orders/export?status=lost", as(shop)), context: routerContextFor(ctx()), params: {} }) as never,
      ),
    );
    expect(bad.status).toBe(400);
  });

  it("lists customers with their paid orders and what they spent after refunds", async () => {
    const email = "dana.repeat@example.com";
    const first = await paidOrder(suite.db, { customer: { name: "Dana Repeat", email } });
    await paidOrder(suite.db, {
      customer: { name: "Dana Repeat", email: "DANA.REPEAT@example.com" },
      lines: [{ productId: 6, size: "One Size", quantity: 1 }],
    });
    await paidOrder(suite.db, { customer: { name: "Dana Repeat", email }, pay: false });
    await post(first.orderNumber, {
      intent: "refund",
      mode: "amount",
      amount: "10.00",
      reason: "Late delivery",
      requestKey: "dana-refund-key-0001",
      confirm: "yes",
    });
    const outcome = await run(() =>
      customers.loader(
        routeArgs({ request: get("/admin/customers?q=dana.repeat", as(shop)), context: routerContextFor(ctx()), params: {} }) as never,
      ),
    );
    expect(outcome.data).toMatchObject({
      total: 1,
      rows: [{ email, name: "Dana Repeat", paidOrders: 2, allOrders: 3, spentPence: 5000 + 599 - 1000 }],
    });
  });
});
