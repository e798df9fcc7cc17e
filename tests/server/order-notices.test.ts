import { eq } from "drizzle-orm";
import pino from "pino";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { brand } from "../../app/brand";
import {
  createTestProvider,
  newTestEventId,
  signedTestEvent,
  type TestPaymentEvent,
} from "../../app/features/shop/payments/test-provider.server";
import { receivePaymentWebhook } from "../../app/features/shop/payments/webhook.server";
import { attachPaymentSession, expireOverdueOrders } from "../../app/features/shop/store/order-lifecycle.server";
import { placeOrder } from "../../app/features/shop/store/orders.server";
import { seededTestDatabase } from "../support/test-database";

/*
 * The e-mails an order's payment events queue, in the same transaction as the event: to the
 * customer (confirmation, not completed, paid too late) and to the shop team (a new paid order,
 * a payment that came after its items were sold).
 */

const suite = seededTestDatabase();
const appSecret = "test-secret-for-order-notice-tests-0123456789";
const log = pino({ level: "silent" });
const publicUrl = "https://ridgeway-racing.example";
const HOLD_MS = 30 * 60_000;
const t0 = new Date("2026-06-01T12:00:00Z");
let clock = t0;
const payments = createTestProvider({ appSecret, now: () => clock });
const context = () => ({ db: suite.db, log, payments, appSecret, publicUrl });

beforeEach(async () => {
  const db = suite.db;
  await db.delete(schema.orderRefunds);
  await db.delete(schema.paymentEvents);
  await db.delete(schema.orderLines);
  await db.delete(schema.orders);
  await db.delete(schema.emailOutbox);
  await db.delete(schema.staffRoleGrants);
  await db.update(schema.productVariants).set({ stock: 10 });
  clock = t0;
});

async function place(email: string, quantity: number, at: Date, withSession = true) {
  const result = await placeOrder(
    suite.db,
    { lines: [{ productId: 1, size: "One Size", quantity }], customer: { name: "Alex Fan", email } },
    { now: at, paymentProvider: "test", reservationMs: HOLD_MS, publicUrl },
  );
  if (result.kind !== "placed") throw new Error(`not placed: ${result.kind}`);
  const sessionId = payments.newSessionId!();
  if (withSession) await attachPaymentSession(suite.db, result.orderId, sessionId);
  return { ...result, sessionId };
}

async function deliver(order: { orderId: string; sessionId: string }, type: TestPaymentEvent["type"], at: Date) {
  clock = at;
  const paid = type === "checkout.session.completed";
  const { body, headers } = signedTestEvent(
    appSecret,
    {
      id: newTestEventId(),
      type,
      created: Math.floor(at.getTime() / 1000),
      data: {
        sessionId: order.sessionId,
        orderId: order.orderId,
        paymentStatus: paid ? "paid" : "unpaid",
        paymentId: paid ? "pi_test_1" : null,
      },
    },
    at,
  );
  return receivePaymentWebhook(context(), body, headers, at);
}

const mailTo = (to: string) =>
  suite.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, to)).orderBy(schema.emailOutbox.id);

/** A shop staff member: with two-factor on and the role tied to it (in effect, ADR 0100), unless `twoFactor: false`. */
async function shopStaff(email: string, { twoFactor = true } = {}) {
  const id = `user-${email}`;
  await suite.db
    .insert(schema.users)
    .values({ id, name: "Shop Person", email, emailVerified: true, twoFactorEnabled: twoFactor })
    .onConflictDoNothing();
  const authenticator = twoFactor ? `authenticator-${email}` : null;
  if (authenticator)
    await suite.db
      .insert(schema.twoFactors)
      .values({ id: authenticator, userId: id, secret: "placeholder", backupCodes: "placeholder" })
      .onConflictDoNothing();
  await suite.db.insert(schema.staffRoleGrants).values({ userId: id, role: "shop", twoFactorId: authenticator }).onConflictDoNothing();
}

