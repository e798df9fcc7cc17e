/**
 * Chooses the payment provider from the environment: the app's own test payment page when
 * PAYMENTS=test, otherwise Stripe when STRIPE_SECRET_KEY is set (STRIPE_WEBHOOK_SECRET is then
 * required, see env.server.ts), otherwise the test page (which production refuses unless chosen).
 */
import type { PaymentProvider } from "./provider.server";
import { createTestProvider } from "./test-provider.server";

export async function createPaymentProvider(
  env: { PAYMENTS?: "stripe" | "test"; STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; STRIPE_API_URL?: string },
  appSecret: string,
): Promise<PaymentProvider> {
  if (env.PAYMENTS === "test" || !env.STRIPE_SECRET_KEY) return createTestProvider({ appSecret });
  if (!env.STRIPE_WEBHOOK_SECRET) throw new Error("STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY");
  // Loaded only when used, so test mode never loads the SDK.
  const { createStripeProvider } = await import("./stripe-provider.server");
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  return createStripeProvider({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    ...(api
      ? {
          host: api.hostname.replace(/^\[|\]$/g, ""),
          port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
          protocol: api.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });
}
