import { data, Link } from "react-router";
import type { Route } from "./+types/dashboard-orders";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { requireUser } from "~/features/account/session.server";
import { ORDER_STATUS_LABELS } from "~/features/shop/store/order-status";
import { getOrdersForUser } from "~/features/shop/store/orders.server";
import { pageMeta } from "~/lib/meta";
import { formatPence } from "~/lib/money";
import { appContext } from "~/context";
import { formatUkDate } from "~/lib/dates";

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const user = await requireUser(request, context);
  const orders = await getOrdersForUser(context.db, user.id);
  return data(
    {
      orders: orders.map((order) => ({
        orderNumber: order.orderNumber,
        date: formatUkDate(order.createdAt),
        isoDate: order.createdAt.toISOString(),
        status: ORDER_STATUS_LABELS[order.status],
        itemCount: order.itemCount,
        totalPence: order.totalPence,
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "My Orders", description: "Orders you placed while signed in.", path: null });

export default function MyOrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <>
      <SectionHeading level={1} title="My Orders" description="Orders you placed while signed in." />
      {orders.length === 0 ? (
        <div className="rounded-card border border-line bg-surface p-5 sm:p-8">
          <p className="text-muted">You haven&apos;t placed an order while signed in yet.</p>
          <div className="mt-5">
            <LinkButton to="/store">Visit the Store</LinkButton>
          </div>
        </div>
      ) : (
        <ul className="divide-y divide-line rounded-card border border-line bg-surface">
          {orders.map((order) => (
            <li key={order.orderNumber}>
              <Link
                to={`/dashboard/orders/${order.orderNumber}`}
                className="flex flex-wrap items-center justify-between gap-x-6 gap-y-1 px-5 py-4 hover:bg-surface-raised"
              >
                <span className="font-semibold">
                  <span className="sr-only">Order </span>
                  {order.orderNumber}
                </span>
                <time dateTime={order.isoDate} className="text-sm text-muted">
                  {order.date}
                </time>
                <span className="text-sm text-muted">
                  {order.itemCount} {order.itemCount === 1 ? "item" : "items"}
                </span>
                <span className="text-sm">{order.status}</span>
                <span className="font-semibold">{formatPence(order.totalPence)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
