import { data, Form, Link } from "react-router";
import type { Route } from "./+types/customers";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { formatAuditTime } from "~/features/admin/audit-views";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { listCustomers } from "~/features/shop/orders-desk/customers.server";
import { pageMeta } from "~/lib/meta";
import { formatPence } from "~/lib/money";
import { z } from "~/lib/zod";
import { appContext } from "~/context";
import { Pagination } from "~/components/ui/pagination";

const customersQuery = z.object({
  q: z.string().trim().max(100).catch("").default(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "shop");
  const query = customersQuery.parse(Object.fromEntries(url.searchParams));
  const list = await listCustomers(context.db, query);
  return data({ query, ...list }, { headers: BACK_OFFICE_HEADERS });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Customers | Back Office", description: "The shop's customers.", path: null });

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { query, rows, total, pageCount } = loaderData;
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (page > 1) params.set("page", String(page));
    const text = params.toString();
    return `/admin/customers${text ? `?${text}` : ""}`;
  };
  return (
    <>
      <SectionHeading
        level={1}
        title="Customers"
        description="Everyone who has ordered, by e-mail address: their paid orders and what they spent after refunds."
      />
      <Form method="get" role="search" aria-label="Customers" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex flex-1 flex-col gap-1.5 text-sm font-medium">
          Search
          <input type="search" name="q" defaultValue={query.q} placeholder="Name or e-mail" className={inputClasses} />
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <p className="mt-4 text-sm text-muted" role="status">
        {total === 1 ? "1 customer" : `${total} customers`}
      </p>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-card border border-dashed border-line px-6 py-10 text-center text-muted">No customer matches.</p>
      ) : (
        <ul className="mt-4 divide-y divide-line rounded-card border border-line" aria-label="Customers">
          {rows.map((customer) => (
            <li key={customer.email} className="grid gap-1 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
              <div className="min-w-0">
                <p className="font-semibold">
                  {customer.name} {customer.hasAccount && <span className="text-xs font-normal text-muted">(has an account)</span>}
                </p>
                <p className="break-all text-sm text-muted">{customer.email}</p>
                <p className="text-xs text-muted">
                  Last order <time dateTime={customer.lastOrderAt}>{formatAuditTime(customer.lastOrderAt)}</time>
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-3 text-sm sm:justify-end">
                <span>
                  {customer.paidOrders === 1 ? "1 paid order" : `${customer.paidOrders} paid orders`}
                  {customer.allOrders > customer.paidOrders && (
                    <span className="text-muted"> (+{customer.allOrders - customer.paidOrders} unpaid)</span>
                  )}
                </span>
                <span className="font-semibold">{formatPence(customer.spentPence)} spent</span>
                <Link
                  to={`/admin/orders?email=${encodeURIComponent(customer.email)}`}
                  className="inline-flex min-h-11 items-center font-semibold underline"
                >
                  Orders<span className="sr-only"> by {customer.email}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={query.page} pageCount={pageCount} href={pageHref} previous="← Previous" next="Next →" />
    </>
  );
}
