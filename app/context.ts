import type { Logger } from "pino";
import { createContext, RouterContextProvider } from "react-router";
import type { Database } from "../db/client.server";
import type { Auth } from "~/features/account/auth.server";
import type { PaymentProvider } from "~/features/shop/payments/provider.server";
import type { ShippingRule } from "./features/shop/store/pricing";
import type { HoldPolicy } from "./features/shop/store/hold-policy";
import type { ShopSettings } from "./features/shop/store/shop-settings";
import type { ContentMemo } from "~/lib/content-memo";
import type { OperationalSettings } from "~/features/operations/warnings";
import type { PartnerCounter } from "~/features/partners/partner-counter.server";

/** What the Express server hands every loader and action (see server/app.ts). */
export interface RequestContext {
  db: Database;
  log: Logger;
  cspNonce: string;
  /** The visitor's address, for rate limits; only trusts proxy headers when TRUST_PROXY is set. */
  clientIp: string;
  publicUrl: string;
  /** Signs tokens and payment events; AUTH_SECRET or one generated and kept in DATA_DIR. */
  appSecret: string;
  /** FIRST_ADMIN_CODE, normalised: the first admin's set-up code when set (ADR 0108); unset, it is derived from appSecret. */
  firstAdminCode?: string;
  /** The card payment provider (Stripe, or the test payment page). */
  payments: PaymentProvider;
  /** How long an unpaid order holds its stock (ORDER_RESERVATION_MINUTES). */
  orderReservationMs: number;
  /** What shipping costs (SHIPPING_FLAT_RATE_PENCE, SHIPPING_FREE_ABOVE_PENCE); free by default. */
  shipping: ShippingRule;
  /** The shop's delivery settings (countries, method name, the rule above), from the database. */
  shop: ShopSettings;
  /** How unpaid orders may hold stock (ORDER_HOLDS_PER_CLIENT, ORDER_HOLD_SHARE_PERCENT; ADR 0033). */
  holdPolicy: HoldPolicy;
  /** better-auth; read the session through app/features/account/session.server.ts. */
  auth: Auth;
  /**
   * Tells every app process that published content changed, so their page caches drop what they
   * hold. Call after the change has committed (the back office's audited writes do).
   */
  contentChanged: () => Promise<void>;
  /** PAYMENTS=test was chosen: every page says that payments are not real. */
  testPaymentsBanner: boolean;
  /** This process's memo of values read from content (the site settings), cleared on every content change. */
  contentMemo: ContentMemo;
  /** Set-Cookie headers added to this request's response (a session extended or cleared while read). */
  setCookies: string[];
  /**
   * Set by getOptionalUser: something on this page depends on who is signed in, so the page is
   * never shared with another signed-in visitor (server/page-cache.ts, ADR 0090). The header's
   * signed-in-or-not (isSignedIn) does not set it.
   */
  madeForVisitor?: boolean;
  /** The request's id (X-Request-Id), as in the logs; the audit trail records it. */
  requestId?: string;
  /** What the back office's operational warnings are judged against (BACKUP_SCHEDULE, PAYMENT_WEBHOOK_WARNING_MINUTES). */
  operations: OperationalSettings;
  /** Partner counts (ADR 0130); absent when PARTNER_COUNTING=off. */
  partnerCounter?: PartnerCounter;
  /**
   * The partners this render showed, per placement: set by loaders (showPartners), sent by the
   * page renderer as the X-Partner-Impressions header, which the server counts from (ADR 0130).
   */
  partnerImpressions?: Array<[placementId: string, partnerId: string]>;
  /** Web Push (ADR 0136, 0137); absent where the server sends none (a test's own context). */
  push?: PushSettings;
  /** Field Core Web Vitals (ADR 0089). */
  vitals: {
    /** The share of page views whose browser reports (VITALS_SAMPLE_RATE). */
    sampleRate: number;
    /** The route pattern a path matches ("/news/:reportId"), "unmatched" for none. */
    routePattern: (pathname: string) => string;
  };
}

export interface PushSettings {
  /** The site's VAPID public key (URL-safe base64), which browsers subscribe with. */
  publicKey: string;
  /** The push services a subscription may point at (PUSH_SERVICE_HOSTS). */
  serviceHosts: readonly string[];
}

/**
 * The request context's key in React Router's context (`future.v8_middleware`, ADR 0115). A
 * loader or action reads it once, with appContext; what it calls takes the RequestContext.
 */
export const requestContext = createContext<RequestContext>();

/** This request's context, from the `context` React Router hands a loader or action. */
export function appContext(context: Readonly<RouterContextProvider>): RequestContext {
  return context.get(requestContext);
}

/** What React Router is handed for a request: its context under requestContext (server/app.ts, and tests calling a loader). */
export function routerContextFor(context: RequestContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(requestContext, context);
  return provider;
}
