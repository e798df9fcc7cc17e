import { formatPence } from "~/lib/money";

export interface OrderTracking {
  carrier: string;
  number: string;
  url: string | null;
  shippedOn: string;
  deliveredOn: string | null;
}

/**
 * What a customer sees of their order after paying: where the parcel is and what was refunded.
 * The order page in the dashboard and the confirmation page show the same.
 */
export function OrderProgress({
  tracking,
  refundedPence,
  totalPence,
}: {
  tracking: OrderTracking | null;
  refundedPence: number;
  totalPence: number;
}) {
  if (!tracking && refundedPence === 0) return null;
  return (
    <section aria-labelledby="order-progress-heading" className="mt-6 rounded-card border border-line bg-surface p-5 sm:p-8">
      <h2 id="order-progress-heading" className="text-lg font-bold uppercase">
        Delivery and refunds
      </h2>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        {tracking && (
          <>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wider text-muted">Shipped</dt>
              <dd className="mt-1">
                {tracking.shippedOn} with {tracking.carrier}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wider text-muted">Tracking number</dt>
              <dd className="mt-1 break-words" data-testid="tracking-number">
                {tracking.url ? (
                  <a href={tracking.url} className="font-semibold text-accent-text underline" rel="noopener noreferrer" target="_blank">
                    {tracking.number}
                    <span className="sr-only"> (track the parcel on the {tracking.carrier} site, opens in a new tab)</span>
                  </a>
                ) : (
                  tracking.number
                )}
              </dd>
            </div>
            {tracking.deliveredOn && (
              <div>
                <dt className="text-xs font-semibold uppercase tracking-wider text-muted">Delivered</dt>
                <dd className="mt-1">{tracking.deliveredOn}</dd>
              </div>
            )}
          </>
        )}
        {refundedPence > 0 && (
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted">Refunded</dt>
            <dd className="mt-1" data-testid="refunded">
              {formatPence(refundedPence)}
              {refundedPence >= totalPence ? " (in full)" : ` of ${formatPence(totalPence)}`}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
