import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { orderLines, orders } from "../../../db/schema";
import { brand } from "~/brand";
import { emailFrame } from "~/features/mail/email-frame.server";
import type { OutgoingEmail } from "~/features/mail/outbox.server";
import { renderEmail } from "~/features/mail/render-email.server";
import { confirmationPath } from "~/features/payments/provider.server";
import { LatePaymentEmail, OrderConfirmationEmail, OrderShippedEmail, RefundEmail, type ShippedEmailOrder } from "./order-emails";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const ORDER_REASON = `You receive this because you placed an order in the ${brand.name} store.`;

async function readOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} not found`);
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.lineNumber));
  return { order, lines };
}

/** Where the customer sees the order: their dashboard when it is on an account, else the confirmation page of its payment. */
export function orderPageUrl(publicUrl: string, order: { orderNumber: string; userId: string | null; providerSessionId: string | null }): string {
  if (order.userId || !order.providerSessionId) return `${publicUrl}/dashboard/orders/${encodeURIComponent(order.orderNumber)}`;
  return `${publicUrl}${confirmationPath(order.providerSessionId)}`;
}

export async function orderConfirmationMessage(tx: Tx, orderId: string, publicUrl: string): Promise<OutgoingEmail> {
  const { order, lines } = await readOrder(tx, orderId);
  const frame = await emailFrame(tx, publicUrl, ORDER_REASON);
  return {
    to: order.customerEmail,
    subject: `Your ${brand.name} order ${order.orderNumber}`,
    ...(await renderEmail(<OrderConfirmationEmail frame={frame} order={order} lines={lines} orderUrl={orderPageUrl(publicUrl, order)} />)),
    headers: { "Reply-To": brand.email },
  };
}

export async function latePaymentMessage(tx: Tx, orderId: string, publicUrl: string): Promise<OutgoingEmail> {
  const { order, lines } = await readOrder(tx, orderId);
  const frame = await emailFrame(tx, publicUrl, ORDER_REASON);
  return {
    to: order.customerEmail,
    subject: `Your ${brand.name} order ${order.orderNumber}: payment refunded`,
    ...(await renderEmail(<LatePaymentEmail frame={frame} order={order} lines={lines} />)),
    headers: { "Reply-To": brand.email },
  };
}

type OrderRow = typeof orders.$inferSelect;

export async function orderShippedMessage(tx: Tx, order: OrderRow & ShippedEmailOrder, carrierName: string | null, publicUrl: string): Promise<OutgoingEmail> {
  const { lines } = await readOrder(tx, order.id);
  const frame = await emailFrame(tx, publicUrl, ORDER_REASON);
  const orderUrl = order.userId ? orderPageUrl(publicUrl, order) : null;
  return {
    to: order.customerEmail,
    subject: `Your ${brand.name} order ${order.orderNumber} is on its way`,
    ...(await renderEmail(<OrderShippedEmail frame={frame} order={{ ...order, carrierName }} lines={lines} orderUrl={orderUrl} />)),
    headers: { "Reply-To": brand.email },
  };
}

export async function refundMessage(
  tx: Tx,
  order: OrderRow,
  amountPence: number,
  refunded: Array<{ lineNumber: number; quantity: number }>,
  publicUrl: string,
): Promise<OutgoingEmail> {
  const { lines } = await readOrder(tx, order.id);
  const items = refunded.map((item) => {
    const line = lines.find((candidate) => candidate.lineNumber === item.lineNumber);
    return { quantity: item.quantity, name: line ? `${line.productName} (${line.size})` : "item" };
  });
  const frame = await emailFrame(tx, publicUrl, ORDER_REASON);
  return {
    to: order.customerEmail,
    subject: `Refund for your ${brand.name} order ${order.orderNumber}`,
    ...(await renderEmail(<RefundEmail frame={frame} order={order} amountPence={amountPence} items={items} />)),
    headers: { "Reply-To": brand.email },
  };
}
