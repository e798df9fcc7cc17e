import { data, Link } from "react-router";
import type { Route } from "./+types/order-packing-slip";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { ORDER_NUMBER_PATTERN } from "~/features/shop/orders-desk/order-forms";
import { orderDetail } from "~/features/shop/orders-desk/orders-desk.server";
import { PrintButton } from "~/features/shop/orders-desk/print-button";
import { brand } from "~/brand";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";
import { formatUkLongDate } from "~/lib/dates";

export async function loader({ request, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "shop");
  const orderNumber = params.orderNumber;
  const detail = orderNumber && ORDER_NUMBER_PATTERN.test(orderNumber) ? await orderDetail(context.db, orderNumber) : null;
  if (!detail) throw data({ message: "There is no such order." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  const { order, lines } = detail;
  return data(
    {
      orderNumber: order.orderNumber,
      placedOn: formatUkLongDate(order.createdAt),
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      customerPhone: order.customerPhone,
      notes: order.notes,
      address: order.shippingAddress,
      lines: lines.map((line) => ({ id: line.id, name: line.productName, size: line.size, quantity: line.quantity })),
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: `Packing slip ${args.loaderData?.orderNumber ?? ""} | Back Office`, description: "Packing slip.", path: null });

/**
 * The packing slip: a white A4 page on screen as on paper. When printed, the site's and the back
 * office's frames are left out (site.css, "packing slip" print rules); see ADR 0034.
 */
export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { orderNumber, placedOn, customerName, customerEmail, customerPhone, notes, address, lines } = loaderData;
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-3 print:hidden">
        <Link
          to={`/admin/orders/${orderNumber}`}
          className="inline-flex min-h-11 items-center text-sm text-muted underline hover:text-text"
        >
          Back to the order
        </Link>
        <PrintButton />
      </div>
      <article className="packing-slip mx-auto max-w-[210mm] bg-white p-6 text-black sm:p-10" aria-labelledby="slip-heading">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-black pb-4">
          <div>
            <p className="text-sm font-bold uppercase tracking-[0.2em]">{brand.name}</p>
            <h1 id="slip-heading" className="mt-1 text-2xl font-bold uppercase">
              Packing slip
            </h1>
          </div>
          <dl className="text-right text-sm">
            <dt className="font-semibold">Order</dt>
            <dd className="font-mono text-lg font-bold">{orderNumber}</dd>
            <dt className="mt-1 font-semibold">Placed</dt>
            <dd>{placedOn}</dd>
          </dl>
        </header>
        <section aria-labelledby="slip-to" className="mt-6 grid gap-6 sm:grid-cols-2 print:grid-cols-2">
          <div>
            <h2 id="slip-to" className="text-sm font-bold uppercase">
              Deliver to
            </h2>
            {address ? (
              <address className="mt-2 text-base not-italic leading-snug">
                {[address.name, address.line1, address.line2, address.town, address.county, address.postcode, address.country]
                  .filter(Boolean)
                  .map((part, index) => (
                    <span key={index} className="block">
                      {part}
                    </span>
                  ))}
              </address>
            ) : (
              <p className="mt-2 font-semibold">No delivery address</p>
            )}
          </div>
          <div className="text-sm">
            <h2 className="text-sm font-bold uppercase">Customer</h2>
            <p className="mt-2">{customerName}</p>
            <p className="break-all">{customerEmail}</p>
            {customerPhone && <p>{customerPhone}</p>}
          </div>
        </section>
        <table className="mt-8 w-full border-collapse text-sm">
          <caption className="sr-only">Items to pack</caption>
          <thead>
            <tr className="border-b-2 border-black text-left">
              <th scope="col" className="w-12 py-2 pr-2">
                Packed
              </th>
              <th scope="col" className="py-2 pr-2">
                Item
              </th>
              <th scope="col" className="py-2 pr-2">
                Size
              </th>
              <th scope="col" className="py-2 text-right">
                Qty
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} className="border-b border-black/40 [break-inside:avoid]">
                <td className="py-3 pr-2">
                  <span aria-hidden="true" className="inline-block size-5 border-2 border-black" />
                </td>
                <td className="py-3 pr-2">{line.name}</td>
                <td className="py-3 pr-2">{line.size}</td>
                <td className="py-3 text-right text-base font-bold">{line.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-right text-sm">
          <span className="font-semibold">Units</span> <span className="ml-4 text-base font-bold">{units}</span>
        </p>
        {notes && (
          <section className="mt-6 border-2 border-black p-3 text-sm" aria-label="Customer notes">
            <p className="font-bold uppercase">Customer notes</p>
            <p className="mt-1 whitespace-pre-line break-words">{notes}</p>
          </section>
        )}
        <footer className="mt-10 border-t border-black/40 pt-3 text-xs">
          Thank you for supporting {brand.name}! Questions or returns: {brand.email}.
        </footer>
      </article>
    </>
  );
}
