import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/dashboard-order";
import { LinkButton } from "~/components/ui/link-button";
import { requireUser } from "~/features/account/session.server";
import { OrderLines } from "~/features/shop/store/order-lines";
import { OrderProgress } from "~/features/shop/store/order-progress";
import { ORDER_STATUS_LABELS } from "~/features/shop/store/order-status";
import { orderForPage } from "~/features/shop/store/order-view.server";
import { getOrderForUser } from "~/features/shop/store/orders.server";
import { pageMeta } from "~/lib/meta";
import { formatPence } from "~/lib/money";
import { appContext } from "~/context";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const user = await requireUser(request, context);
  // Someone else's order answers exactly like one that does not exist.
  const order = await getOrderForUser(context.db, user.id, params.orderNumber);
  if (!order) throw data({ message: "Order not found" }, { status: 404, headers: NO_STORE });
  return data(
    {
      order: { ...orderForPage(order), status: ORDER_STATUS_LABELS[order.status] },
    },
    { headers: NO_STORE },
  );
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.order ? `Order ${args.loaderData.order.orderNumber}` : "Order Not Found",
    description: "One of your Ridgeway Racing orders.",
    path: null,
  });

export default function MyOrderPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <>
      <LinkButton to="/dashboard/orders" variant="ghost" size="sm" className="-ml-3 mb-4">
        ← My Orders
      </LinkButton>
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Order {order.orderNumber}</h1>
      <section aria-label="Order details" className="mt-6 rounded-card border border-line bg-surface p-5 sm:p-8">
        <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
          <Detail label="Order Date" value={order.date} />
          <Detail label="Status" value={order.status} />
          <Detail label="Name" value={order.customerName} />
          <Detail label="Email" value={order.customerEmail} />
        </dl>
        <h2 className="mt-8 text-lg font-bold uppercase">Items</h2>
        <OrderLines lines={order.lines} />
        <dl className="mt-4 space-y-1 border-t border-line pt-4 text-sm">
          <Row label="Subtotal" value={formatPence(order.subtotalPence)} />
          {order.discountPence > 0 && (
            <Row label={`Discount${order.promoCode ? ` (${order.promoCode})` : ""}`} value={`−${formatPence(order.discountPence)}`} />
          )}
          <Row label="Shipping" value={order.shippingPence === 0 ? "Free" : formatPence(order.shippingPence)} />
          <div className="flex justify-between pt-2 text-base font-bold">
            <dt>Total</dt>
            <dd>{formatPence(order.totalPence)}</dd>
          </div>
        </dl>
      </section>
      <OrderProgress tracking={order.tracking} refundedPence={order.refundedPence} totalPence={order.totalPence} />
    </>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</dt>
      <dd className="mt-1 break-words">{value}</dd>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-muted">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="py-12 text-center">
      <h1 className="text-3xl font-bold uppercase">{notFound ? "Order Not Found" : "Something went wrong"}</h1>
      <p className="mt-4 text-muted">
        {notFound ? "We couldn't find that order in your account." : "We couldn't show this order. Please try again in a moment."}
      </p>
      <div className="mt-8">
        <LinkButton to="/dashboard/orders">Back to My Orders</LinkButton>
      </div>
    </section>
  );
}
