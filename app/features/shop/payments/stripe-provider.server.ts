/**
 * Stripe Checkout. The only module that imports the Stripe SDK.
 *
 * The session charges exactly the order's total (ADR 0014): each line at its
 * catalogue unit price, the promo discount as a one-off `amount_off` coupon of
 * the order's discount in pence (Stripe applies coupons to the line items, not
 * to shipping), and shipping as one fixed-amount shipping option. So Stripe's
 * total = subtotal − discount + shipping = order.totalPence.
 */
import Stripe from "stripe";
import {
  refundIdempotencyKey,
  WEBHOOK_TOLERANCE_SECONDS,
  type PaymentProvider,
  type PaymentSession,
  type PaymentSessionRequest,
  type RefundEventInput,
  type RefundRequest,
  type RefundResult,
  type WebhookParseResult,
} from "./provider.server";
import type { PaymentOutcome } from "~/features/shop/store/order-lifecycle.server";

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** For tests: a stand-in for Stripe's API. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/** Where Stripe Checkout's hosted page lives (its session URLs are https://checkout.stripe.com/c/pay/…). */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/** Stripe needs a Checkout Session to stay open at least 30 minutes. */
const MIN_SESSION_MS = 31 * 60 * 1000;
const MAX_SESSION_MS = 23 * 60 * 60 * 1000;

const OUTCOMES: Record<string, PaymentOutcome | undefined> = {
  "checkout.session.async_payment_succeeded": "paid",
  "checkout.session.async_payment_failed": "failed",
  "checkout.session.expired": "expired",
};

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    appInfo: { name: "Ridgeway Racing store" },
  });

  return {
    name: "stripe",
    hostedPageOrigins: [STRIPE_CHECKOUT_ORIGIN],
    async createSession(request: PaymentSessionRequest): Promise<PaymentSession> {
      let couponId: string | undefined;
      if (request.discountPence > 0) {
        const coupon = await stripe.coupons.create(
          {
            amount_off: request.discountPence,
            currency: "gbp",
            duration: "once",
            max_redemptions: 1,
            name: request.promoCode
              ? `${request.promoCode}${request.promoLabel ? ` (${request.promoLabel})` : request.promoPercentOff ? ` (${request.promoPercentOff}% off)` : ""}`.slice(
                  0,
                  40,
                )
              : "Discount",
            metadata: { order_id: request.orderId },
          },
          { idempotencyKey: `coupon-${request.orderId}` },
        );
        couponId = coupon.id;
      }
      const lifetime = Math.min(Math.max(request.expiresAt.getTime() - request.now.getTime(), MIN_SESSION_MS), MAX_SESSION_MS);
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          currency: "gbp",
          line_items: request.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: "gbp",
              unit_amount: line.unitPricePence,
              product_data: { name: `${line.productName} (${line.size})` },
            },
          })),
          ...(couponId ? { discounts: [{ coupon: couponId }] } : {}),
          // The address was collected and checked on our checkout page (ADR 0031): Stripe
          // receives it with the payment, rather than asking for it again.
          shipping_options: [
            {
              shipping_rate_data: {
                type: "fixed_amount",
                display_name: (request.shippingMethod ?? (request.shippingPence === 0 ? "Free UK delivery" : "UK delivery")).slice(0, 100),
                fixed_amount: { amount: request.shippingPence, currency: "gbp" },
                delivery_estimate: {
                  minimum: { unit: "business_day", value: 3 },
                  maximum: { unit: "business_day", value: 5 },
                },
              },
            },
          ],
          customer_email: request.customerEmail,
          client_reference_id: request.orderId,
          metadata: { order_id: request.orderId, order_number: request.orderNumber },
          payment_intent_data: {
            metadata: { order_id: request.orderId, order_number: request.orderNumber },
            ...(request.shippingAddress
              ? {
                  shipping: {
                    name: request.shippingAddress.name,
                    address: {
                      line1: request.shippingAddress.line1,
                      line2: request.shippingAddress.line2 ?? undefined,
                      city: request.shippingAddress.town,
                      state: request.shippingAddress.county ?? undefined,
                      postal_code: request.shippingAddress.postcode,
                      country: request.shippingAddress.country,
                    },
                  },
                }
              : {}),
          },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor((request.now.getTime() + lifetime) / 1000),
        },
        { idempotencyKey: `checkout-${request.orderId}` },
      );
      if (!session.url) throw new Error("Failed to create checkout session");
      return { sessionId: session.id, url: session.url };
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      if (!request.paymentId) throw new Error("This order has no Stripe payment to refund.");
      const refund = await stripe.refunds.create(
        {
          payment_intent: request.paymentId,
          amount: request.amountPence,
          reason: "requested_by_customer",
          metadata: { order_id: request.orderId, order_number: request.orderNumber, refund_request_id: request.refundRequestId },
        },
        { idempotencyKey: refundIdempotencyKey(request.refundRequestId) },
      );
      return { providerRefundId: refund.id, status: refundStatusOf(refund.status) };
    },

    async parseWebhook(rawBody: string, headers: Headers): Promise<WebhookParseResult> {
      const signature = headers.get("stripe-signature");
      if (!signature) return { ok: false, reason: "missing signature" };
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : "bad signature" };
      }
      if (REFUND_EVENTS.has(event.type)) return { ok: true, event: refundEventOf(event) };
      if (!event.type.startsWith("checkout.session.")) return { ok: true, event: null };
      const session = event.data.object as Stripe.Checkout.Session;
      let outcome: PaymentOutcome | null | undefined = OUTCOMES[event.type];
      if (event.type === "checkout.session.completed") {
        // A delayed payment method completes the session unpaid; async_payment_succeeded follows.
        outcome = session.payment_status === "paid" || session.payment_status === "no_payment_required" ? "paid" : null;
      }
      if (outcome === undefined) return { ok: true, event: null };
      const paymentIntent = session.payment_intent;
      return {
        ok: true,
        event: {
          provider: "stripe",
          eventId: event.id,
          type: event.type,
          outcome,
          orderId: session.metadata?.order_id ?? session.client_reference_id ?? null,
          sessionId: session.id,
          paymentId: typeof paymentIntent === "string" ? paymentIntent : (paymentIntent?.id ?? null),
          // When Stripe recorded the payment (the event's creation), not when it reached us: a
          // delivery Stripe retries later still counts from the time the customer paid.
          occurredAt: Number.isSafeInteger(event.created) ? new Date(event.created * 1000) : null,
        },
      };
    },
  };
}