describe("a paid order", () => {
  it("confirms to the customer and tells each shop staff member, with the order's number, lines, total and desk link", async () => {
    await shopStaff("packer@example.com");
    await shopStaff("manager@example.com");
    const order = await place("buyer@example.com", 2, t0);
    expect((await deliver(order, "checkout.session.completed", new Date(t0.getTime() + 60_000))).body.result).toBe("applied");

    expect((await mailTo("buyer@example.com")).map((mail) => mail.subject)).toEqual([`Your ${brand.name} order ${order.orderNumber}`]);
    for (const staff of ["packer@example.com", "manager@example.com"]) {
      const [notice, ...more] = await mailTo(staff);
      expect(more).toHaveLength(0);
      expect(notice!.subject).toMatch(new RegExp(`^New order ${order.orderNumber}: £\\d+\\.\\d\\d$`));
      expect(notice!.headers).toMatchObject({ "Reply-To": "buyer@example.com" });
      expect(notice!.textBody).toContain("2 × Ridgeway Racing Team Cap - Red (One Size) = £50.00");
      expect(notice!.textBody).toContain(`Total: £`);
      expect(notice!.textBody).toContain(`${publicUrl}/admin/orders/${order.orderNumber}`);
      expect(notice!.htmlBody).toContain(`href="${publicUrl}/admin/orders/${order.orderNumber}"`);
    }
    // A replayed event queues nothing more.
    await deliver(order, "checkout.session.completed", new Date(t0.getTime() + 70_000));
    expect(await mailTo("packer@example.com")).toHaveLength(1);
  });

  it("goes only to staff whose shop role is in effect: not to one without two-factor, whose role waits", async () => {
    await shopStaff("packer@example.com");
    await shopStaff("password-only@example.com", { twoFactor: false });
    const order = await place("buyer@example.com", 1, t0);
    await deliver(order, "checkout.session.completed", new Date(t0.getTime() + 60_000));
    expect((await mailTo("packer@example.com")).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(new RegExp(`^New order ${order.orderNumber}`)),
    ]);
    expect(await mailTo("password-only@example.com")).toHaveLength(0);
  });

  it("goes to the site's contact address when nobody's shop role is in effect yet", async () => {
    await shopStaff("password-only@example.com", { twoFactor: false });
    const order = await place("buyer@example.com", 1, t0);
    await deliver(order, "checkout.session.completed", new Date(t0.getTime() + 60_000));
    const [settings] = await suite.db.select({ email: schema.siteSettings.email }).from(schema.siteSettings);
    const teamAddress = settings?.email ?? brand.email;
    expect((await mailTo(teamAddress)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(new RegExp(`^New order ${order.orderNumber}`)),
    ]);
  });
});

describe("an order that is not completed", () => {
  it("a failed payment: the customer hears nothing was charged and where the basket is, once", async () => {
    const order = await place("failed@example.com", 1, t0);
    expect((await deliver(order, "checkout.session.async_payment_failed", new Date(t0.getTime() + 60_000))).body.result).toBe("applied");
    const mails = await mailTo("failed@example.com");
    expect(mails.map((mail) => mail.subject)).toEqual([`Your ${brand.name} order ${order.orderNumber} was not completed`]);
    expect(mails[0]!.textBody).toContain("did not go through, so nothing was charged");
    expect(mails[0]!.textBody).toContain(`Go to your basket ${publicUrl}/cart`);
    expect(mails[0]!.textBody).toContain("1 × Ridgeway Racing Team Cap - Red (One Size)");
    // The session's later "expired" finds the order closed already: no second e-mail.
    expect((await deliver(order, "checkout.session.expired", new Date(t0.getTime() + 2 * HOLD_MS))).body.result).toBe("ignored");
    expect(await mailTo("failed@example.com")).toHaveLength(1);
    expect(await mailTo(brand.email)).toHaveLength(0);
  });

  it("a hold that ends unpaid: the expiry job tells the customer in its transaction, once; an order that never reached payment is not mailed", async () => {
    const order = await place("slow@example.com", 1, t0);
    await place("no-session@example.com", 1, t0, false);
    expect(await expireOverdueOrders(suite.db, new Date(t0.getTime() + HOLD_MS + 1_000), { publicUrl })).toBe(2);
    const mails = await mailTo("slow@example.com");
    expect(mails.map((mail) => mail.subject)).toEqual([`Your ${brand.name} order ${order.orderNumber} was not completed`]);
    expect(mails[0]!.textBody).toContain("not finished within the time we hold the items for");
    expect(await mailTo("no-session@example.com")).toHaveLength(0);
    expect(await expireOverdueOrders(suite.db, new Date(t0.getTime() + HOLD_MS + 2_000), { publicUrl })).toBe(0);
    expect(await mailTo("slow@example.com")).toHaveLength(1);
  });
});

describe("a payment that arrives after its items were sold", () => {
  it("tells the customer the truth (no order confirmation) and alerts the shop team", async () => {
    await shopStaff("packer@example.com");
    await suite.db.update(schema.productVariants).set({ stock: 2 }).where(eq(schema.productVariants.productId, 1));
    const late = await place("late@example.com", 2, t0);
    const afterHold = new Date(t0.getTime() + HOLD_MS + 60_000);
    await place("other@example.com", 1, afterHold);
    expect((await deliver(late, "checkout.session.completed", afterHold)).body.result).toBe("applied");

    const customerSubjects = (await mailTo("late@example.com")).map((mail) => mail.subject);
    expect(customerSubjects).toContain(`Your ${brand.name} order ${late.orderNumber}: payment refunded`);
    expect(customerSubjects).not.toContain(`Your ${brand.name} order ${late.orderNumber}`);
    const team = await mailTo("packer@example.com");
    expect(team.map((mail) => mail.subject)).toEqual([`Paid too late, refunding: order ${late.orderNumber}`]);
    expect(team[0]!.textBody).toContain("the whole payment is being refunded");
    expect(team[0]!.textBody).toContain(`${publicUrl}/admin/orders/${late.orderNumber}`);
  });
});
