import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/order";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { FormNotice } from "~/components/ui/form-notice";
import { formatAuditTime, HistoryPanel } from "~/features/admin/audit-views";
import { entityHistory } from "~/features/admin/history.server";
import { RecordTabs, recordTabOf } from "~/features/admin/record-tabs";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { requireStepUp } from "~/features/admin/step-up.server";
import { useUnsavedFormWarning } from "~/features/admin/unsaved-changes";
import { CARRIER_KEYS, CARRIERS, carrierLabel, shipFormSchema } from "~/features/orders-desk/carriers";
import { OrderStatusBadge, RefundNote } from "~/features/orders-desk/order-badges";
import { availableActions, pendingStatus, wasPaid } from "~/features/orders-desk/order-flow";
import { ORDER_NUMBER_PATTERN, orderIntentSchema, statusFormSchema } from "~/features/orders-desk/order-forms";
import { changeOrderStatus, orderDetail } from "~/features/orders-desk/orders-desk.server";
import { planRefund, refundAskOf, refundButtonLabel, refundFormSchema, type RefundableOrder } from "~/features/orders-desk/refund-plan";
import { newRefundRequestKey, requestRefund } from "~/features/orders-desk/refunds.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { formatPence } from "~/lib/money";
import { appContext, type RequestContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";

function notFound(): never {
  throw data({ message: "There is no such order." }, { status: 404, headers: BACK_OFFICE_HEADERS });
}

async function load(context: RequestContext, orderNumber: string | undefined) {
  if (!orderNumber || !ORDER_NUMBER_PATTERN.test(orderNumber)) notFound();
  const detail = await orderDetail(context.db, orderNumber);
  if (!detail) notFound();
  return detail;
}

export async function loader({ request, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "shop");
  const { order, lines, refunds, events, emails, refundable } = await load(context, params.orderNumber);
  const tab = recordTabOf(request);
  const history =
    tab === "history" ? (await entityHistory(context.db, "order", order.id)).map((entry) => ({ ...entry, restorable: false })) : [];
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return data(
    {
      tab,
      history,
      order: {
        ...order,
        createdAt: order.createdAt.toISOString(),
        paidAt: iso(order.paidAt),
        packedAt: iso(order.packedAt),
        shippedAt: iso(order.shippedAt),
        deliveredAt: iso(order.deliveredAt),
        closedAt: iso(order.closedAt),
        expiresAt: order.expiresAt.toISOString(),
        stockReleasedAt: iso(order.stockReleasedAt),
      },
      lines: lines.map((line) => ({
        ...line,
        refundedQuantity: refundable.lines.find((r) => r.lineNumber === line.lineNumber)?.refundedQuantity ?? 0,
      })),
      refunds: refunds.map((refund) => ({
        ...refund,
        createdAt: refund.createdAt.toISOString(),
        updatedAt: refund.updatedAt.toISOString(),
        restockedAt: iso(refund.restockedAt),
      })),
      events: events.map((event) => ({
        id: event.id,
        provider: event.provider,
        eventId: event.eventId,
        type: event.type,
        receivedAt: event.receivedAt.toISOString(),
      })),
      emails: emails.map((email) => ({
        ...email,
        createdAt: email.createdAt.toISOString(),
        sentAt: iso(email.sentAt),
        failedAt: iso(email.failedAt),
      })),
      remainingPence: refundable.remainingPence,
      actions: availableActions(order.status),
      refundable: wasPaid(order.status, order.paidAt) && refundable.remainingPence > 0,
      // A fresh key each time the page is drawn: the same form sent twice is one refund.
      requestKey: newRefundRequestKey(),
      cancelKey: newRefundRequestKey(),
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

type ActionData = {
  tone: "error" | "success";
  message: string;
  errors: Record<string, string>;
  form?: "ship" | "refund" | "cancel";
  /** A refund asked for and not yet confirmed: its amount, and the fields to send again with the confirmation. */
  confirmRefund?: { amountPence: number; fields: Array<[string, string]> };
};
/** The refund form's own fields, the only ones a confirmation sends back. */
const REFUND_FIELD = /^(?:intent|mode|amount|reason|restock|requestKey|qty-\d{1,4})$/;
const answer = (result: ActionData, status = 200) => data(result, { status, headers: BACK_OFFICE_HEADERS });

export async function action({ request, context: routerContext, params }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "shop");
  const { order, refundable } = await load(context, params.orderNumber);
  const body = await readForm(request);
  const intent = orderIntentSchema.safeParse(Object.fromEntries(body));
  if (!intent.success) return answer({ tone: "error", message: "Choose what to do.", errors: {} }, 400);
  // Money going back, by a refund or by cancelling a paid order: confirm it's you first (ADR 0100).
  if (intent.data.intent === "refund" || (intent.data.intent === "cancel" && wasPaid(order.status, order.paidAt))) {
    const summary =
      intent.data.intent === "refund" ? `Refund money on order ${order.orderNumber}` : `Cancel and refund order ${order.orderNumber}`;
    await requireStepUp(request, context, staff, body, summary);
  }
  const form = Object.fromEntries(body);
  const now = new Date();

  if (intent.data.intent === "refund") {
    const parsed = refundFormSchema.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return answer(
        { tone: "error", message: issue.message, errors: { [String(issue.path[0] ?? "form")]: issue.message }, form: "refund" },
        400,
      );
    }
    const ask = refundAskOf(form);
    if (!ask.ok) return answer({ tone: "error", message: ask.message, errors: {}, form: "refund" }, 400);
    // Money cannot be taken back: the amount is shown and confirmed before anything is sent.
    if (form.confirm !== "yes") {
      const plan = planRefund(refundable, ask.ask);
      if (!plan.ok) return answer({ tone: "error", message: plan.message, errors: {}, form: "refund" }, 400);
      const fields = [...body.entries()].filter(([name, value]) => REFUND_FIELD.test(name) && typeof value === "string") as Array<
        [string, string]
      >;
      return answer({
        tone: "success",
        message: `Refund ${formatPence(plan.amountPence)} to ${order.customerName}? Check the amount, then confirm.`,
        errors: {},
        form: "refund",
        confirmRefund: { amountPence: plan.amountPence, fields },
      });
    }
    const result = await requestRefund(
      context,
      staff,
      order.id,
      { ask: ask.ask, reason: parsed.data.reason, restock: parsed.data.restock === "on", requestKey: parsed.data.requestKey },
      now,
    );
    if (!result.ok) {
      const status = result.kind === "provider" ? 502 : result.kind === "in-progress" ? 409 : result.kind === "not-found" ? 404 : 400;
      return answer({ tone: "error", message: result.message, errors: {}, form: "refund" }, status);
    }
    return answer({ tone: result.refund.status === "failed" ? "error" : "success", message: result.message, errors: {} });
  }

  const meta = statusFormSchema.safeParse(form);
  if (!meta.success) return answer({ tone: "error", message: meta.error.issues[0]!.message, errors: {} }, 400);
  let ship;
  if (intent.data.intent === "ship") {
    const parsed = shipFormSchema.safeParse(form);
    if (!parsed.success) {
      const errors = firstErrorPerField(parsed.error);
      return answer({ tone: "error", message: Object.values(errors)[0]!, errors, form: "ship" }, 400);
    }
    ship = parsed.data;
  }
  const result = await changeOrderStatus(
    context,
    staff,
    order.id,
    {
      action: intent.data.intent,
      version: meta.data.version,
      ship,
      reason: meta.data.reason || undefined,
      requestKey: meta.data.requestKey,
    },
    now,
  );
  if (!result.ok) {
    const status = result.kind === "conflict" ? 409 : result.kind === "not-found" ? 404 : result.kind === "provider" ? 502 : 400;
    return answer(
      {
        tone: "error",
        message: result.message,
        errors: {},
        form: intent.data.intent === "ship" ? "ship" : intent.data.intent === "cancel" ? "cancel" : undefined,
      },
      status,
    );
  }
  return answer({ tone: "success", message: result.message, errors: {} });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: `Order ${args.loaderData?.order.orderNumber ?? ""} | Back Office`, description: "One order.", path: null });

const ACTION_LABELS = { pack: "Mark packed", deliver: "Mark delivered" } as const;

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  useUnsavedFormWarning("refund-form");
  const { order, lines, refunds, events, emails, tab, history, actions, remainingPence, refundable, requestKey, cancelKey } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const base = `/admin/orders/${order.orderNumber}`;
  // While a status change is on its way, the badge shows where it goes (the server still decides).
  const status = pendingStatus(order.status, navigation.formData) ?? order.status;
  const refundOrder: RefundableOrder = { subtotalPence: order.subtotalPence, discountPence: order.discountPence, remainingPence, lines };
  const [refundLabel, setRefundLabel] = useState("Make refund");
  const errors = actionData?.errors ?? {};
  const address = order.shippingAddress;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/orders" className="text-muted underline hover:text-text">
          Orders
        </Link>
      </p>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-3xl font-bold uppercase sm:text-4xl">{order.orderNumber}</h1>
        <span data-testid="order-status" aria-busy={status !== order.status ? true : undefined}>
          <OrderStatusBadge status={status} />
        </span>
        <RefundNote refundedPence={order.refundedPence} totalPence={order.totalPence} />
      </div>
      <RecordTabs base={base} tab={tab} />
      {actionData && !actionData.confirmRefund && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}
      {tab === "history" ? (
        <HistoryPanel entries={history} currentVersion={order.version} title="History" />
      ) : (
        <div className="grid grid-cols-1 gap-8">
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
                {actions.includes("ship") && (
                  <Form method="post" className="grid gap-3 sm:grid-cols-2" noValidate>
                    <input type="hidden" name="intent" value="ship" />
                    <input type="hidden" name="version" value={order.version} />
                    <label className="flex flex-col gap-1.5 text-sm font-medium">
                      Carrier
                      <select
                        name="carrier"
                        required
                        defaultValue="royal-mail"
                        className={inputClasses}
                        aria-invalid={errors.carrier ? true : undefined}
                      >
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
                )}
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
                  <details className="rounded-lg border border-line p-3" open={actionData?.form === "cancel"}>
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

          <section aria-labelledby="lines-heading">
            <h2 id="lines-heading" className="text-xl font-bold uppercase">
              Items
            </h2>
            <ul className="mt-3 divide-y divide-line rounded-card border border-line text-sm">
              {lines.map((line) => (
                <li key={line.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3">
                  <span className="min-w-0">
                    {line.quantity} × {line.productName} <span className="text-muted">({line.size})</span>
                    {line.refundedQuantity > 0 && <span className="text-muted"> · {line.refundedQuantity} refunded</span>}
                    {line.restockedQuantity > 0 && <span className="text-muted"> · {line.restockedQuantity} back in stock</span>}
                  </span>
                  <span className="whitespace-nowrap">{formatPence(line.unitPricePence * line.quantity)}</span>
                </li>
              ))}
            </ul>
            <dl className="mt-3 grid gap-1 text-sm sm:max-w-sm sm:ml-auto">
              <Money label="Subtotal" pence={order.subtotalPence} />
              {order.discountPence > 0 && (
                <Money label={`Discount${order.promoCode ? ` (${order.promoCode})` : ""}`} pence={-order.discountPence} />
              )}
              <Money label="Shipping" pence={order.shippingPence} />
              <Money label="Total" pence={order.totalPence} strong />
              {order.refundedPence > 0 && <Money label="Refunded" pence={-order.refundedPence} />}
            </dl>
          </section>

          <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
            <section aria-labelledby="customer-heading">
              <h2 id="customer-heading" className="text-xl font-bold uppercase">
                Customer
              </h2>
              <dl className="mt-3 grid gap-2 text-sm">
                <Field label="Name" value={order.customerName} />
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wider text-muted">E-mail</dt>
                  <dd className="break-all">
                    <a href={`mailto:${order.customerEmail}`} className="underline">
                      {order.customerEmail}
                    </a>{" "}
                    ·{" "}
                    <Link to={`/admin/orders?email=${encodeURIComponent(order.customerEmail.toLowerCase())}`} className="underline">
                      their orders
                    </Link>
                  </dd>
                </div>
                {order.customerPhone && <Field label="Phone" value={order.customerPhone} />}
                <Field label="Account" value={order.userId ? "Signed in when ordering" : "Guest"} />
                {order.notes && <Field label="Notes" value={order.notes} />}
                <Field label="Placed" value={formatAuditTime(order.createdAt)} />
                {order.paidAt && <Field label="Paid" value={`${formatAuditTime(order.paidAt)} (${order.paymentProvider})`} />}
              </dl>
            </section>
            <section aria-labelledby="address-heading">
              <h2 id="address-heading" className="text-xl font-bold uppercase">
                Delivery address
              </h2>
              {address ? (
                <address className="mt-3 text-sm not-italic">
                  {[address.name, address.line1, address.line2, address.town, address.county, address.postcode, address.country]
                    .filter(Boolean)
                    .map((part, index) => (
                      <span key={index} className="block break-words">
                        {part}
                      </span>
                    ))}
                </address>
              ) : (
                <p className="mt-3 text-sm text-muted">No delivery address</p>
              )}
            </section>
          </div>

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
            {refundable && actionData?.confirmRefund && (
              <RefundConfirmation message={actionData.message} {...actionData.confirmRefund} busy={busy} />
            )}
            {refundable && (
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
                  Up to {formatPence(remainingPence)} is left to refund, through{" "}
                  {order.paymentProvider === "stripe" ? "Stripe" : "the test payment provider"}. Lines are refunded at what was paid for
                  them after any discount.
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
            )}
          </section>

          <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
            <section aria-labelledby="events-heading">
              <h2 id="events-heading" className="text-xl font-bold uppercase">
                Payment events
              </h2>
              {events.length === 0 ? (
                <p className="mt-2 text-sm text-muted">None received.</p>
              ) : (
                <ul className="mt-3 grid gap-1 text-sm">
                  {events.map((event) => (
                    <li key={event.id} className="break-words">
                      <span className="font-semibold">{event.type}</span>{" "}
                      <span className="text-muted">
                        · {formatAuditTime(event.receivedAt)} · {event.eventId}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="emails-heading">
              <h2 id="emails-heading" className="text-xl font-bold uppercase">
                E-mails to the customer
              </h2>
              {emails.length === 0 ? (
                <p className="mt-2 text-sm text-muted">None.</p>
              ) : (
                <ul className="mt-3 grid gap-2 text-sm">
                  {emails.map((email) => (
                    <li key={email.id}>
                      <details>
                        <summary className="cursor-pointer break-words">
                          <span className="font-semibold">{email.subject}</span>{" "}
                          <span className="text-muted">
                            ·{" "}
                            {email.sentAt
                              ? `sent ${formatAuditTime(email.sentAt)}`
                              : email.failedAt
                                ? `not delivered: ${email.lastError ?? "given up"} (see the mail queue)`
                                : email.lastError
                                  ? `not sent yet (${email.attempts} tries)`
                                  : "waiting to be sent"}
                          </span>
                        </summary>
                        <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-ink p-3 font-sans text-xs">{email.textBody}</pre>
                      </details>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
          <p>
            <LinkButton to={`${base}/packing-slip`} variant="secondary">
              Packing slip
            </LinkButton>
          </p>
        </div>
      )}
    </>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}

function Money({ label, pence, strong }: { label: string; pence: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "font-bold" : ""}`}>
      <dt className={strong ? undefined : "text-muted"}>{label}</dt>
      <dd>{pence < 0 ? `−${formatPence(-pence)}` : formatPence(pence)}</dd>
    </div>
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
