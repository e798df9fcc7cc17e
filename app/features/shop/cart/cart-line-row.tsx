import { startTransition, useOptimistic } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { MAX_QUANTITY_PER_LINE } from "~/features/shop/store/limits";
import type { CartQuoteLine } from "~/features/shop/store/quote";
import { MinusIcon, PlusIcon, TrashIcon } from "~/features/shop/store/store-icons";
import { PRODUCT_IMAGE_SIZE, productPath } from "~/features/shop/store/store-view";
import { formatPence } from "~/lib/money";
import { CartActionForm } from "./cart-action-form";
import type { CartLine } from "./cart-state";
import type { ShownCart } from "./shown-cart";

/** One line of the cart: the product, its size and price, what is wrong with it, and its quantity buttons. */
export function CartLineRow({ line, quoteLine, shown }: { line: CartLine; quoteLine: CartQuoteLine | undefined; shown: ShownCart }) {
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
