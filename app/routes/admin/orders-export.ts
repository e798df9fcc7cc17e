import { data } from "react-router";
import type { Route } from "./+types/orders-export";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { carrierLabel } from "~/features/shop/orders-desk/carriers";
import { toCsv } from "~/features/shop/orders-desk/csv";
import { orderListQuery } from "~/features/shop/orders-desk/order-query";
import { exportOrders } from "~/features/shop/orders-desk/orders-desk.server";
import { penceToDecimal } from "~/lib/money";
import { appContext } from "~/context";

const HEADER = [
  "order_number",
  "placed_at",
  "status",
  "customer_name",
  "customer_email",
  "customer_phone",
  "address_name",
  "address_line1",
  "address_line2",
  "town",
  "county",
  "postcode",
  "country",
  "items",
  "subtotal",
  "discount",
  "shipping",
  "total",
  "refunded",
  "carrier",
  "tracking_number",
];

/** The orders the list shows (same search and filters, every page) as a CSV file. */
export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "shop");
  const parsed = orderListQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw data({ message: parsed.error.issues[0]!.message }, { status: 400, headers: BACK_OFFICE_HEADERS });
  const { rows, truncated } = await exportOrders(context.db, parsed.data);
  const csv = toCsv(
    HEADER,
    rows.map((order) => [
      order.orderNumber,
      order.createdAt.toISOString(),
      order.status,
      order.customerName,
      order.customerEmail,
      order.customerPhone,
      order.address?.name,
      order.address?.line1,
      order.address?.line2,
      order.address?.town,
      order.address?.county,
      order.address?.postcode,
      order.address?.country,
      order.items,
      penceToDecimal(order.subtotalPence),
      penceToDecimal(order.discountPence),
      penceToDecimal(order.shippingPence),
      penceToDecimal(order.totalPence),
      penceToDecimal(order.refundedPence),
      carrierLabel(order.carrier),
      order.trackingNumber,
    ]),
  );
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      ...BACK_OFFICE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      ...(truncated ? { "X-Export-Truncated": "true" } : {}),
    },
  });
}
