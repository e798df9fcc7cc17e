import { asc, eq } from "drizzle-orm";
import { emailPartners } from "~/features/partners/placements.server";
import type { Database } from "../../../../db/client.server";
import { orderLines, orders } from "../../../../db/schema";
import { brand } from "~/brand";
import { emailFrame } from "~/features/mail/email-frame.server";
import type { OutgoingEmail } from "~/features/mail/outbox.server";
import { renderEmail } from "~/features/mail/render-email.server";
import { confirmationPath } from "~/features/shop/payments/provider.server";
import { staffEmailsInEffect } from "~/features/admin/staff-grants.server";
import { readSiteSettings } from "~/features/settings/site-settings.server";
import { formatPence } from "~/lib/money";
import type { EmailFrame } from "~/features/mail/email-layout";
import {
  LatePaymentEmail,
  OrderConfirmationEmail,
  OrderShippedEmail,
  PaymentNotCompletedEmail,
  RefundEmail,
  TeamNewOrderEmail,
  TeamOversoldOrderEmail,
  type OrderEmailLine,
  type OrderEmailOrder,
  type ShippedEmailOrder,
  type TeamOrderEmailOrder,
} from "./order-emails";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const ORDER_REASON = `You receive this because you placed an order in the ${brand.name} store.`;
export const TEAM_ORDER_REASON = `You receive this because you look after the ${brand.name} shop.`;

/*
 * Each message is built by a function of plain data (used by the senders below and by the
 * back office's previews, app/features/email-previews/catalogue.server.tsx), and sent by a function that
 * reads the order in the transaction that makes the message necessary.
 */

export async function orderConfirmationEmail(
  frame: EmailFrame,
  to: string,
  order: OrderEmailOrder,
  lines: OrderEmailLine[],
  orderUrl: string,
): Promise<OutgoingEmail> {
  return {
    to,
    subject: `Your ${brand.name} order ${order.orderNumber}`,
    ...(await renderEmail(<OrderConfirmationEmail frame={frame} order={order} lines={lines} orderUrl={orderUrl} />)),
    headers: { "Reply-To": brand.email },
  };
}

export async function latePaymentEmail(
  frame: EmailFrame,
  to: string,
  order: OrderEmailOrder,
  lines: OrderEmailLine[],
): Promise<OutgoingEmail> {
  return {
    to,
    subject: `Your ${brand.name} order ${order.orderNumber}: payment refunded`,
    ...(await renderEmail(<LatePaymentEmail frame={frame} order={order} lines={lines} />)),
    headers: { "Reply-To": brand.email },
  };
}

export async function orderShippedEmail(
  frame: EmailFrame,
  to: string,
  order: ShippedEmailOrder & { carrierName: string | null },
  lines: OrderEmailLine[],
  orderUrl: string | null,
): Promise<OutgoingEmail> {
  return {
    to,
    subject: `Your ${brand.name} order ${order.orderNumber} is on its way`,
    ...(await renderEmail(<OrderShippedEmail frame={frame} order={order} lines={lines} orderUrl={orderUrl} />)),
    headers: { "Reply-To": brand.email },
  };
}

export async function refundEmail(
  frame: EmailFrame,
  to: string,
  order: { orderNumber: string; customerName: string },
  amountPence: number,
  items: Array<{ quantity: number; name: string }>,
): Promise<OutgoingEmail> {
  return {
    to,
    subject: `Refund for your ${brand.name} order ${order.orderNumber}`,
    ...(await renderEmail(<RefundEmail frame={frame} order={order} amountPence={amountPence} items={items} />)),
    headers: { "Reply-To": brand.email },
  };
}

export async function paymentNotCompletedEmail(
  frame: EmailFrame,
  to: string,
  order: Pick<OrderEmailOrder, "orderNumber" | "customerName" | "totalPence">,
  lines: OrderEmailLine[],
  outcome: "failed" | "expired",
): Promise<OutgoingEmail> {
  return {
    to,
    subject: `Your ${brand.name} order ${order.orderNumber} was not completed`,
    ...(await renderEmail(<PaymentNotCompletedEmail frame={frame} order={order} lines={lines} outcome={outcome} />)),
    headers: { "Reply-To": brand.email },
  };
}

/** The back office's page for an order. */
export function orderDeskUrl(publicUrl: string, orderNumber: string): string {
  return `${publicUrl}/admin/orders/${encodeURIComponent(orderNumber)}`;
}

