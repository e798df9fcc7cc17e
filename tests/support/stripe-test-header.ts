import Stripe from "stripe";

const sdk = new Stripe("sk_test_unused");

/** A Stripe-Signature header made with the SDK's own test helper; `ageSeconds` back-dates it. */
export function stripeTestHeader(payload: string, secret: string, ageSeconds = 0): string {
  return sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) + ageSeconds });
}