/** The refund events the store follows (refund.* for one refund, charge.refunded for the charge's list). */
const REFUND_EVENTS = new Set(["refund.created", "refund.updated", "refund.failed", "charge.refunded"]);

function refundStatusOf(status: string | null | undefined): RefundResult["status"] {
  if (status === "succeeded" || status === "failed" || status === "canceled") return status;
  return "pending"; // "pending", "requires_action"
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === "string" ? value : (value?.id ?? null);
}

function refundItem(refund: Stripe.Refund): RefundEventInput["refunds"][number] {
  return {
    providerRefundId: refund.id,
    refundRequestId: refund.metadata?.refund_request_id ?? null,
    status: refundStatusOf(refund.status),
    amountPence: refund.amount,
  };
}

function refundEventOf(event: Stripe.Event): RefundEventInput {
  if (event.type === "charge.refunded") {
    const charge = event.data.object as Stripe.Charge;
    return {
      kind: "refund",
      provider: "stripe",
      eventId: event.id,
      type: event.type,
      paymentId: idOf(charge.payment_intent),
      refunds: (charge.refunds?.data ?? []).map(refundItem),
      amountRefundedPence: charge.amount_refunded,
    };
  }
  const refund = event.data.object as Stripe.Refund;
  return {
    kind: "refund",
    provider: "stripe",
    eventId: event.id,
    type: event.type,
    paymentId: idOf(refund.payment_intent),
    refunds: [refundItem(refund)],
  };
}