export async function teamNewOrderEmail(
  frame: EmailFrame,
  to: string,
  order: TeamOrderEmailOrder,
  lines: OrderEmailLine[],
): Promise<OutgoingEmail> {
  return {
    to,
    subject: `New order ${order.orderNumber}: ${formatPence(order.totalPence)}`,
    ...(await renderEmail(
      <TeamNewOrderEmail frame={frame} order={order} lines={lines} deskUrl={orderDeskUrl(frame.publicUrl, order.orderNumber)} />,
    )),
    headers: { "Reply-To": order.customerEmail },
  };
}

export async function teamOversoldOrderEmail(
  frame: EmailFrame,
  to: string,
  order: TeamOrderEmailOrder,
  lines: OrderEmailLine[],
): Promise<OutgoingEmail> {
  return {
    to,
    subject: `Paid too late, refunding: order ${order.orderNumber}`,
    ...(await renderEmail(
      <TeamOversoldOrderEmail frame={frame} order={order} lines={lines} deskUrl={orderDeskUrl(frame.publicUrl, order.orderNumber)} />,
    )),
    headers: { "Reply-To": order.customerEmail },
  };
}

async function readOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} not found`);
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.lineNumber));
  return { order, lines };
}

/** Where the customer sees the order: their dashboard when it is on an account, else the confirmation page of its payment. */
export function orderPageUrl(
  publicUrl: string,
  order: { orderNumber: string; userId: string | null; providerSessionId: string | null },
): string {
  if (order.userId || !order.providerSessionId) return `${publicUrl}/dashboard/orders/${encodeURIComponent(order.orderNumber)}`;
  return `${publicUrl}${confirmationPath(order.providerSessionId)}`;
}

export async function orderConfirmationMessage(tx: Tx, orderId: string, publicUrl: string): Promise<OutgoingEmail> {
  const { order, lines } = await readOrder(tx, orderId);
  return orderConfirmationEmail(
    await emailFrame(tx, publicUrl, ORDER_REASON, await emailPartners(tx, publicUrl, "email-order-confirmation")),
    order.customerEmail,
    order,
    lines,
    orderPageUrl(publicUrl, order),
  );
}

export async function latePaymentMessage(tx: Tx, orderId: string, publicUrl: string): Promise<OutgoingEmail> {
  const { order, lines } = await readOrder(tx, orderId);
  return latePaymentEmail(await emailFrame(tx, publicUrl, ORDER_REASON), order.customerEmail, order, lines);
}

type OrderRow = typeof orders.$inferSelect;

export async function orderShippedMessage(
  tx: Tx,
  order: OrderRow & ShippedEmailOrder,
  carrierName: string | null,
  publicUrl: string,
): Promise<OutgoingEmail> {
  const { lines } = await readOrder(tx, order.id);
  const orderUrl = order.userId ? orderPageUrl(publicUrl, order) : null;
  const partners = await emailPartners(tx, publicUrl, "email-order-shipped");
  return orderShippedEmail(
    await emailFrame(tx, publicUrl, ORDER_REASON, partners),
    order.customerEmail,
    { ...order, carrierName },
    lines,
    orderUrl,
  );
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
  return refundEmail(await emailFrame(tx, publicUrl, ORDER_REASON), order.customerEmail, order, amountPence, items);
}

export async function paymentNotCompletedMessage(
  tx: Tx,
  orderId: string,
  outcome: "failed" | "expired",
  publicUrl: string,
): Promise<OutgoingEmail> {
  const { order, lines } = await readOrder(tx, orderId);
  return paymentNotCompletedEmail(await emailFrame(tx, publicUrl, ORDER_REASON), order.customerEmail, order, lines, outcome);
}

/**
 * Who hears of the shop's orders: everyone whose `shop` staff role is in effect (as for low
 * stock; a role waiting for two-factor and an admin's confirmation does not count, ADR 0100), or,
 * when nobody's is yet, the site's contact address (site settings), so an order is never silent.
 */
export async function shopTeamAddresses(tx: Tx): Promise<string[]> {
  const staff = await staffEmailsInEffect(tx, "shop");
  if (staff.length > 0) return staff;
  return [(await readSiteSettings(tx)).email];
}

/** The team's notice of a paid order (`kind: "paid"`) or of one paid after its items were sold (`"oversold"`), one e-mail per address. */
export async function teamOrderMessages(tx: Tx, orderId: string, kind: "paid" | "oversold", publicUrl: string): Promise<OutgoingEmail[]> {
  const { order, lines } = await readOrder(tx, orderId);
  const frame = await emailFrame(tx, publicUrl, TEAM_ORDER_REASON);
  const build = kind === "paid" ? teamNewOrderEmail : teamOversoldOrderEmail;
  const addresses = await shopTeamAddresses(tx);
  // One message, rendered once, addressed to each: nobody sees who else receives it.
  const message = await build(frame, addresses[0]!, order, lines);
  return addresses.map((to) => ({ ...message, to }));
}
