/**
 * The default payment provider when no Stripe key is set: a payment page
 * served by the app (/pay/test/:sessionId) that takes Stripe's test card
 * numbers. A successful card produces an event signed like Stripe's webhooks
 * (HMAC-SHA256 over `timestamp.body`, see ADR 0014), which goes through the
 * same webhook verification and applyPaymentEvent as Stripe's events.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { PaymentOutcome } from "~/features/shop/store/order-lifecycle.server";
import {
  WEBHOOK_TOLERANCE_SECONDS,
  type PaymentProvider,
  type PaymentSession,
  type PaymentSessionRequest,
  type RefundRequest,
  type RefundResult,
  type WebhookParseResult,
} from "./provider.server";

export const TEST_SIGNATURE_HEADER = "ridgeway-test-signature";
export const TEST_SESSION_PREFIX = "test_cs_";

/** A refund's progress, shaped like Stripe's refund.updated (tests and replays send it). */
export interface TestRefundEvent {
  id: string;
  type: "refund.updated";
  created: number;
  data: { refundId: string; refundRequestId: string | null; paymentId: string | null; status: RefundResult["status"]; amountPence: number };
}

/** The event the test payment page sends, shaped like a Stripe Checkout event. */
export interface TestPaymentEvent {
  id: string;
  type: "checkout.session.completed" | "checkout.session.async_payment_failed" | "checkout.session.expired";
  created: number;
  data: { sessionId: string; orderId: string; paymentStatus: "paid" | "unpaid"; paymentId: string | null };
}

const OUTCOMES: Record<TestPaymentEvent["type"], PaymentOutcome> = {
  "checkout.session.completed": "paid",
  "checkout.session.async_payment_failed": "failed",
  "checkout.session.expired": "expired",
};

/** The signing key for test events, derived from the app secret so it never leaves the server. */
function signingKey(appSecret: string): Buffer {
  return createHmac("sha256", appSecret).update("ridgeway-test-payments-webhook-v1").digest();
}

export function signTestEvent(appSecret: string, body: string, timestampSeconds: number): string {
  const signature = createHmac("sha256", signingKey(appSecret)).update(`${timestampSeconds}.${body}`).digest("hex");
  return `t=${timestampSeconds},v1=${signature}`;
}

/** The body and headers of a signed test event, as the test payment page delivers it. */
export function signedTestEvent(appSecret: string, event: TestPaymentEvent | TestRefundEvent, now: Date) {
  const body = JSON.stringify(event);
  const headers = new Headers({
    "content-type": "application/json",
    [TEST_SIGNATURE_HEADER]: signTestEvent(appSecret, body, Math.floor(now.getTime() / 1000)),
  });
  return { body, headers };
}

export function newTestEventId(): string {
  return `evt_test_${randomBytes(16).toString("hex")}`;
}

/** When the event happened, from its `created` (unix seconds); null when it carries none. */
function eventTime(created: unknown): Date | null {
  return typeof created === "number" && Number.isSafeInteger(created) && created > 0 ? new Date(created * 1000) : null;
}

export function isTestSessionId(value: string): boolean {
  return /^test_cs_[A-Za-z0-9_-]{32}$/.test(value);
}

export function createTestProvider(options: { appSecret: string; now?: () => Date }): PaymentProvider {
  const now = options.now ?? (() => new Date());
  return {
    name: "test",
    // The test payment page is one of the site's own.
    hostedPageOrigins: [],
    // 192 random bits: the session id is the only key to the payment page and the confirmation.
    newSessionId: () => `${TEST_SESSION_PREFIX}${randomBytes(24).toString("base64url")}`,
    async createSession(request: PaymentSessionRequest): Promise<PaymentSession> {
      const sessionId = request.sessionId ?? `${TEST_SESSION_PREFIX}${randomBytes(24).toString("base64url")}`;
      return { sessionId, url: `/pay/test/${sessionId}` };
    },
    // Card refunds on the test page always go through at once; the refund id follows from the
    // request row, so asking again for the same row gives the same refund (idempotent).
    async refund(request: RefundRequest): Promise<RefundResult> {
      if (!request.paymentId) throw new Error("This order has no payment to refund.");
      return { providerRefundId: `test_re_${request.refundRequestId.replace(/-/g, "")}`, status: "succeeded" };
    },
    async parseWebhook(rawBody: string, headers: Headers): Promise<WebhookParseResult> {
      const header = headers.get(TEST_SIGNATURE_HEADER);
      if (!header) return { ok: false, reason: "missing signature" };
      const parts = new Map<string, string>();
      for (const part of header.split(",")) {
        const [key, value] = part.split("=", 2);
        if (key && value) parts.set(key.trim(), value.trim());
      }
      const timestamp = Number(parts.get("t"));
      const given = parts.get("v1") ?? "";
      if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) {
        return { ok: false, reason: "malformed signature" };
      }
      const expected = signTestEvent(options.appSecret, rawBody, timestamp).split("v1=")[1]!;
      if (!timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given, "hex"))) {
        return { ok: false, reason: "bad signature" };
      }
      if (Math.abs(now().getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
        return { ok: false, reason: "stale timestamp" };
      }
      let event: TestPaymentEvent;
      try {
        event = JSON.parse(rawBody) as TestPaymentEvent;
      } catch {
        return { ok: false, reason: "malformed body" };
      }
      if ((event as unknown as TestRefundEvent)?.type === "refund.updated")
        return parseTestRefundEvent(event as unknown as TestRefundEvent);
      if (
        typeof event?.id !== "string" ||
        typeof event.type !== "string" ||
        typeof event.data?.sessionId !== "string" ||
        typeof event.data.orderId !== "string"
      ) {
        return { ok: false, reason: "malformed event" };
      }
      const outcome = OUTCOMES[event.type];
      if (!outcome) return { ok: true, event: null };
      return {
        ok: true,
        event: {
          provider: "test",
          eventId: event.id,
          type: event.type,
          outcome: outcome === "paid" && event.data.paymentStatus !== "paid" ? null : outcome,
          orderId: event.data.orderId,
          sessionId: event.data.sessionId,
          paymentId: event.data.paymentId,
          occurredAt: eventTime(event.created),
        },
      };
    },
  };
}

const REFUND_STATUSES: ReadonlySet<string> = new Set(["pending", "succeeded", "failed", "canceled"]);

function parseTestRefundEvent(event: TestRefundEvent): WebhookParseResult {
  const data = event.data;
  if (
    typeof event.id !== "string" ||
    typeof data?.refundId !== "string" ||
    !REFUND_STATUSES.has(data.status) ||
    !Number.isSafeInteger(data.amountPence) ||
    (data.refundRequestId !== null && typeof data.refundRequestId !== "string") ||
    (data.paymentId !== null && typeof data.paymentId !== "string")
  ) {
    return { ok: false, reason: "malformed event" };
  }
  return {
    ok: true,
    event: {
      kind: "refund",
      provider: "test",
      eventId: event.id,
      type: event.type,
      paymentId: data.paymentId,
      refunds: [
        { providerRefundId: data.refundId, refundRequestId: data.refundRequestId, status: data.status, amountPence: data.amountPence },
      ],
    },
  };
}
