import type { ReactNode } from "react";
import { cx } from "~/components/ui/cx";
import { CART_ACTION_PATH, CART_FIELDS, type CartIntent } from "./cart-form";

/**
 * One cart change as a real form. With the cart running in the browser
 * (`inBrowser`), submitting calls `onChange` instead of posting; otherwise
 * (no JavaScript, or before the page has loaded) it posts to /cart, which
 * keeps the cart in a cookie (ADR 0016).
 */
export function CartActionForm({
  intent,
  productId,
  size,
  quantity,
  returnTo,
  inBrowser,
  onChange,
  className,
  children,
}: {
  intent: CartIntent;
  productId?: number;
  /** The line's size; leave out when the form has its own size field. */
  size?: string;
  quantity?: number;
  returnTo?: string;
  inBrowser: boolean;
  onChange: (form: HTMLFormElement) => void;
  /** The form is `display: contents` unless a class is given, so it does not change the layout. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      action={CART_ACTION_PATH}
      className={cx(className ?? "contents")}
      onSubmit={
        inBrowser
          ? (event) => {
              event.preventDefault();
              onChange(event.currentTarget);
            }
          : undefined
      }
    >
      <input type="hidden" name={CART_FIELDS.intent} value={intent} />
      {productId !== undefined && <input type="hidden" name={CART_FIELDS.productId} value={productId} />}
      {size !== undefined && <input type="hidden" name={CART_FIELDS.size} value={size} />}
      {quantity !== undefined && <input type="hidden" name={CART_FIELDS.quantity} value={quantity} />}
      {returnTo !== undefined && <input type="hidden" name={CART_FIELDS.returnTo} value={returnTo} />}
      {children}
    </form>
  );
}
