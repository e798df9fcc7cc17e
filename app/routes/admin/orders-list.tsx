import { data, Form, Link } from "react-router";
import type { Route } from "./+types/orders-list";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { formatAuditTime } from "~/features/admin/audit-views";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { OrderStatusBadge, RefundNote } from "~/features/shop/orders-desk/order-badges";
import { EMPTY_ORDER_QUERY, ORDER_STATUS_FILTERS, orderListQuery, orderQueryString } from "~/features/shop/orders-desk/order-query";
import { listOrders, productOptions } from "~/features/shop/orders-desk/orders-desk.server";
import { pageMeta } from "~/lib/meta";
import { formatPence } from "~/lib/money";
import { appContext } from "~/context";
import { Pagination } from "~/components/ui/pagination";

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "shop");
  const parsed = orderListQuery.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : EMPTY_ORDER_QUERY;
  const [list, products] = await Promise.all([listOrders(context.db, query), productOptions(context.db)]);
  return data(
    { query, ...list, products, queryError: parsed.success ? null : parsed.error.issues[0]!.message },
    { status: parsed.success ? 200 : 400, headers: BACK_OFFICE_HEADERS },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Orders | Back Office", description: "The shop's orders.", path: null });

export default function OrdersList({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, pageCount, products, queryError } = loaderData;
  const selectClasses = inputClasses;
  return (
    <>
      <SectionHeading level={1} title="Orders" description="Search, filter and open an order to pack, ship, refund or cancel it." />
      {queryError && <FormNotice tone="error">{queryError}</FormNotice>}
      <Form
        method="get"
        role="search"
        aria-label="Orders"
        className="grid gap-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <label className="flex flex-col gap-1.5 text-sm font-medium sm:col-span-2 lg:col-span-3">
          Search
          <input
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder="Order number, name, e-mail or postcode"
            className={inputClasses}
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Status
          <select name="status" defaultValue={query.status} className={selectClasses}>
            <option value="">Any status</option>
            {ORDER_STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Product
          <select name="product" defaultValue={query.product === "" ? "" : String(query.product)} className={selectClasses}>
            <option value="">Any product</option>
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </select>
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className="flex min-w-0 flex-col gap-1.5 text-sm font-medium">
            From
            <input type="date" name="from" defaultValue={query.from} className={inputClasses} />
          </label>
          <label className="flex min-w-0 flex-col gap-1.5 text-sm font-medium">
            To
            <input type="date" name="to" defaultValue={query.to} className={inputClasses} />
          </label>
        </div>
        {query.email && <input type="hidden" name="email" value={query.email} />}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-3">
          <Button type="submit" variant="secondary">
            Show orders
          </Button>
          <a
            href={`/admin/orders/export${orderQueryString(query, { page: 1 })}`}
            className="inline-flex min-h-11 items-center text-sm font-semibold underline"
            download
          >
            Export these as CSV
          </a>
          {(query.q || query.status || query.product || query.from || query.to || query.email) && (
            <Link to="/admin/orders" className="inline-flex min-h-11 items-center text-sm text-muted underline hover:text-text">
              Clear filters
            </Link>
          )}
        </div>
      </Form>
      {query.email && (
        <p className="mt-4 text-sm">
          Orders by <strong className="break-all">{query.email}</strong> ·{" "}
          <Link to={`/admin/orders${orderQueryString(query, { email: "", page: 1 })}`} className="underline">
            all customers
          </Link>
        </p>
      )}
      <p className="mt-4 text-sm text-muted" role="status">
        {total === 1 ? "1 order" : `${total} orders`}
      </p>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-card border border-dashed border-line px-6 py-10 text-center text-muted">No order matches.</p>
      ) : (
        <ul className="mt-4 divide-y divide-line rounded-card border border-line" aria-label="Orders">
          {rows.map((order) => (
            <li key={order.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
              <div className="min-w-0">
                <Link
                  to={`/admin/orders/${order.orderNumber}`}
                  className="font-mono font-semibold text-text hover:text-accent-text hover:underline"
                >
                  {order.orderNumber}
                </Link>
                <p className="break-words text-sm">
                  {order.customerName} <span className="text-muted">· {order.customerEmail}</span>
                  {order.postcode && <span className="text-muted"> · {order.postcode}</span>}
                </p>
                <p className="text-xs text-muted">
                  <time dateTime={order.createdAt}>{formatAuditTime(order.createdAt)}</time> ·{" "}
                  {order.items === 1 ? "1 item" : `${order.items} items`}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm sm:justify-end">
                <OrderStatusBadge status={order.status} />
                <RefundNote refundedPence={order.refundedPence} totalPence={order.totalPence} />
                <span className="font-semibold">{formatPence(order.totalPence)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={query.page}
        pageCount={pageCount}
        href={(page) => `/admin/orders${orderQueryString(query, { page })}`}
        previous="← Previous"
        next="Next →"
      />
    </>
  );
}
