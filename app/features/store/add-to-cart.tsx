import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { inputClasses } from "~/components/ui/form-field";
import { useCart } from "~/features/cart/cart-context";
import { MAX_QUANTITY_PER_LINE } from "./limits";
import { stockState } from "./catalogue";
import type { ProductView } from "./store-view";

const CONFIRMATION_MS = 4000;

/**
 * The size choice (first size by default), the stock note and the add-to-cart
 * button for one product. Sold-out sizes cannot be added, and no more can be
 * added than the stock the page was shown with.
 */
export function AddToCart({ product, size: layout = "card" }: { product: ProductView; size?: "card" | "page" }) {
  const id = useId();
  const { lines, addItem, hydrated } = useCart();
  const [selected, setSelected] = useState(product.sizes[0]?.size ?? "");
  const [added, setAdded] = useState<{ size: string; at: number } | null>(null);

  useEffect(() => {
    if (!added) return;
    const timer = window.setTimeout(() => setAdded(null), CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [added]);

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
    <div className={cx("flex flex-col gap-3", layout === "page" && "max-w-sm")}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-size`} className="text-sm font-medium">
          Size
        </label>
        <select
          id={`${id}-size`}
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
      </div>
      <p id={`${id}-note`} className={cx("min-h-5 text-sm font-semibold", state.kind === "sold_out" ? "text-danger" : "text-warning")}>
        {note}
      </p>
      <Button
        type="button"
        size={layout === "page" ? "lg" : "md"}
        disabled={!hydrated || state.kind === "sold_out" || !canAddMore}
        onClick={() => {
          addItem(product.id, selected, 1, product.pricePence);
          setAdded({ size: selected, at: Date.now() });
        }}
      >
        {state.kind === "sold_out" ? "Sold Out" : "Add to Cart"}
      </Button>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-success">
        {added ? (
          <>
            Added to cart ({added.size}).{" "}
            <Link to="/cart" className="font-semibold underline">
              View cart
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
