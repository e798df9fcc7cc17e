import { data, redirect } from "react-router";
import type { Route } from "./+types/cart";
import { brand } from "~/brand";
import { Button } from "~/components/ui/button";
import { LinkButton } from "~/components/ui/link-button";
import { CartActionForm } from "~/features/shop/cart/cart-action-form";
import { useCart } from "~/features/shop/cart/cart-context";
import { CART_FIELDS } from "~/features/shop/cart/cart-form";
import { applyCartForm, cartFormContext, loadCookieCart } from "~/features/shop/cart/cart-form.server";
import { CartFrame, EmptyCart } from "~/features/shop/cart/cart-frame";
import { CartLineRow } from "~/features/shop/cart/cart-line-row";
import { OrderSummary } from "~/features/shop/cart/cart-order-summary";
import { countItems } from "~/features/shop/cart/cart-state";
import { PriceChanges } from "~/features/shop/cart/price-changes";
import { cookieCartQuote, type ShownCart } from "~/features/shop/cart/shown-cart";
import { useCartQuote } from "~/features/shop/cart/use-cart-quote";
import { usePricedAnnouncement } from "~/features/shop/cart/use-priced-announcement";
import { findQuoteLine } from "~/features/shop/store/quote";
import { TrashIcon } from "~/features/shop/store/store-icons";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

/** The cart kept in a cookie for shoppers without JavaScript (ADR 0016), priced by the server. */
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const { view, setCookie } = await loadCookieCart(request.headers.get("Cookie"), cartFormContext(context));
  return data({ cookieCart: view }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

/** The cart forms posted without JavaScript: change the cookie cart, then back to the page (303). */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const form = await readForm(request);
  const outcome = await applyCartForm(form, request.headers.get("Cookie"), cartFormContext(context));
  if (outcome.kind === "changed") {
    return redirect(outcome.location, { status: 303, headers: { "Set-Cookie": outcome.setCookie, "Cache-Control": "no-store" } });
  }
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (outcome.setCookie) headers["Set-Cookie"] = outcome.setCookie;
  const intent = form.get(CART_FIELDS.intent);
  return data({ cartError: outcome.message, promoError: intent === "apply_promo" }, { status: outcome.status, headers });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { path: null, title: "Your Cart", description: `Your ${brand.name} store cart.` });

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const cart = useCart();
  const browserQuote = useCartQuote();
  const { cookieCart } = loaderData;
  const announceChange = usePricedAnnouncement(cart.hydrated ? cart.lines.length : null, browserQuote);

  let shown: ShownCart | null = null;
  if (cart.hydrated) {
    shown = { inBrowser: true, lines: cart.lines, promoCode: cart.promoCode, quote: browserQuote, cart, announceChange };
  } else if (cookieCart) {
    shown = {
      inBrowser: false,
      lines: cookieCart.lines.map((line) => ({ id: line.productId, selectedSize: line.size, quantity: line.quantity })),
      promoCode: cookieCart.promoCode,
      quote: cookieCartQuote(cookieCart),
      cart,
      announceChange,
    };
  }

  // A promo code's error shows by the promo box; with no cart on screen there is none, so it goes on top.
  const promoBoxShown = shown !== null && shown.lines.length > 0;
  const promoError = actionData?.promoError && promoBoxShown ? actionData.cartError : null;
  const cartError = actionData && !promoError ? actionData.cartError : null;

  if (!shown) {
    return (
      <CartFrame error={cartError}>
        <p role="status" className="text-muted needs-js">
          Loading your cart...
        </p>
        <noscript>
          <EmptyCart />
        </noscript>
      </CartFrame>
    );
  }
  if (shown.lines.length === 0) {
    return (
      <CartFrame error={cartError}>
        <EmptyCart />
      </CartFrame>
    );
  }
  const itemCount = countItems(shown.lines);
  const quote = shown.quote;
  return (
    <CartFrame error={cartError}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div>
          <div className="mb-4 flex items-center justify-between gap-4">
            <h2 tabIndex={-1} data-focus-fallback="" className="text-xl font-bold uppercase">
              {itemCount} {itemCount === 1 ? "item" : "items"}
            </h2>
            <CartActionForm
              intent="clear"
              inBrowser={shown.inBrowser}
              onChange={() => {
                cart.clearCart();
                shown.announceChange("Cart cleared.");
              }}
            >
              <Button type="submit" variant="ghost" size="sm">
                <TrashIcon className="size-4" /> Clear Cart
              </Button>
            </CartActionForm>
          </div>
          {shown.inBrowser && <PriceChanges cart={cart} quote={quote.state === "ready" ? quote.quote : null} />}
          <ul className="flex flex-col gap-4" aria-busy={quote.state === "loading"}>
            {shown.lines.map((line) => (
              <li key={`${line.id}\u0000${line.selectedSize}`}>
                <CartLineRow
                  line={line}
                  quoteLine={quote.quote ? findQuoteLine(quote.quote, line.id, line.selectedSize) : undefined}
                  shown={shown}
                />
              </li>
            ))}
          </ul>
          <div className="mt-6">
            <LinkButton to="/store" variant="secondary">
              Continue Shopping
            </LinkButton>
          </div>
        </div>
        <OrderSummary shown={shown} promoError={promoError} />
      </div>
    </CartFrame>
  );
}
