import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/order";
import { LinkButton } from "~/components/ui/link-button";
import { FormNotice } from "~/components/ui/form-notice";
import { HistoryPanel } from "~/features/admin/audit-views";
import { entityHistory } from "~/features/admin/history.server";
import { RecordTabs, recordTabOf } from "~/features/admin/record-tabs";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { requireStepUp } from "~/features/admin/step-up.server";
import { useUnsavedFormWarning } from "~/features/admin/unsaved-changes";
import { shipFormSchema } from "~/features/shop/orders-desk/carriers";
import { OrderStatusBadge, RefundNote } from "~/features/shop/orders-desk/order-badges";
import { availableActions, pendingStatus, wasPaid } from "~/features/shop/orders-desk/order-flow";
import { ORDER_NUMBER_PATTERN, orderIntentSchema, statusFormSchema } from "~/features/shop/orders-desk/order-forms";
import { changeOrderStatus, orderDetail } from "~/features/shop/orders-desk/orders-desk.server";
import { OrderNextStep } from "~/features/shop/orders-desk/order-next-step";
import { OrderCustomer, OrderItems } from "~/features/shop/orders-desk/order-summary";
import { OrderTimeline } from "~/features/shop/orders-desk/order-timeline";
import { planRefund, refundAskOf, refundFormSchema, type RefundableOrder } from "~/features/shop/orders-desk/refund-plan";
import { RefundPanel } from "~/features/shop/orders-desk/refund-panel";
import { newRefundRequestKey, requestRefund } from "~/features/shop/orders-desk/refunds.server";
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
const answer = deskAnswer<ActionData>;

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

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  useUnsavedFormWarning("refund-form");
  const { order, lines, refunds, events, emails, tab, history, actions, remainingPence, refundable, requestKey, cancelKey } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const base = `/admin/orders/${order.orderNumber}`;
  // While a status change is on its way, the badge shows where it goes (the server still decides).
  const status = pendingStatus(order.status, navigation.formData) ?? order.status;
  const refundOrder: RefundableOrder = { subtotalPence: order.subtotalPence, discountPence: order.discountPence, remainingPence, lines };
  const errors = actionData?.errors ?? {};
  const confirmRefund = actionData?.confirmRefund ? { message: actionData.message, ...actionData.confirmRefund } : null;
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
          <OrderNextStep
            order={order}
            actions={actions}
            busy={busy}
            errors={errors}
            cancelOpen={actionData?.form === "cancel"}
            cancelKey={cancelKey}
            remainingPence={remainingPence}
          />
          <OrderItems order={order} lines={lines} />
          <OrderCustomer order={order} />
          <RefundPanel
            refunds={refunds}
            lines={lines}
            refundable={refundable}
            refundOrder={refundOrder}
            confirm={confirmRefund}
            busy={busy}
            errors={errors}
            requestKey={requestKey}
            paymentProvider={order.paymentProvider}
          />
          <OrderTimeline events={events} emails={emails} />
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
