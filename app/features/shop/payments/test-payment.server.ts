/**
 * The test payment page's server side: read the session's order, and charge a
 * test card. A paying card produces a signed event that goes through
 * receivePaymentWebhook, exactly like a provider's webhook delivery.
 */
import type { OrderAddress } from "../../../../db/schema";
import { cancelPendingOrder } from "~/features/shop/store/order-lifecycle.server";
import { getOrderBySessionId } from "~/features/shop/store/orders.server";
import { cardOutcome, cardOutcomeMessage, checkCard, type CardFieldErrors, type CardInput } from "./test-cards";
import { isTestSessionId, newTestEventId, signedTestEvent } from "./test-provider.server";
import { receivePaymentWebhook, type WebhookContext } from "./webhook.server";

export interface TestPaymentContext extends WebhookContext {
  appSecret: string;
}

export type TestSessionView =
  | { kind: "unavailable"; reason: "unknown" | "paid" | "closed" }
  | {
      kind: "payable";
      orderNumber: string;
      customerEmail: string;
      lines: { productName: string; size: string; quantity: number; unitPricePence: number }[];
      subtotalPence: number;
      discountPence: number;
      promoCode: string | null;
      shippingPence: number;
      totalPence: number;
      expiresAt: string;
      shippingAddress: OrderAddress | null;
      shippingMethod: string | null;
    };

export async function readTestSession(context: TestPaymentContext, sessionId: string, now = new Date()): Promise<TestSessionView> {
  if (context.payments.name !== "test" || !isTestSessionId(sessionId)) return { kind: "unavailable", reason: "unknown" };
  const order = await getOrderBySessionId(context.db, sessionId);
  if (!order || order.paymentProvider !== "test") return { kind: "unavailable", reason: "unknown" };
  if (order.status === "paid") return { kind: "unavailable", reason: "paid" };
  // The test page's session lasts exactly as long as the order's hold (ADR 0053), whether or not
  // the expiry job has closed the order yet.
  if (order.status !== "pending_payment" || order.expiresAt.getTime() <= now.getTime()) return { kind: "unavailable", reason: "closed" };
  return {
    kind: "payable",
    orderNumber: order.orderNumber,
    customerEmail: order.customerEmail,
    lines: order.lines.map((line) => ({
      productName: line.productName,
      size: line.size,
      quantity: line.quantity,
      unitPricePence: line.unitPricePence,
    })),
    subtotalPence: order.subtotalPence,
    discountPence: order.discountPence,
    promoCode: order.promoCode,
    shippingPence: order.shippingPence,
    totalPence: order.totalPence,
    expiresAt: order.expiresAt.toISOString(),
    shippingAddress: order.shippingAddress ?? null,
    shippingMethod: order.shippingMethod ?? null,
  };
}

export type TestPaymentResult =
  | { kind: "paid" }
  | { kind: "cancelled" }
  | { kind: "unavailable"; reason: "unknown" | "paid" | "closed" }
  | { kind: "invalid"; fieldErrors: CardFieldErrors }
  | { kind: "refused"; message: string };

/** Charges a test card for the session's order (or cancels it). */
export async function payTestSession(
  context: TestPaymentContext,
  sessionId: string,
  request: { intent: "pay"; card: CardInput } | { intent: "cancel" },
  now = new Date(),
): Promise<TestPaymentResult> {
  const view = await readTestSession(context, sessionId, now);
  if (view.kind === "unavailable") return view;
  const order = (await getOrderBySessionId(context.db, sessionId))!;
  if (request.intent === "cancel") {
    await cancelPendingOrder(context.db, order.id, now);
    context.log.info({ orderId: order.id }, "test payment: shopper cancelled, stock freed");
    return { kind: "cancelled" };
  }
  const fieldErrors = checkCard(request.card, now);
  if (Object.keys(fieldErrors).length > 0) return { kind: "invalid", fieldErrors };
  const outcome = cardOutcome(request.card.number);
  const message = cardOutcomeMessage(outcome);
  if (message !== null) {
    // As on Stripe's page, a refused card leaves the session open: the shopper can try another.
    context.log.info({ orderId: order.id, outcome }, "test payment: card refused");
    return { kind: "refused", message };
  }
  const { body, headers } = signedTestEvent(
    context.appSecret,
    {
      id: newTestEventId(),
      type: "checkout.session.completed",
      created: Math.floor(now.getTime() / 1000),
      data: { sessionId, orderId: order.id, paymentStatus: "paid", paymentId: `pi_test_${order.orderNumber}` },
    },
    now,
  );
  const answer = await receivePaymentWebhook(context, body, headers, now);
  if (answer.status !== 200) throw new Error(`test payment event refused: ${answer.body.error ?? answer.status}`);
  return { kind: "paid" };
}
