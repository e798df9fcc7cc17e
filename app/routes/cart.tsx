import { startTransition, useCallback, useEffect, useId, useOptimistic, useRef, useState } from "react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/cart";
import { brand } from "~/brand";
import { Button, buttonClasses } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { inputClasses } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { useAnnounce } from "~/components/status-announcer";
import { cartChangeAnnouncement } from "~/features/cart/cart-announcement";
import { CartActionForm } from "~/features/cart/cart-action-form";
import { useCart, type CartContextValue } from "~/features/cart/cart-context";
import { CART_FIELDS, type CookieCartView } from "~/features/cart/cart-form";
import { applyCartForm, cartFormContext, loadCookieCart } from "~/features/cart/cart-form.server";
import { countItems, type CartLine } from "~/features/cart/cart-state";
import { cleanPromoCode } from "~/features/cart/cart-storage";
import { fetchCartQuote, quoteRequestFor, useCartQuote, type CartQuoteState } from "~/features/cart/use-cart-quote";
import { MAX_QUANTITY_PER_LINE } from "~/features/store/limits";
import { findQuoteLine, INVALID_PROMO_MESSAGE, type CartQuote, type CartQuoteLine } from "~/features/store/quote";
import { MinusIcon, PlusIcon, TrashIcon } from "~/features/store/store-icons";
import { PRODUCT_IMAGE_SIZE, productPath } from "~/features/store/store-view";
import { readForm } from "~/lib/forms.server";
import { formatPence } from "~/lib/money";
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

/**
 * The cart on screen: the browser cart once it has been read (`inBrowser`),
 * otherwise the cookie cart the server read and priced (no JavaScript, or the
 * first paint before the browser cart is read).
 */
interface ShownCart {
  inBrowser: boolean;
  lines: CartLine[];
  promoCode: string | null;
  quote: CartQuoteState & { retry: () => void };
  cart: CartContextValue;
  /** Says `change` in the site's status region once the cart has been priced again. */
  announceChange: (change: string) => void;
}

const noRetry = () => {};

function cookieCartQuote(cookieCart: CookieCartView): CartQuoteState & { retry: () => void } {
  return { state: "ready", quote: cookieCart.quote, error: null, retry: noRetry };
}

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

function EmptyCart() {
  return (
    <div className="rounded-card border border-dashed border-line bg-surface px-6 py-16 text-center">
      <h2 tabIndex={-1} data-focus-fallback="" className="text-3xl font-bold uppercase">
        Your Cart is Empty
      </h2>
      <p className="mt-3 text-muted">Team caps, keyrings and more are waiting in the store.</p>
      <div className="mt-8">
        <LinkButton to="/store">Continue Shopping</LinkButton>
      </div>
    </div>
  );
}

function CartFrame({ error, children }: { error?: string | null; children: React.ReactNode }) {
  // The cart is read after the first paint; the frame keeps its height so the footer does not jump.
  return (
    <section className="mx-auto min-h-[85dvh] max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="mb-8 text-4xl font-bold uppercase sm:text-5xl">Your Cart</h1>
      {error && (
        <div role="alert" className="mb-6 rounded-lg border border-danger/50 bg-danger/10 px-4 py-3">
          <p className="font-semibold text-danger">Your cart was not changed: {error}</p>
          <p className="mt-1 text-sm">
            <Link to="/store" className="underline hover:text-accent-text">
              Back to the store
            </Link>
          </p>
        </div>
      )}
      {children}
    </section>
  );
}

