import { carrierLabel } from "~/features/shop/orders-desk/carriers";
import type { OrderLineRow, OrderRow } from "./orders.server";
import { formatUkLongDateTime } from "~/lib/dates";

/**
 * What an order page shows of a stored order (the confirmation page and My
 * orders): the date in UK time, and each line with its total.
 */
export function orderForPage(order: OrderRow & { lines: OrderLineRow[] }) {
  return {
    orderNumber: order.orderNumber,
    date: formatUkLongDateTime(order.createdAt),
    status: order.status,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    lines: order.lines.map((line) => ({
      key: line.lineNumber,
      name: line.productName,
      size: line.size,
      quantity: line.quantity,
      linePence: line.unitPricePence * line.quantity,
    })),
    subtotalPence: order.subtotalPence,
    discountPence: order.discountPence,
    promoCode: order.promoCode,
    shippingPence: order.shippingPence,
    totalPence: order.totalPence,
    refundedPence: order.refundedPence,
    tracking: trackingOf(order),
    shippingAddress: order.shippingAddress ?? null,
    shippingMethod: order.shippingMethod ?? null,
  };
}

/** How the parcel can be followed, once the shop desk has shipped the order. */
export function trackingOf(order: Pick<OrderRow, "carrier" | "trackingNumber" | "trackingUrl" | "shippedAt" | "deliveredAt">) {
  if (!order.trackingNumber || !order.shippedAt) return null;
  return {
    carrier: carrierLabel(order.carrier) ?? "Carrier",
    number: order.trackingNumber,
    url: order.trackingUrl,
    shippedOn: formatUkLongDateTime(order.shippedAt),
    deliveredOn: order.deliveredAt ? formatUkLongDateTime(order.deliveredAt) : null,
  };
}
