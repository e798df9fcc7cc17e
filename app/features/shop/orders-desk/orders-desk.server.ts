/**
 * The shop desk's orders: the list (search, filters, pages, export), one order with everything
 * about it, and its status changes (docs/decisions/0034-order-fulfilment.md). Every change goes
 * through auditedWrite with the order's version checked.
 */
import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../../db/client.server";
import { emailOutbox, orderLines, orderRefunds, orders, paymentEvents, products, type OrderStatus } from "../../../../db/schema";
import { auditedWrite, updateVersioned, VersionConflictError, type AuditContext, type Tx } from "~/features/admin/audit.server";
import type { StaffUser } from "~/features/admin/staff.server";
import { queueEmail } from "~/features/mail/outbox.server";
import { orderShippedMessage } from "~/features/shop/store/order-emails.server";
import type { PaymentProvider } from "~/features/shop/payments/provider.server";
import { closeOrder } from "~/features/shop/store/order-lifecycle.server";
import { carrierLabel, type ShipForm } from "./carriers";
import { transition, type OrderAction } from "./order-flow";
import { ORDERS_PAGE_SIZE, type OrderListQuery } from "./order-query";
import { pageCountOf, pageOffset } from "~/lib/pagination";
import { refundableOrder, requestRefund } from "./refunds.server";
import { restockOrderLines } from "./restock.server";

type OrderRow = typeof orders.$inferSelect;

export const ORDER_TABLE = { table: orders, id: orders.id, entityType: "order" } as const;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The list's WHERE: search over number, name, e-mail and the address's postcode (spaces ignored). */
export function orderListWhere(query: OrderListQuery): SQL | undefined {
  const q = query.q;
  const compact = q.replace(/\s+/g, "").toUpperCase();
  return and(
    q
      ? or(
          ilike(orders.orderNumber, likePattern(q)),
          ilike(orders.customerName, likePattern(q)),
          ilike(orders.customerEmail, likePattern(q)),
          compact ? sql`replace(upper(${orders.shippingAddress} ->> 'postcode'), ' ', '') like ${likePattern(compact)}` : undefined,
        )
      : undefined,
    query.status ? eq(orders.status, query.status) : undefined,
    query.email ? sql`lower(${orders.customerEmail}) = ${query.email.toLowerCase()}` : undefined,
    query.product
      ? exists(sql`(select 1 from order_lines ol where ol.order_id = "orders"."id" and ol.product_id = ${query.product})`)
      : undefined,
    // Dates are days in the UK, as staff read them.
    query.from ? gte(orders.createdAt, sql`(${query.from}::date)::timestamp at time zone 'Europe/London'`) : undefined,
    query.to ? lt(orders.createdAt, sql`((${query.to}::date) + 1)::timestamp at time zone 'Europe/London'`) : undefined,
  );
}

const listColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  status: orders.status,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  postcode: sql<string | null>`${orders.shippingAddress} ->> 'postcode'`,
  totalPence: orders.totalPence,
  refundedPence: orders.refundedPence,
  items: sql<number>`(select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = "orders"."id")`,
};

