/**
 * The payment provider's signed refund events (docs/decisions/0035-refunds.md): each recorded
 * once by its event id, then the refunds it tells about settled as the desk's own are
 * (refunds.server.ts), and a refund made outside the desk recorded as a new refund of the order.
 */
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Database } from "../../../../db/client.server";
import { orderRefunds, orders, paymentEvents } from "../../../../db/schema";
import { insertAuditEvent, type AuditActor, type AuditEntry, type Tx } from "~/features/admin/audit.server";
import type { RefundEventInput } from "~/features/shop/payments/provider.server";
import { settleRefund, type OrderRow } from "./refunds.server";

export type RefundEventResult =
  { kind: "duplicate" } | { kind: "unknown_order" } | { kind: "applied"; orderId: string; refundedPence: number };

class UnknownOrder extends Error {}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The provider as the audit trail names it when its events change an order. */
function providerActor(provider: string): AuditActor {
  return { id: null, label: `Payment provider (${provider})`, roles: [], actingAs: null };
}

/**
 * A refund event from the signed webhook: recorded once by event id (a replay changes nothing),
 * then each refund it tells about settled. A refund made outside the desk (the provider's own
 * dashboard) is recorded as a new refund of the order. Events for no known order record nothing,
 * so a later delivery can still apply.
 */
/** `publicUrl`: the site's address, for the links in the refund's e-mail. */
export async function applyRefundEvent(db: Database, event: RefundEventInput, now: Date, publicUrl: string): Promise<RefundEventResult> {
  const actor = providerActor(event.provider);
  try {
    return await db.transaction(async (tx): Promise<RefundEventResult> => {
      const inserted = await tx
        .insert(paymentEvents)
        .values({ provider: event.provider, eventId: event.eventId, type: event.type, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (inserted.length === 0) return { kind: "duplicate" };

      const orderId = await orderIdOf(tx, event);
      if (!orderId) throw new UnknownOrder();
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!order) throw new UnknownOrder();
      await tx.update(paymentEvents).set({ orderId: order.id }).where(eq(paymentEvents.id, inserted[0]!.id));

      const audit: AuditEntry[] = [];
      let current: OrderRow = order;
      const reload = async () => (await tx.select().from(orders).where(eq(orders.id, order.id)))[0]!;
      for (const item of event.refunds) {
        let [row] = await tx
          .select()
          .from(orderRefunds)
          .where(
            and(
              eq(orderRefunds.orderId, order.id),
              or(
                eq(orderRefunds.providerRefundId, item.providerRefundId),
                item.refundRequestId && uuidPattern.test(item.refundRequestId) ? eq(orderRefunds.id, item.refundRequestId) : undefined,
              ),
            ),
          )
          .for("update");
        if (!row) {
          if (item.amountPence <= 0) continue;
          [row] = await tx
            .insert(orderRefunds)
            .values({
              orderId: order.id,
              requestKey: `provider-${item.providerRefundId}`.slice(0, 64),
              amountPence: item.amountPence,
              reason: "Refunded outside the shop desk (in the payment provider's dashboard)",
              status: "requested",
              provider: event.provider,
              providerRefundId: null,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
        }
        audit.push(
          ...(await settleRefund(
            tx,
            actor,
            current,
            row!,
            { providerRefundId: item.providerRefundId, status: item.status },
            now,
            null,
            publicUrl,
          )),
        );
        current = await reload();
      }
      // charge.refunded without its refunds listed: the charge's refunded total confirms those under way.
      if (event.refunds.length === 0 && event.amountRefundedPence !== undefined) {
        const open = await tx
          .select()
          .from(orderRefunds)
          .where(and(eq(orderRefunds.orderId, order.id), inArray(orderRefunds.status, ["pending", "succeeded"])))
          .orderBy(asc(orderRefunds.createdAt))
          .for("update");
        const total = open.reduce((sum, row) => sum + row.amountPence, 0);
        if (event.amountRefundedPence >= total) {
          for (const row of open.filter((candidate) => candidate.status === "pending")) {
            audit.push(
              ...(await settleRefund(
                tx,
                actor,
                current,
                row,
                { providerRefundId: row.providerRefundId!, status: "succeeded" },
                now,
                null,
                publicUrl,
              )),
            );
            current = await reload();
          }
        }
      }
      for (const entry of audit) await insertAuditEvent(tx, actor, entry, null);
      return { kind: "applied", orderId: order.id, refundedPence: current.refundedPence };
    });
  } catch (error) {
    if (error instanceof UnknownOrder) return { kind: "unknown_order" };
    throw error;
  }
}

async function orderIdOf(tx: Tx, event: RefundEventInput): Promise<string | null> {
  for (const item of event.refunds) {
    const byRequest =
      item.refundRequestId && uuidPattern.test(item.refundRequestId) ? eq(orderRefunds.id, item.refundRequestId) : undefined;
    const [row] = await tx
      .select({ orderId: orderRefunds.orderId })
      .from(orderRefunds)
      .where(
        byRequest
          ? or(eq(orderRefunds.providerRefundId, item.providerRefundId), byRequest)
          : eq(orderRefunds.providerRefundId, item.providerRefundId),
      );
    if (row) return row.orderId;
  }
  if (!event.paymentId) return null;
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.providerPaymentId, event.paymentId)).limit(1);
  return order?.id ?? null;
}
