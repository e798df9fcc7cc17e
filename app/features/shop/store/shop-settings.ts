/** The shop's delivery settings as pages and checkout use them (browser-safe: no database here). */
import type { ShippingRule } from "./pricing";
import { UK } from "./address";

export interface ShopSettings {
  /** Countries shipped to, ISO 3166-1 alpha-2, in the order the checkout lists them. */
  shipsTo: string[];
  /** The one shipping method's name, shown in the cart, checkout, payment page, confirmation and e-mail. */
  shippingMethodName: string;
  rule: ShippingRule;
}

export const DEFAULT_SHIPPING_METHOD_NAME = "UK delivery (3-5 business days)";

/** Without a settings row: UK only, the rule from the environment. */
export function defaultShopSettings(rule: ShippingRule): ShopSettings {
  return { shipsTo: [UK], shippingMethodName: DEFAULT_SHIPPING_METHOD_NAME, rule };
}

/**
 * The seed's old rule, kept as a ready-made setting: £4.99 delivery, free over £50.
 * (ADR 0011's shipping rule with its two numbers.)
 */
export const FLAT_RATE_UNDER_50: ShippingRule = { flatRatePence: 499, freeAbovePence: 5000 };
