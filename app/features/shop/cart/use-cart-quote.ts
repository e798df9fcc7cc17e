import { useEffect, useMemo, useState } from "react";
import type { CartQuote, CartQuoteError, CartQuoteRequest } from "~/features/shop/store/quote";
import { useCart } from "./cart-context";

export type CartQuoteState =
  /** Nothing to price: the cart has not been read yet, or it is empty. */
  | { state: "idle"; quote: null; error: null }
  /** Asking the server; `quote` is the previous answer while it is still on screen, if any. */
  | { state: "loading"; quote: CartQuote | null; error: null }
  | { state: "ready"; quote: CartQuote; error: null }
  | { state: "error"; quote: CartQuote | null; error: string };

export const QUOTE_ERROR_MESSAGE = "We couldn't check your cart's prices just now. Please try again.";

/** Asks the server to price a cart; rejects with the server's message on a refusal. */
export async function fetchCartQuote(request: CartQuoteRequest, signal?: AbortSignal): Promise<CartQuote> {
  const response = await fetch("/api/cart/quote", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(request),
    signal,
  });
  const body = (await response.json()) as CartQuote | CartQuoteError;
  if (!response.ok || "error" in body) throw new Error("error" in body ? body.error : `HTTP ${response.status}`);
  return body;
}

/** The request body for the cart's lines and promo code. */
export function quoteRequestFor(
  lines: readonly { id: number; selectedSize: string; quantity: number }[],
  promoCode: string | null,
): CartQuoteRequest {
  return {
    lines: lines.map((line) => ({ productId: line.id, size: line.selectedSize, quantity: line.quantity })),
    ...(promoCode ? { promoCode } : {}),
  };
}

interface Answer {
  key: string;
  quote: CartQuote | null;
  error: string | null;
}

/**
 * The cart priced by the server (POST /api/cart/quote), asked again whenever
 * the lines or the promo code change. Used by the cart page and the checkout's
 * order summary; all money shown comes from here, never from the browser.
 */
export function useCartQuote(): CartQuoteState & { retry: () => void } {
  const { lines, promoCode, hydrated } = useCart();
  const [attempt, setAttempt] = useState(0);
  const request = useMemo<CartQuoteRequest | null>(
    () => (hydrated && lines.length > 0 ? quoteRequestFor(lines, promoCode) : null),
    [hydrated, lines, promoCode],
  );
  const key = request ? `${JSON.stringify(request)}#${attempt}` : "";
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    fetchCartQuote(request, controller.signal)
      .then((quote) => setAnswer({ key, quote, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Could not price the cart", error);
        setAnswer((previous) => ({ key, quote: previous?.quote ?? null, error: QUOTE_ERROR_MESSAGE }));
      });
    return () => controller.abort();
    // `key` stands for `request` and `attempt`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const retry = () => setAttempt((n) => n + 1);
  if (!request) return { state: "idle", quote: null, error: null, retry };
  if (!answer || answer.key !== key) return { state: "loading", quote: answer?.quote ?? null, error: null, retry };
  if (answer.error !== null) return { state: "error", quote: answer.quote, error: answer.error, retry };
  return { state: "ready", quote: answer.quote!, error: null, retry };
}
