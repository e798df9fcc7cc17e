import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useCart } from "~/features/shop/cart/cart-context";
import { useCartQuote } from "~/features/shop/cart/use-cart-quote";
import { formatPence } from "~/lib/money";
import type { CartQuote } from "./quote";

/**
 * The checkout's order summary, priced by the server (useCartQuote): the same
 * lines, discount, shipping and total the order and the payment page will use.
 * Until the browser cart is read (and without JavaScript) it shows
 * `cookieCartQuote`, the server's price of the cart kept in a cookie (ADR 0016).
 */
export function CheckoutSummary({ cookieCartQuote }: { cookieCartQuote: CartQuote | null }) {
  const { hydrated } = useCart();
  const browser = useCartQuote();
  const { state, quote, error, retry } =
    !hydrated && cookieCartQuote ? { state: "ready" as const, quote: cookieCartQuote, error: null, retry: () => {} } : browser;
  return (
    <section
      aria-labelledby="summary-heading"
      aria-busy={state === "loading"}
      className="rounded-card border border-line bg-surface p-5 sm:p-6 lg:sticky lg:top-(--header-height)"
    >
      <h2 id="summary-heading" className="text-xl font-bold uppercase">
        Order Summary
      </h2>
      {!quote ? (
        <>
          <p className="needs-js mt-4 text-sm text-muted" role="status">
            {error ?? "Working out your order total..."}
          </p>
          <noscript>
            <p className="mt-4 text-sm text-muted">
              Your cart is empty.{" "}
              <Link to="/store" className="font-semibold underline">
                Visit the store
              </Link>
            </p>
          </noscript>
        </>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-line text-sm">
            {quote.lines.map((line) => (
              <li key={`${line.productId}-${line.size}`} className="py-3">
                <div className="flex justify-between gap-4">
                  <span>
                    {line.name ?? "Unknown item"} <span className="text-muted">({line.size})</span> × {line.quantity}
                  </span>
                  <span className="whitespace-nowrap">{line.problem ? "—" : formatPence(line.lineTotalPence)}</span>
                </div>
                {line.problemMessage && <p className="mt-1 text-xs text-danger">{line.problemMessage}</p>}
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-1 border-t border-line pt-4 text-sm">
            <div className="flex justify-between">
              <dt className="text-muted">Subtotal</dt>
              <dd>{formatPence(quote.subtotalPence)}</dd>
            </div>
            {quote.promo.status === "applied" && (
              <div className="flex justify-between text-success">
                <dt>
                  Discount ({quote.promo.code}, {quote.promo.label})
                </dt>
                <dd>−{formatPence(quote.discountPence)}</dd>
              </div>
            )}
            <div className="flex justify-between">
              <dt className="text-muted">Shipping ({quote.shippingMethod})</dt>
              <dd>{quote.shippingPence === 0 ? "FREE" : formatPence(quote.shippingPence)}</dd>
            </div>
            <div className="flex justify-between pt-2 text-lg font-bold">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{formatPence(quote.totalPence)}</dd>
            </div>
          </dl>
          {quote.promo.status === "invalid" && (
            <p className="mt-3 text-sm text-danger">
              {quote.promo.message}: {quote.promo.code}. Remove it in your cart to check out.
            </p>
          )}
          {!quote.ok && <p className="mt-3 text-sm text-danger">Some items can't be bought as they are: please update your cart.</p>}
          {error && (
            <div className="mt-3 text-sm text-danger" role="alert">
              {error}{" "}
              <Button variant="ghost" size="sm" onClick={retry}>
                Try again
              </Button>
            </div>
          )}
        </>
      )}
      <p className="mt-4 text-xs text-muted">UK delivery in 3-5 business days. Secure card payment.</p>
    </section>
  );
}
