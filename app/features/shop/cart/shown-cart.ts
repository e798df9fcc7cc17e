import type { CartContextValue } from "./cart-context";
import type { CookieCartView } from "./cart-form";
import type { CartLine } from "./cart-state";
import type { CartQuoteState } from "./use-cart-quote";

/**
 * The cart on screen: the browser cart once it has been read (`inBrowser`),
 * otherwise the cookie cart the server read and priced (no JavaScript, or the
 * first paint before the browser cart is read).
 */
export interface ShownCart {
  inBrowser: boolean;
  lines: CartLine[];
  promoCode: string | null;
  quote: CartQuoteState & { retry: () => void };
  cart: CartContextValue;
  /** Says `change` in the site's status region once the cart has been priced again. */
  announceChange: (change: string) => void;
}

const noRetry = () => {};

/** The cookie cart's quote, priced by the server, as the cart page shows a quote. */
export function cookieCartQuote(cookieCart: CookieCartView): CartQuoteState & { retry: () => void } {
  return { state: "ready", quote: cookieCart.quote, error: null, retry: noRetry };
}