export async function listOrders(db: Database, query: OrderListQuery) {
  const where = orderListWhere(query);
  const [rows, [totals]] = await Promise.all([
    db
      .select(listColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset(pageOffset(query.page, ORDERS_PAGE_SIZE)),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const total = totals?.total ?? 0;
  return {
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total,
    pageCount: pageCountOf(total, ORDERS_PAGE_SIZE),
  };
}

/** The products the list can be filtered by. */
export function productOptions(db: Database) {
  return db.select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.sortOrder), asc(products.id));
}

/** Most orders one export holds; a bigger one is narrowed with the filters. */
export const EXPORT_LIMIT = 10_000;

export async function exportOrders(db: Database, query: OrderListQuery) {
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      address: orders.shippingAddress,
      subtotalPence: orders.subtotalPence,
      discountPence: orders.discountPence,
      shippingPence: orders.shippingPence,
      totalPence: orders.totalPence,
      refundedPence: orders.refundedPence,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      items: sql<string>`(select coalesce(string_agg(ol.quantity || ' x ' || ol.product_name || ' (' || ol.size || ')', '; ' order by ol.line_number), '') from order_lines ol where ol.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(orderListWhere(query))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(EXPORT_LIMIT + 1);
  return { rows: rows.slice(0, EXPORT_LIMIT), truncated: rows.length > EXPORT_LIMIT };
}

/** Everything the order page shows; null when there is no such order. */
export async function orderDetail(db: Database, orderNumber: string) {
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!order) return null;
  const [lines, refunds, events, emails, refundable] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.lineNumber)),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)).orderBy(asc(orderRefunds.createdAt)),
    db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, order.id))
      .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id)),
    // Every e-mail about an order names it in the subject (confirmation, shipped, refund).
    db
      .select({
        id: emailOutbox.id,
        subject: emailOutbox.subject,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
        failedAt: emailOutbox.failedAt,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        textBody: emailOutbox.textBody,
      })
      .from(emailOutbox)
      .where(
        and(
          sql`lower(${emailOutbox.toAddress}) = lower(${order.customerEmail})`,
          ilike(emailOutbox.subject, likePattern(order.orderNumber)),
        ),
      )
      .orderBy(asc(emailOutbox.createdAt)),
    refundableOrder(db, order),
  ]);
  return { order, lines, refunds, events, emails, refundable };
}

export type StatusChange =
  { ok: true; order: OrderRow; message: string } | { ok: false; kind: "conflict" | "refused" | "not-found" | "provider"; message: string };

type DeskContext = AuditContext & { payments: PaymentProvider; publicUrl: string };

class Refused extends Error {}

/**
 * Moves an order on (pack, ship, deliver) or cancels it, based on the version the page showed.
 * Cancelling a paid order first refunds what is left of its payment through the provider; if the
 * provider fails, nothing changes.
 */
export async function changeOrderStatus(
  context: DeskContext,
  staff: StaffUser,
  orderId: string,
  change: { action: OrderAction; version: number; ship?: ShipForm; reason?: string; requestKey?: string },
  now: Date,
): Promise<StatusChange> {
  const [current] = await context.db.select().from(orders).where(eq(orders.id, orderId));
  if (!current) return { ok: false, kind: "not-found", message: "There is no such order." };
  if (current.version !== change.version)
    return { ok: false, kind: "conflict", message: new VersionConflictError("order", orderId).message };
  const step = transition(current.status, change.action);
  if (!step.ok) return { ok: false, kind: "refused", message: step.message };
  if (change.action === "ship" && !change.ship)
    return { ok: false, kind: "refused", message: "Choose the carrier and enter the tracking number." };

  let refundNote = "";
  if (step.refund) {
    const { remainingPence } = await refundableOrder(context.db, current);
    if (remainingPence > 0) {
      const refunded = await requestRefund(
        context,
        staff,
        orderId,
        {
          ask: { mode: "amount", amountPence: remainingPence },
          reason: `Order cancelled${change.reason ? `: ${change.reason}` : ""}`,
          restock: false,
          requestKey: change.requestKey ?? `cancel-v${current.version}`,
        },
        now,
      );
      if (!refunded.ok)
        return {
          ok: false,
          kind: refunded.kind === "provider" ? "provider" : "refused",
          message:
            refunded.kind === "provider"
              ? refunded.message.replace("Nothing was refunded", "The order was not cancelled, nothing was refunded")
              : refunded.message,
        };
      refundNote = ` ${refunded.message}`;
    }
  }

  try {
    const result = await auditedWrite(context, staff, async (tx) => {
      const [before] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!before) throw new Refused("There is no such order.");
      if (before.version !== change.version) throw new VersionConflictError("order", orderId);
      const again = transition(before.status, change.action);
      if (!again.ok) throw new Refused(again.message);
      const values: Partial<typeof orders.$inferInsert> =
        change.action === "pack"
          ? { status: "packed", packedAt: now }
          : change.action === "ship"
            ? {
                status: "shipped",
                shippedAt: now,
                carrier: change.ship!.carrier,
                trackingNumber: change.ship!.trackingNumber,
                trackingUrl: change.ship!.trackingUrl,
              }
            : change.action === "deliver"
              ? { status: "delivered", deliveredAt: now }
              : { status: "cancelled", closedAt: now };
      if (again.releaseStock === "release" && !before.stockReleasedAt) await closeOrder(tx, orderId, "cancelled", now);
      if (again.releaseStock === "restock")
        await restockAll(tx, staff, before, `Order cancelled${change.reason ? `: ${change.reason}` : ""}`, context.requestId ?? null);
      const after = await updateVersioned(tx, ORDER_TABLE, orderId, change.version, values);
      if (change.action === "ship") await queueShippedEmail(tx, after, context.publicUrl);
      return {
        value: after,
        audit: {
          action: `order.${change.action}`,
          entityType: "order",
          entityId: orderId,
          entityLabel: after.orderNumber,
          before: auditView(before),
          after: auditView(after),
          reason: change.reason ?? null,
        },
      };
    });
    if (!result.ok) return { ok: false, kind: "conflict", message: result.message };
    return { ok: true, order: result.value, message: `${STATUS_DONE[result.value.status] ?? "Saved."}${refundNote}` };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, kind: "refused", message: error.message };
    throw error;
  }
}

const STATUS_DONE: Partial<Record<OrderStatus, string>> = {
  packed: "Marked packed.",
  shipped: "Marked shipped; the customer has been e-mailed the tracking link.",
  delivered: "Marked delivered.",
  cancelled: "Order cancelled.",
};

/** The fields of an order the audit trail keeps for a status change. */
function auditView(order: OrderRow) {
  return {
    status: order.status,
    version: order.version,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    refundedPence: order.refundedPence,
  };
}

async function restockAll(tx: Tx, staff: StaffUser, order: OrderRow, reason: string, requestId: string | null) {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  await restockOrderLines(
    tx,
    staff,
    order,
    lines.map((line) => ({ lineNumber: line.lineNumber, quantity: line.quantity - line.restockedQuantity })),
    reason,
    requestId,
  );
}

async function queueShippedEmail(tx: Tx, order: OrderRow, publicUrl: string) {
  await queueEmail(tx, await orderShippedMessage(tx, order, carrierLabel(order.carrier), publicUrl));
}

/** Orders that are paid and not yet sent, for the list's count badge. */
export async function ordersToPack(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(orders)
    .where(inArray(orders.status, ["paid", "packed"]));
  return row?.total ?? 0;
}
