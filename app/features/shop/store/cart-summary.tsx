import { Link, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { CartIcon } from "~/components/icons";
import { useCart } from "~/features/shop/cart/cart-context";
import { useCartQuote } from "~/features/shop/cart/use-cart-quote";
import { formatPence } from "~/lib/money";

/** The store page's cart summary: item count and the server's total, linking to /cart. */
export function CartSummary() {
  const { itemCount, hydrated } = useCart();
  // Until the browser cart is read (and without JavaScript): the count of the cookie cart (ADR 0016).
  const cookieCartCount = useRouteLoaderData<typeof rootLoader>("root")?.cookieCartCount ?? 0;
  const { state, quote } = useCartQuote();
  let total: string;
  if (itemCount === 0) total = formatPence(0);
  else if (quote && state === "ready") total = formatPence(quote.totalPence);
  else if (state === "error") total = "total unavailable";
  else total = "…";
  return (
    <Link
      to="/cart"
      data-testid="store-cart-summary"
      className="inline-flex min-h-11 items-center gap-3 rounded-full border border-line bg-surface px-5 py-2 font-semibold transition-colors hover:border-accent-text"
    >
      <CartIcon className="size-5 shrink-0" />
      <span aria-live="polite">
        {hydrated ? (
          <>
            Cart: {itemCount} {itemCount === 1 ? "item" : "items"}
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, total </span>
            {total}
          </>
        ) : cookieCartCount > 0 ? (
          `View cart: ${cookieCartCount} ${cookieCartCount === 1 ? "item" : "items"}`
        ) : (
          "View cart"
        )}
      </span>
    </Link>
  );
}
