/**
 * The one path from a provider's signed event to the order: verify, then
 * applyPaymentEvent (idempotent by event id). Used by POST /api/payments/webhook
 * and, in test mode, by the test payment page.
 */
import type { Logger } from "pino";
import type { Database } from "../../../../db/client.server";
import { applyRefundEvent, type RefundEventResult } from "~/features/shop/orders-desk/refund-events.server";
import { refundLatePayment } from "~/features/shop/orders-desk/refunds.server";
import { applyPaymentEvent, type PaymentEventResult } from "~/features/shop/store/order-lifecycle.server";
import type { PaymentProvider } from "./provider.server";
import { paymentEvents } from "~/features/operations/metrics.server";

export interface WebhookAnswer {
  status: number;
  body: { received: boolean; error?: string; result?: PaymentEventResult["kind"] | RefundEventResult["kind"] | "not_handled" };
}

export interface WebhookContext {
  db: Database;
  log: Logger;
  payments: PaymentProvider;
  requestId?: string;
  /** The site's address, for the links in the e-mails a payment sends. */
  publicUrl: string;
  /** Tells every process that content changed (the refund's audited write calls it); tests leave it out. */
  contentChanged?: () => Promise<void>;
}

export async function receivePaymentWebhook(
  context: WebhookContext,
  rawBody: string,
  headers: Headers,
  now = new Date(),
): Promise<WebhookAnswer> {
  const parsed = await context.payments.parseWebhook(rawBody, headers);
  if (!parsed.ok) {
    paymentEvents.inc({ outcome: "refused" });
    context.log.warn({ provider: context.payments.name, reason: parsed.reason }, "payment webhook refused");
    return { status: 400, body: { received: false, error: "Invalid webhook signature or payload." } };
  }
  if (!parsed.event) {
    paymentEvents.inc({ outcome: "not_handled" });
    return { status: 200, body: { received: true, result: "not_handled" } };
  }
  if ("kind" in parsed.event) {
    const refund = await applyRefundEvent(context.db, parsed.event, now, context.publicUrl);
    paymentEvents.inc({ outcome: `refund_${refund.kind}` });
    const level = refund.kind === "unknown_order" ? "warn" : "info";
    context.log[level](
      { provider: parsed.event.provider, eventId: parsed.event.eventId, type: parsed.event.type, result: refund },
      "refund event",
    );
    return { status: 200, body: { received: true, result: refund.kind } };
  }
  const result = await applyPaymentEvent(context.db, parsed.event, now, context.publicUrl);
  // "paid", "failed", "expired" for an event that moved an order; otherwise why it did not.
  paymentEvents.inc({ outcome: result.kind === "applied" ? result.to : result.kind });
  const log = { provider: parsed.event.provider, eventId: parsed.event.eventId, type: parsed.event.type, result };
  if (result.kind === "applied" && result.refundDue) {
    // The payment is recorded with the order in the same transaction as everything else; the
    // provider is asked after it has committed, as the desk does (ADR 0035). A failure here
    // leaves a failed refund row on the order for staff, and the event is still answered 200:
    // a retry of the event would change nothing.
    const refund = await refundLatePayment(
      { ...context, contentChanged: context.contentChanged ?? (async () => {}) },
      result.orderId,
      now,
    ).catch((error: unknown) => ({
      ok: false as const,
      message: error instanceof Error ? error.message : String(error),
    }));
    if (refund.ok)
      context.log.warn(
        { ...log, refund: refund.message },
        "payment arrived after the order's hold ended and its items were sold: refunded",
      );
    else
      context.log.error(
        { ...log, refund: refund.message },
        "payment arrived after the order's hold ended and its items were sold: the refund did not go through, refund it from the orders desk",
      );
  } else if (result.kind === "unknown_order") {
    context.log.warn(log, "payment event for an unknown order");
  } else {
    context.log.info(log, "payment event");
  }
  return { status: 200, body: { received: true, result: result.kind } };
}
