/**
 * One interface for card payment providers. The checkout hands a placed
 * order's server-computed amounts to `createSession` and redirects the browser
 * to the session's URL; the provider's signed webhook comes back through
 * `parseWebhook` and then `applyPaymentEvent` (see webhook.server.ts), the one
 * code path that marks orders paid. Only stripe-provider.server.ts imports a
 * vendor SDK.
 */
import type { RefundStatus } from "../../../../db/schema/orders";
import type { OrderAddress } from "../../../../db/schema";
import type { PaymentEventInput } from "~/features/shop/store/order-lifecycle.server";

export type PaymentProviderName = "stripe" | "test";

export interface PaymentSessionLine {
  productName: string;
  size: string;
  unitPricePence: number;
  quantity: number;
}

/** A placed order as the provider must charge it: all amounts computed by the server. */
export interface PaymentSessionRequest {
  orderId: string;
  orderNumber: string;
  customerEmail: string;
  customerName: string;
  lines: readonly PaymentSessionLine[];
  subtotalPence: number;
  discountPence: number;
  promoCode: string | null;
  promoPercentOff: number | null;
  /** What the code takes off, e.g. "10% off" or "£5.00 off"; null without a code. */
  promoLabel?: string | null;
  /** Where to send the goods, as entered at checkout. */
  shippingAddress?: OrderAddress | null;
  shippingMethod?: string;
  shippingPence: number;
  totalPence: number;
  /** Where the provider sends the shopper after paying; may contain {CHECKOUT_SESSION_ID}. */
  successUrl: string;
  /** Where the provider sends the shopper who gives up. */
  cancelUrl: string;
  /** When the order's reservation ends. */
  expiresAt: Date;
  now: Date;
  /** The id from `newSessionId()`, already stored on the order, for providers that have one. */
  sessionId?: string;
}

export interface PaymentSession {
  sessionId: string;
  /** Where to send the browser to pay. */
  url: string;
}

/** A refund asked of the provider; `refundRequestId` (our order_refunds row) makes the idempotency key. */
export interface RefundRequest {
  refundRequestId: string;
  orderId: string;
  orderNumber: string;
  /** The provider's payment reference (Stripe PaymentIntent); null when the order has none. */
  paymentId: string | null;
  amountPence: number;
  reason: string;
}

export interface RefundResult {
  providerRefundId: string;
  /** Where the provider says the refund stands; later changes arrive as webhook events. */
  status: Exclude<RefundStatus, "requested">;
}

/** The idempotency key of a refund: the same request row always asks for the same refund. */
export function refundIdempotencyKey(refundRequestId: string): string {
  return `refund-${refundRequestId}`;
}

/** A refund's progress, from the provider's signed webhook (Stripe's refund.* and charge.refunded). */
export interface RefundEventInput {
  kind: "refund";
  provider: string;
  eventId: string;
  type: string;
  paymentId: string | null;
  /** The refunds the event tells about (one for refund.*, the charge's list for charge.refunded). */
  refunds: Array<{
    providerRefundId: string;
    refundRequestId: string | null;
    status: Exclude<RefundStatus, "requested">;
    amountPence: number;
  }>;
  /** charge.refunded: the charge's total refunded so far, in pence. */
  amountRefundedPence?: number;
}

export type WebhookParseResult =
  /** A genuine event; `event` is null for event types the store does not act on. */
  | { ok: true; event: PaymentEventInput | RefundEventInput | null }
  /** Not a genuine, fresh event from the provider: answered 400, nothing written. */
  | { ok: false; reason: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * Origins of the provider's hosted payment page, other than the site's own. The checkout
   * answers its form post with a redirect there, so the site's CSP form-action must allow them
   * (Chromium applies form-action to redirects after a form post; ADR 0055).
   */
  readonly hostedPageOrigins: readonly string[];
  createSession(request: PaymentSessionRequest): Promise<PaymentSession>;
  /**
   * For providers whose session ids we choose (the test provider): a fresh id, stored with the
   * order when it is placed, so no second write is needed. Stripe chooses its own ids.
   */
  newSessionId?(): string;
  /**
   * Refunds part or all of a paid order's payment. Throws when the provider refuses or cannot be
   * reached; the same refundRequestId never refunds twice (idempotency key).
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Verifies the signature over the raw body and reads the event. Never throws for bad input. */
  parseWebhook(rawBody: string, headers: Headers): Promise<WebhookParseResult>;
}

/** The order confirmation page for a session; the provider fills in the id. */
export const SESSION_ID_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";
export function confirmationPath(sessionId: string): string {
  return `/order-confirmation?session_id=${sessionId === SESSION_ID_PLACEHOLDER ? sessionId : encodeURIComponent(sessionId)}`;
}

/** The Stripe-style timestamp tolerance for signed webhook events. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
