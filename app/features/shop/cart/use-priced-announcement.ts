import { useCallback, useEffect, useRef } from "react";
import { useAnnounce } from "~/components/status-announcer";
import { cartChangeAnnouncement } from "./cart-announcement";
import type { CartQuoteState } from "./use-cart-quote";

/**
 * The cart's changes said in the site's status region (WCAG 4.1.3) once they are priced: the
 * change the shopper made, then the new total the server worked out, or that the cart is empty.
 * `lineCount` is null until the browser cart has been read.
 */
export function usePricedAnnouncement(lineCount: number | null, quote: CartQuoteState): (change: string) => void {
  const announce = useAnnounce();
  // A ref, not state: the change itself re-renders the cart (its lines or promo code, so its quote).
  const pending = useRef<string | null>(null);
  useEffect(() => {
    const change = pending.current;
    if (change === null || lineCount === null) return;
    if (lineCount === 0) announce(cartChangeAnnouncement(change, { empty: true }));
    else if (quote.state === "ready") announce(cartChangeAnnouncement(change, { empty: false, totalPence: quote.quote.totalPence }));
    else if (quote.state === "error") announce(cartChangeAnnouncement(change, { empty: false, totalPence: null }));
    else return;
    pending.current = null;
  }, [lineCount, quote.state, quote.quote, announce]);
  return useCallback((change: string) => {
    pending.current = change;
  }, []);
}