function CartLineRow({ line, quoteLine, shown }: { line: CartLine; quoteLine: CartQuoteLine | undefined; shown: ShownCart }) {
  const { cart, inBrowser, announceChange } = shown;
  const name = quoteLine?.name ?? (quoteLine ? "Item no longer in the store" : "Checking item...");
  const label = `${quoteLine?.name ?? "item"}, ${line.selectedSize}`;
  const maxQuantity = quoteLine ? Math.min(MAX_QUANTITY_PER_LINE, Math.max(quoteLine.availableStock, 0)) : MAX_QUANTITY_PER_LINE;
  const problem = quoteLine?.problem ?? null;
  // The quantity that fixes the line: what is left, or what one order may hold (ADR 0033).
  const fixedQuantity =
    problem?.kind === "insufficient_stock" && problem.available > 0
      ? problem.available
      : problem?.kind === "hold_limit"
        ? problem.max
        : null;
  const lineForm = { productId: line.id, size: line.selectedSize, inBrowser };
  // A tap on + or - shows the line's new quantity in the tap's own frame; the cart, with the
  // header's badge, the totals and a new quote, follows in a transition (Interaction to Next Paint,
  // ADR 0102). Taps made before it lands add up.
  const [shownQuantity, showQuantityChange] = useOptimistic(line.quantity, (quantity, change: number) => quantity + change);
  const changeQuantity = (change: 1 | -1) =>
    startTransition(() => {
      showQuantityChange(change);
      if (change > 0) cart.incrementLine(line.id, line.selectedSize);
      else cart.decrementLine(line.id, line.selectedSize);
    });
  const removeLine = () => {
    cart.removeLine(line.id, line.selectedSize);
    announceChange(`Removed ${label} from your cart.`);
  };
  return (
    <article
      aria-label={label}
      className={cx(
        "grid grid-cols-[5rem_minmax(0,1fr)] gap-4 rounded-card border bg-surface p-4 sm:grid-cols-[6rem_minmax(0,1fr)_auto]",
        problem ? "border-warning" : "border-line",
      )}
    >
      {quoteLine?.image ? (
        <img
          src={quoteLine.image}
          alt=""
          width={PRODUCT_IMAGE_SIZE.width}
          height={PRODUCT_IMAGE_SIZE.height}
          decoding="async"
          className="aspect-square w-20 rounded-lg bg-surface-raised object-cover sm:w-24"
        />
      ) : (
        <div className="aspect-square w-20 rounded-lg bg-surface-raised sm:w-24" aria-hidden="true" />
      )}
      <div className="min-w-0">
        <h3 className="font-bold leading-tight">
          {quoteLine?.slug ? (
            <Link to={productPath({ slug: quoteLine.slug })} className="hover:text-accent-text hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </h3>
        <p className="mt-1 text-sm text-muted">Size: {line.selectedSize}</p>
        <p className="mt-1 text-sm text-muted">
          {quoteLine?.unitPricePence != null ? `${formatPence(quoteLine.unitPricePence)} each` : "\u00a0"}
        </p>
        {quoteLine?.problemMessage && (
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm" data-testid="line-problem">
            <p className="font-semibold text-warning">{quoteLine.problemMessage}</p>
            {fixedQuantity !== null ? (
              <CartActionForm
                intent="set_quantity"
                quantity={fixedQuantity}
                {...lineForm}
                onChange={() => cart.setLineQuantity(line.id, line.selectedSize, fixedQuantity)}
              >
                <Button type="submit" size="sm" variant="secondary">
                  Change to {fixedQuantity}
                </Button>
              </CartActionForm>
            ) : (
              <CartActionForm intent="remove" {...lineForm} onChange={removeLine}>
                <Button type="submit" size="sm" variant="secondary">
                  Remove item
                </Button>
              </CartActionForm>
            )}
          </div>
        )}
      </div>
      <div className="col-span-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:col-span-1 sm:flex-col sm:flex-nowrap sm:items-end sm:gap-y-4">
        <div className="flex items-center gap-1" role="group" aria-label={`Quantity of ${label}`}>
          <CartActionForm intent="decrement" {...lineForm} onChange={() => changeQuantity(-1)}>
            <button
              type="submit"
              className={cx(buttonClasses("secondary", "sm"), "size-11 px-0")}
              aria-label={`Decrease quantity of ${label}`}
            >
              <MinusIcon className="size-4" />
            </button>
          </CartActionForm>
          <output className="w-10 text-center font-bold" aria-live="polite" aria-label={`Quantity of ${label}`}>
            {shownQuantity}
          </output>
          <CartActionForm intent="increment" {...lineForm} onChange={() => changeQuantity(1)}>
            <button
              type="submit"
              className={cx(buttonClasses("secondary", "sm"), "size-11 px-0")}
              aria-label={`Increase quantity of ${label}`}
              disabled={shownQuantity >= maxQuantity}
            >
              <PlusIcon className="size-4" />
            </button>
          </CartActionForm>
        </div>
        <p className="font-display text-lg font-bold">
          {quoteLine && !quoteLine.problem ? formatPence(quoteLine.lineTotalPence) : "\u00a0"}
        </p>
        <CartActionForm intent="remove" {...lineForm} onChange={removeLine}>
          <button
            type="submit"
            aria-label={`Remove ${label} from cart`}
            className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-muted hover:text-accent-text"
          >
            <TrashIcon className="size-4" /> Remove
          </button>
        </CartActionForm>
      </div>
    </article>
  );
}

/** "Price changed" notices for lines whose price differs from the one the shopper was shown. */
function PriceChanges({ cart, quote }: { cart: CartContextValue; quote: CartQuote | null }) {
  const { lines, acknowledgePrices } = cart;
  // Lines saved before prices were remembered adopt the current price silently.
  useEffect(() => {
    if (!quote) return;
    const unseen = lines
      .filter((line) => line.seenPricePence === undefined)
      .flatMap((line) => {
        const price = findQuoteLine(quote, line.id, line.selectedSize)?.unitPricePence;
        return price != null ? [{ productId: line.id, pricePence: price }] : [];
      });
    if (unseen.length > 0) acknowledgePrices(unseen);
  }, [quote, lines, acknowledgePrices]);

  if (!quote) return null;
  const changes = new Map<number, { name: string; from: number; to: number }>();
  for (const line of lines) {
    const quoted = findQuoteLine(quote, line.id, line.selectedSize);
    if (quoted?.unitPricePence == null || line.seenPricePence === undefined || quoted.problem) continue;
    if (quoted.unitPricePence !== line.seenPricePence) {
      changes.set(line.id, { name: quoted.name ?? "An item", from: line.seenPricePence, to: quoted.unitPricePence });
    }
  }
  if (changes.size === 0) return null;
  return (
    <div role="status" className="mb-4 rounded-card border border-warning bg-warning/10 p-4 text-sm">
      <ul className="flex flex-col gap-1">
        {[...changes.values()].map((change) => (
          <li key={change.name}>
            <strong>Price changed:</strong> {change.name} is now {formatPence(change.to)} (was {formatPence(change.from)}).
          </li>
        ))}
      </ul>
      <Button
        size="sm"
        variant="secondary"
        className="mt-3"
        onClick={() => acknowledgePrices([...changes.entries()].map(([productId, change]) => ({ productId, pricePence: change.to })))}
      >
        OK, got it
      </Button>
    </div>
  );
}

function OrderSummary({ shown, promoError }: { shown: ShownCart; promoError: string | null }) {
  const { quote } = shown;
  const current = quote.quote;
  const ready = quote.state === "ready";
  const hasProblem = current !== null && !current.ok;
  return (
    <aside aria-labelledby="order-summary-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6 lg:sticky lg:top-24">
      <h2 id="order-summary-heading" className="text-2xl font-bold uppercase">
        Order Summary
      </h2>
      <PromoBox shown={shown} serverError={promoError} />
      {/* Seen, not said: the status region says the new total once it is known. */}
      <p className="mt-4 min-h-5 text-sm text-muted">{quote.state === "loading" ? "Updating prices..." : ""}</p>
      {quote.state === "error" && (
        <div role="alert" className="mt-2 text-sm text-danger">
          <p>{quote.error}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={quote.retry}>
            Try again
          </Button>
        </div>
      )}
      {current && (
        <dl className={cx("mt-2 flex flex-col gap-3 text-sm", !ready && "opacity-60")} data-testid="order-summary">
          <SummaryRow label="Subtotal" value={formatPence(current.subtotalPence)} />
          {current.promo.status === "applied" && (
            <SummaryRow
              label={`Discount (${current.promo.code}, ${current.promo.label})`}
              value={`−${formatPence(current.discountPence)}`}
              tone="text-success"
            />
          )}
          <SummaryRow
            label={`Shipping (${current.shippingMethod})`}
            value={current.shippingPence === 0 ? "FREE" : formatPence(current.shippingPence)}
          />
          <div className="flex items-baseline justify-between border-t border-line pt-3 text-lg font-bold">
            <dt>Total</dt>
            <dd data-testid="order-total">{formatPence(current.totalPence)}</dd>
          </div>
        </dl>
      )}
      <div className="mt-6 flex flex-col gap-3">
        {ready && !hasProblem ? (
          <LinkButton to="/checkout" size="lg">
            Proceed to Checkout
          </LinkButton>
        ) : (
          <>
            <button type="button" disabled aria-describedby="checkout-blocked" className={buttonClasses("primary", "lg")}>
              Proceed to Checkout
            </button>
            <p id="checkout-blocked" className="text-sm text-muted">
              {hasProblem
                ? "Fix the items marked above to continue."
                : quote.state === "error"
                  ? "Your cart's prices could not be checked."
                  : "Checking your cart..."}
            </p>
          </>
        )}
        <LinkButton to="/store" variant="ghost">
          Continue Shopping
        </LinkButton>
      </div>
    </aside>
  );
}

function SummaryRow({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <div className={cx("flex items-baseline justify-between gap-4", tone)}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The promo box: the code is checked with the server before the cart keeps
 * it, so only a code that applied is carried on to checkout. Without
 * JavaScript the same form posts to /cart, which checks it the same way.
 */
function PromoBox({ shown, serverError }: { shown: ShownCart; serverError: string | null }) {
  const id = useId();
  const [code, setCode] = useState("");
  /** Why the code just tried was not applied, as the server said (unknown, or too many tried). */
  const [rejected, setRejected] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  const { inBrowser, promoCode, lines, cart, announceChange } = shown;
  const { setPromoCode } = cart;
  const quote = shown.quote.quote;
  // A kept code that has stopped working (expired, used up) is reported by the quote.
  const stalePromo = promoCode && quote?.promo.status === "invalid" && quote.promo.code === promoCode ? quote.promo : null;
  const staleCode = stalePromo?.code ?? null;
  const applied = quote?.promo.status === "applied" && quote.promo.code === promoCode ? quote.promo : null;
  const error =
    rejected !== null
      ? rejected
      : checkFailed
        ? "We couldn't check that code just now. Please try again."
        : stalePromo
          ? `${stalePromo.code}: ${stalePromo.message}`
          : !inBrowser && serverError
            ? serverError
            : null;

  const apply = async () => {
    if (checking) return;
    const cleaned = cleanPromoCode(code);
    if (!cleaned) {
      setRejected(INVALID_PROMO_MESSAGE);
      return;
    }
    setChecking(true);
    setCheckFailed(false);
    try {
      const result = await fetchCartQuote(quoteRequestFor(lines, cleaned));
      if (result.promo.status === "applied") {
        setPromoCode(cleaned);
        setRejected(null);
        setCode("");
        announceChange(`Promo code ${cleaned} applied: ${result.promo.label}.`);
      } else {
        setRejected(result.promo.status === "invalid" ? result.promo.message : INVALID_PROMO_MESSAGE);
      }
    } catch (failure) {
      console.error("Could not check the promo code", failure);
      setRejected(null);
      setCheckFailed(true);
    } finally {
      setChecking(false);
    }
  };

  const removeCode = (
    <CartActionForm
      intent="remove_promo"
      inBrowser={inBrowser}
      onChange={() => {
        setPromoCode(null);
        announceChange(`Promo code ${promoCode} removed.`);
      }}
    >
      {promoCode && !staleCode ? (
        <button
          type="submit"
          data-focus-fallback=""
          className="min-h-11 font-semibold text-muted hover:text-accent-text"
          aria-label={`Remove promo code ${promoCode}`}
        >
          Remove
        </button>
      ) : (
        <button type="submit" className="text-sm font-semibold text-muted underline">
          Remove {staleCode}
        </button>
      )}
    </CartActionForm>
  );

  if (promoCode && !staleCode) {
    return (
      <div className="mt-4 flex items-center justify-between gap-3 rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm">
        <p>
          <strong>{promoCode}</strong> applied{applied ? `: ${applied.label}` : ""}
        </p>
        {removeCode}
      </div>
    );
  }
  return (
    <div className="mt-4">
      <CartActionForm intent="apply_promo" inBrowser={inBrowser} onChange={() => void apply()} className="block">
        <label htmlFor={`${id}-promo`} className="text-sm font-medium">
          Promo code
        </label>
        <div className="mt-1.5 flex gap-2">
          <input
            id={`${id}-promo`}
            name={CART_FIELDS.promoCode}
            value={code}
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              setRejected(null);
              setCheckFailed(false);
            }}
            maxLength={32}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="Enter code"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-promo-error` : undefined}
            className={cx(inputClasses, "min-h-11 flex-1 uppercase")}
            // Read-only, not disabled, while the code is checked: a disabled field would lose focus.
            readOnly={checking}
            aria-busy={checking || undefined}
            data-focus-fallback=""
          />
          <Button
            type="submit"
            variant="secondary"
            disabled={inBrowser && !checking && code.trim() === ""}
            aria-disabled={checking || undefined}
          >
            {checking ? "Checking..." : "Apply"}
          </Button>
        </div>
        <p id={`${id}-promo-error`} role="alert" className="mt-1.5 min-h-5 text-sm text-danger">
          {error}
        </p>
      </CartActionForm>
      {staleCode && removeCode}
    </div>
  );
}

/**
 * The cart's changes said in the site's status region (WCAG 4.1.3) once they are priced: the
 * change the shopper made, then the new total the server worked out, or that the cart is empty.
 * `lineCount` is null until the browser cart has been read.
 */
function usePricedAnnouncement(lineCount: number | null, quote: CartQuoteState): (change: string) => void {
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
