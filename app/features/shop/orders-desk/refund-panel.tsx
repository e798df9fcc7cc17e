import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { formatAuditTime } from "~/features/admin/audit-views";
import { formatPence } from "~/lib/money";
import { refundButtonLabel, type RefundableOrder } from "./refund-plan";

interface RefundView {
  id: string;
  amountPence: number;
  status: string;
  restock: boolean;
  restockedAt: string | null;
  reason: string;
  createdAt: string;
  providerRefundId: string | null;
  failureMessage: string | null;
  lines: ReadonlyArray<{ lineNumber: number; quantity: number }>;
}

interface RefundLine {
  id: number;
  lineNumber: number;
  productName: string;
  size: string;
  quantity: number;
  refundedQuantity: number;
}

/**
 * The order desk's Refunds: those made, and while money is left to refund, the refund form
 * and, once it is sent, the confirmation of the amount.
 */
export function RefundPanel({
  refunds,
  lines,
  refundable,
  refundOrder,
  confirm,
  busy,
  errors,
  requestKey,
  paymentProvider,
}: {
  refunds: readonly RefundView[];
  lines: readonly RefundLine[];
  refundable: boolean;
  refundOrder: RefundableOrder;
  /** The refund asked for and not yet confirmed, with the action's message. */
  confirm: { message: string; amountPence: number; fields: Array<[string, string]> } | null;
  busy: boolean;
  errors: Record<string, string>;
  requestKey: string;
  paymentProvider: string;
}) {
  return (
    <section aria-labelledby="refunds-heading">
      <h2 id="refunds-heading" className="text-xl font-bold uppercase">
        Refunds
      </h2>
      {refunds.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No refund yet.</p>
      ) : (
        <ul className="mt-3 grid gap-2 text-sm">
          {refunds.map((refund) => (
            <li key={refund.id} className="rounded-card border border-line p-3">
              <p className="font-semibold">
                {formatPence(refund.amountPence)} · {refund.status}
                {refund.restockedAt ? " · back in stock" : refund.restock ? " · to restock" : ""}
              </p>
              <p className="break-words text-muted">
                “{refund.reason}” · <time dateTime={refund.createdAt}>{formatAuditTime(refund.createdAt)}</time>
                {refund.providerRefundId ? ` · ${refund.providerRefundId}` : ""}
              </p>
              {refund.lines.length > 0 && (
                <p className="text-muted">
                  {refund.lines
                    .map(
                      (item) =>
                        `${item.quantity} × ${lines.find((line) => line.lineNumber === item.lineNumber)?.productName ?? `line ${item.lineNumber}`}`,
                    )
                    .join(", ")}
                </p>
              )}
              {refund.failureMessage && <p className="text-danger">{refund.failureMessage}</p>}
            </li>
          ))}
        </ul>
      )}
      {refundable && confirm && <RefundConfirmation {...confirm} busy={busy} />}
      {refundable && (
        <RefundForm
          lines={lines}
          refundOrder={refundOrder}
          busy={busy}
          errors={errors}
          requestKey={requestKey}
          paymentProvider={paymentProvider}
        />
      )}
    </section>
  );
}

/** The refund form: units of lines or a free amount, a reason, and whether the units go back in stock. */
function RefundForm({
  lines,
  refundOrder,
  busy,
  errors,
  requestKey,
  paymentProvider,
}: {
  lines: readonly RefundLine[];
  refundOrder: RefundableOrder;
  busy: boolean;
  errors: Record<string, string>;
  requestKey: string;
  paymentProvider: string;
}) {
  const [refundLabel, setRefundLabel] = useState("Make refund");
  return (
    <Form
      method="post"
      id="refund-form"
      className="mt-4 grid grid-cols-1 gap-4 rounded-card border border-line bg-surface p-4 sm:p-6"
      noValidate
      onChange={(event) => setRefundLabel(refundButtonLabel(refundOrder, Object.fromEntries(new FormData(event.currentTarget))))}
    >
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="requestKey" value={requestKey} />
      <h3 className="text-lg font-bold uppercase">Refund</h3>
      <p className="text-sm text-muted">
        Up to {formatPence(refundOrder.remainingPence)} is left to refund, through{" "}
        {paymentProvider === "stripe" ? "Stripe" : "the test payment provider"}. Lines are refunded at what was paid for them after any
        discount.
      </p>
      <fieldset className="grid min-w-0 grid-cols-1 gap-3">
        <legend className="text-sm font-medium">What to refund</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="mode" value="lines" defaultChecked className="size-5" /> Units of these lines
        </label>
        <div className="grid gap-2 pl-7">
          {lines.map((line) => {
            const left = line.quantity - line.refundedQuantity;
            return (
              <label key={line.id} className="flex items-center gap-3 text-sm">
                <span className="w-20 shrink-0">
                  <input
                    type="number"
                    name={`qty-${line.lineNumber}`}
                    min={0}
                    max={left}
                    defaultValue={0}
                    disabled={left === 0}
                    inputMode="numeric"
                    className={inputClasses}
                  />
                </span>
                <span className="min-w-0">
                  {line.productName} ({line.size}) · {left} of {line.quantity} left
                </span>
              </label>
            );
          })}
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="mode" value="amount" className="size-5" /> A free amount
        </label>
        <label className="flex flex-col gap-1.5 pl-7 text-sm font-medium">
          Amount in pounds
          <input name="amount" inputMode="decimal" placeholder="12.50" className={`${inputClasses} max-w-40`} />
        </label>
      </fieldset>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Reason (required)
        <input
          name="reason"
          required
          maxLength={500}
          className={inputClasses}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? "refund-reason-error" : undefined}
        />
        {errors.reason && (
          <span id="refund-reason-error" className="text-sm text-danger">
            {errors.reason}
          </span>
        )}
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" name="restock" className="size-5" /> Put the refunded units back in stock
      </label>
      <div>
        <Button type="submit" disabled={busy}>
          {refundLabel}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The last step of a refund: the amount, said once more, and the button that sends it. The
 * fields of the refund form go again, with its request key, so a double press is one refund.
 */
function RefundConfirmation({
  message,
  amountPence,
  fields,
  busy,
}: {
  message: string;
  amountPence: number;
  fields: Array<[string, string]>;
  busy: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [fields]);
  return (
    <Form
      method="post"
      className="mt-4 grid gap-3 rounded-card border-2 border-warning bg-surface p-4 sm:p-6"
      aria-labelledby="refund-confirm-heading"
    >
      <h3 id="refund-confirm-heading" ref={heading} tabIndex={-1} className="text-lg font-bold uppercase">
        Confirm the refund
      </h3>
      <p className="text-sm">{message} The money goes back to the customer's card and cannot be taken back.</p>
      {fields.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="confirm" value="yes" />
      <div>
        <Button type="submit" disabled={busy}>
          Confirm refund {formatPence(amountPence)}
        </Button>
      </div>
    </Form>
  );
}
