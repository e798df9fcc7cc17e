import { Form, Link } from "react-router";
import type { OrderStatus } from "../../../../db/schema/orders";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { formatPence } from "~/lib/money";
import { CARRIER_KEYS, CARRIERS, carrierLabel } from "./carriers";
import type { OrderAction } from "./order-flow";

const ACTION_LABELS = { pack: "Mark packed", deliver: "Mark delivered" } as const;

interface NextStepOrder {
  orderNumber: string;
  status: OrderStatus;
  version: number;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

/** The order desk's "Next step": the forms of the moves the order's status allows, and its tracking once shipped. */
export function OrderNextStep({
  order,
  actions,
  busy,
  errors,
  cancelOpen,
  cancelKey,
  remainingPence,
}: {
  order: NextStepOrder;
  actions: readonly OrderAction[];
  busy: boolean;
  errors: Record<string, string>;
  cancelOpen: boolean;
  cancelKey: string;
  remainingPence: number;
}) {
  const base = `/admin/orders/${order.orderNumber}`;
  return (
    <section aria-labelledby="next-heading" className="rounded-card border border-line bg-surface p-4 sm:p-6">
      <h2 id="next-heading" className="text-xl font-bold uppercase">
        Next step
      </h2>
      {actions.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          Nothing left to do with this order{order.status === "shipped" || order.status === "delivered" ? " except a refund" : ""}.
        </p>
      ) : (
        <div className="mt-4 grid grid-cols-1 gap-6">
          {actions.includes("pack") && (
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="intent" value="pack" />
              <input type="hidden" name="version" value={order.version} />
              <Button type="submit" disabled={busy}>
                {ACTION_LABELS.pack}
              </Button>
              <Link to={`${base}/packing-slip`} className="inline-flex min-h-11 items-center text-sm font-semibold underline">
                Packing slip
              </Link>
            </Form>
          )}
          {actions.includes("ship") && <ShipForm base={base} version={order.version} busy={busy} errors={errors} />}
          {actions.includes("deliver") && (
            <Form method="post">
              <input type="hidden" name="intent" value="deliver" />
              <input type="hidden" name="version" value={order.version} />
              <Button type="submit" disabled={busy}>
                {ACTION_LABELS.deliver}
              </Button>
            </Form>
          )}
          {actions.includes("cancel") && (
            <details className="rounded-lg border border-line p-3" open={cancelOpen}>
              <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold">Cancel this order</summary>
              <Form method="post" className="mt-3 grid gap-3">
                <input type="hidden" name="intent" value="cancel" />
                <input type="hidden" name="version" value={order.version} />
                <input type="hidden" name="requestKey" value={cancelKey} />
                <p className="text-sm text-muted">
                  {order.status === "pending_payment"
                    ? "The order is unpaid: cancelling frees its stock at once."
                    : `The order is paid: cancelling refunds ${formatPence(remainingPence)} to the customer and puts every unit back in stock.`}
                </p>
                <label className="flex flex-col gap-1.5 text-sm font-medium">
                  Reason
                  <input name="reason" maxLength={500} className={inputClasses} />
                </label>
                <div>
                  <Button type="submit" variant="secondary" disabled={busy}>
                    Cancel order{order.status === "pending_payment" ? "" : " and refund"}
                  </Button>
                </div>
              </Form>
            </details>
          )}
        </div>
      )}
      {order.trackingNumber && (
        <p className="mt-4 break-words text-sm">
          Shipped with {carrierLabel(order.carrier)}:{" "}
          {order.trackingUrl ? (
            <a href={order.trackingUrl} className="font-semibold underline" rel="noopener noreferrer" target="_blank">
              {order.trackingNumber}
            </a>
          ) : (
            order.trackingNumber
          )}
        </p>
      )}
    </section>
  );
}

/** Mark shipped: the carrier and tracking number the customer is e-mailed. */
function ShipForm({ base, version, busy, errors }: { base: string; version: number; busy: boolean; errors: Record<string, string> }) {
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value="ship" />
      <input type="hidden" name="version" value={version} />
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Carrier
        <select name="carrier" required defaultValue="royal-mail" className={inputClasses} aria-invalid={errors.carrier ? true : undefined}>
          {CARRIER_KEYS.map((key) => (
            <option key={key} value={key}>
              {CARRIERS[key].label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Tracking number
        <input
          name="trackingNumber"
          required
          autoComplete="off"
          className={inputClasses}
          aria-invalid={errors.trackingNumber ? true : undefined}
          aria-describedby={errors.trackingNumber ? "tracking-number-error" : undefined}
        />
        {errors.trackingNumber && (
          <span id="tracking-number-error" className="text-sm text-danger">
            {errors.trackingNumber}
          </span>
        )}
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium sm:col-span-2">
        Tracking link (only for another carrier)
        <input
          name="trackingUrl"
          type="url"
          inputMode="url"
          placeholder="https://"
          className={inputClasses}
          aria-invalid={errors.trackingUrl ? true : undefined}
          aria-describedby={errors.trackingUrl ? "tracking-url-error" : undefined}
        />
        {errors.trackingUrl && (
          <span id="tracking-url-error" className="text-sm text-danger">
            {errors.trackingUrl}
          </span>
        )}
      </label>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          Mark shipped
        </Button>
        <span className="text-sm text-muted">The customer is e-mailed the tracking link.</span>
        <Link to={`${base}/packing-slip`} className="inline-flex min-h-11 items-center text-sm font-semibold underline">
          Packing slip
        </Link>
      </div>
    </Form>
  );
}
