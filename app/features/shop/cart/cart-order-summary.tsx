import { Button, buttonClasses } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { LinkButton } from "~/components/ui/link-button";
import { formatPence } from "~/lib/money";
import { PromoBox } from "./promo-box";
import type { ShownCart } from "./shown-cart";

/** The cart's Order Summary: the promo box, the server's totals and the way on to checkout. */
export function OrderSummary({ shown, promoError }: { shown: ShownCart; promoError: string | null }) {
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
