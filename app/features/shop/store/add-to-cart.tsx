import { startTransition, useEffect, useId, useState } from "react";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { inputClasses } from "~/components/ui/form-field";
import { CartActionForm } from "~/features/shop/cart/cart-action-form";
import { useCart } from "~/features/shop/cart/cart-context";
import { CART_FIELDS, productAnchor, readAddedNotice } from "~/features/shop/cart/cart-form";
import { MAX_QUANTITY_PER_LINE } from "./limits";
import { stockState } from "./catalogue";
import type { ProductView } from "./store-view";

const CONFIRMATION_MS = 4000;

/**
 * The size choice (first size by default), the stock note and the add-to-cart
 * button for one product. Sold-out sizes cannot be added, and no more can be
 * added than the stock the page was shown with.
 *
 * It is a form: with the browser cart running, adding happens there; without
 * JavaScript it posts to /cart (the cookie cart, ADR 0016), which checks the
 * stock itself and comes back here with "Added to cart" in the URL.
 */
export function AddToCart({ product, size: layout = "card" }: { product: ProductView; size?: "card" | "page" }) {
  const id = useId();
  const { lines, addItem, hydrated } = useCart();
  const location = useLocation();
  const cookieCartCount = useRouteLoaderData<typeof rootLoader>("root")?.cookieCartCount ?? 0;
  const addedWithoutScript = readAddedNotice(location.search);
  // The URL's "added" notice is believed only while there is a cart that can hold the line
  // (a shared or bookmarked link must not say "Added to cart").
  const noticeHere =
    addedWithoutScript?.productId === product.id &&
    product.sizes.some((size) => size.size === addedWithoutScript.size) &&
    (hydrated ? lines.some((line) => line.id === product.id && line.selectedSize === addedWithoutScript.size) : cookieCartCount > 0)
      ? addedWithoutScript
      : null;
  const [selected, setSelected] = useState(noticeHere?.size ?? product.sizes[0]?.size ?? "");
  const [added, setAdded] = useState<{ size: string; at: number } | null>(null);
  // The confirmation a form post came back with shows until the shopper adds something here.
  const [addedHere, setAddedHere] = useState(false);

  // The confirmation (with its "View cart" link) stays while it has focus or the pointer (WCAG
  // 2.2.1, 2.4.3): taking it away under the shopper would drop their focus on the page's <body>.
  const [held, setHeld] = useState({ focus: false, pointer: false });
  const holding = held.focus || held.pointer;
  useEffect(() => {
    if (!added || holding) return;
    const timer = window.setTimeout(() => setAdded(null), CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [added, holding]);
  const confirmation = added ?? (addedHere ? null : noticeHere);

  const choice = product.sizes.find((size) => size.size === selected);
  const stock = choice?.stock ?? 0;
  const state = stockState(stock);
  const inCart = lines.find((line) => line.id === product.id && line.selectedSize === selected)?.quantity ?? 0;
  const canAddMore = inCart < Math.min(stock, MAX_QUANTITY_PER_LINE);

  let note: string | null = null;
  if (state.kind === "sold_out") note = "Sold out";
  else if (!canAddMore) note = `All available in your cart (${inCart})`;
  else if (state.kind === "low") note = `Only ${state.left} left`;

  return (
    <CartActionForm
      intent="add"
      productId={product.id}
      quantity={1}
      returnTo={`${location.pathname}${location.search}`}
      inBrowser={hydrated}
      onChange={() => {
        setAdded({ size: selected, at: Date.now() });
        setAddedHere(true);
        // The confirmation answers the tap in the next frame; the cart itself, with its badge and
        // every other product card, follows in the frames after (Interaction to Next Paint, issue 23).
        startTransition(() => addItem(product.id, selected, 1, product.pricePence));
      }}
      className={cx("flex flex-col gap-3", layout === "page" && "max-w-sm")}
    >
      <div id={productAnchor(product.id)} className="flex scroll-mt-[calc(var(--header-height)+1rem)] flex-col gap-1.5">
        {product.sizes.length === 1 ? (
          // Nothing to choose: the one size is said, and sent with the form.
          <p className="text-sm text-muted">
            Size: <span className="font-medium text-text">{product.sizes[0]!.size}</span>
            <input type="hidden" name={CART_FIELDS.size} value={product.sizes[0]!.size} />
          </p>
        ) : (
          <>
            <label htmlFor={`${id}-size`} className="text-sm font-medium">
              Size
            </label>
            <select
              id={`${id}-size`}
              name={CART_FIELDS.size}
              value={selected}
              onChange={(event) => setSelected(event.target.value)}
              className={cx(inputClasses, "min-h-11")}
              aria-describedby={note ? `${id}-note` : undefined}
            >
              {product.sizes.map((size) => (
                <option key={size.size} value={size.size}>
                  {size.stock > 0 ? size.size : `${size.size} (Sold out)`}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      <p id={`${id}-note`} className={cx("min-h-5 text-sm font-semibold", state.kind === "sold_out" ? "text-danger" : "text-warning")}>
        {note}
      </p>
      <Button
        type="submit"
        size={layout === "page" ? "lg" : "md"}
        // Sold out reads as a plain, legible label rather than a faded red button.
        variant={state.kind === "sold_out" ? "secondary" : "primary"}
        className={state.kind === "sold_out" ? "disabled:opacity-100 disabled:text-muted" : undefined}
        // Until the browser cart is read the size can still change without this page knowing
        // (no JavaScript): the server then checks the stock.
        disabled={hydrated ? state.kind === "sold_out" || !canAddMore : product.sizes.every((size) => size.stock <= 0)}
      >
        {state.kind === "sold_out" ? "Sold Out" : "Add to Cart"}
      </Button>
      <p
        role="status"
        aria-live="polite"
        className="min-h-5 text-sm text-success"
        onFocus={() => setHeld((current) => ({ ...current, focus: true }))}
        onBlur={() => setHeld((current) => ({ ...current, focus: false }))}
        onPointerEnter={() => setHeld((current) => ({ ...current, pointer: true }))}
        onPointerLeave={() => setHeld((current) => ({ ...current, pointer: false }))}
      >
        {confirmation ? (
          <>
            Added to cart ({confirmation.size}).{" "}
            <Link to="/cart" className="font-semibold underline">
              View cart
            </Link>
          </>
        ) : null}
      </p>
    </CartActionForm>
  );
}
