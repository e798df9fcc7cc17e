/**
 * Refunds from the shop desk, through the payment provider (docs/decisions/0035-refunds.md).
 *
 * 1. A refund request row is written first, in a transaction with the order locked: the amount is
 *    checked against what is left (total less refunds that did not fail) and held. The form's
 *    one-time key is unique per order, so a double-click or a retried post finds the same row.
 * 2. The provider is asked, with the row's id as idempotency key (the same row never refunds twice).
 *    An error marks the row failed, which frees its amount; the order is left as it was.
 * 3. What the provider answers, and later its signed refund events, settle the row: the order's
 *    refunded amount is the sum of succeeded refunds, and a refund that asked for it puts its
 *    units back in stock once it has succeeded.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../../db/client.server";
import { orderLines, orderRefunds, orders, type RefundStatus } from "../../../../db/schema";
import { auditedWrite, type AuditActor, type AuditContext, type AuditEntry, type Tx } from "~/features/admin/audit.server";
import { queueEmail } from "~/features/mail/outbox.server";
import { refundMessage } from "~/features/shop/store/order-emails.server";
import type { PaymentProvider } from "~/features/shop/payments/provider.server";
import { formatPence } from "~/lib/money";
import { wasPaid } from "./order-flow";
import { planRefund, type RefundAsk, type RefundableOrder } from "./refund-plan";
import { restockOrderLines } from "./restock.server";

export type RefundRow = typeof orderRefunds.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

/** Refunds that hold part of the payment: asked for, under way or done. */
export const HOLDING_STATUSES: RefundStatus[] = ["requested", "pending", "succeeded"];

/** A request left "requested" this long (the app stopped mid-call) is asked of the provider again, same key. */
const STALE_REQUEST_MS = 60_000;

/** A fresh one-time key for the refund form. */
export function newRefundRequestKey(): string {
  return randomBytes(18).toString("base64url");
}

/** What is left to refund and how many units of each line, from the order's refunds. */
export async function refundableOrder(
  tx: Tx | Database,
  order: Pick<OrderRow, "id" | "totalPence" | "subtotalPence" | "discountPence">,
): Promise<RefundableOrder> {
  const [lines, refunds] = await Promise.all([
    tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.lineNumber)),
    tx
      .select({ amountPence: orderRefunds.amountPence, lines: orderRefunds.lines })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id), inArray(orderRefunds.status, HOLDING_STATUSES))),
  ]);
  const held = refunds.reduce((sum, refund) => sum + refund.amountPence, 0);
  const refundedUnits = new Map<number, number>();
  for (const refund of refunds)
    for (const line of refund.lines) refundedUnits.set(line.lineNumber, (refundedUnits.get(line.lineNumber) ?? 0) + line.quantity);
  return {
    subtotalPence: order.subtotalPence,
    discountPence: order.discountPence,
    remainingPence: order.totalPence - held,
    lines: lines.map((line) => ({
      lineNumber: line.lineNumber,
      productName: line.productName,
      size: line.size,
      unitPricePence: line.unitPricePence,
      quantity: line.quantity,
      refundedQuantity: refundedUnits.get(line.lineNumber) ?? 0,
    })),
  };
}

export interface RefundInput {
  ask: RefundAsk;
  reason: string;
  restock: boolean;
  requestKey: string;
}

export type RefundOutcome =
  | { ok: true; refund: RefundRow; message: string }
  | { ok: false; kind: "refused" | "not-found" | "provider" | "in-progress"; message: string };

class Refused extends Error {}

/** `publicUrl`: the site's address, for the links in the refund's e-mail. */
type RefundContext = AuditContext & { payments: PaymentProvider; publicUrl: string };

/** Asks for a refund of a paid order (see the module comment for the steps); staff, or the shop itself. */
export async function requestRefund(
  context: RefundContext,
  staff: AuditActor,
  orderId: string,
  input: RefundInput,
  now: Date,
): Promise<RefundOutcome> {
  let created: { row: RefundRow; fresh: boolean; order: OrderRow };
  try {
    const result = await auditedWrite(context, staff, async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (!order) throw new Refused("There is no such order.");
      const [existing] = await tx
        .select()
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.requestKey, input.requestKey)));
      if (existing) return { value: { row: existing, fresh: false, order }, audit: [] };
      if (!wasPaid(order.status, order.paidAt)) throw new Refused("This order has not been paid, so there is nothing to refund.");
      const plan = planRefund(await refundableOrder(tx, order), input.ask);
      if (!plan.ok) throw new Refused(plan.message);
      const [row] = await tx
        .insert(orderRefunds)
        .values({
          orderId: order.id,
          requestKey: input.requestKey,
          amountPence: plan.amountPence,
          reason: input.reason,
          lines: plan.lines,
          restock: input.restock && plan.lines.length > 0,
          status: "requested",
          provider: order.paymentProvider,
          requestedBy: staff.id ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return {
        value: { row: row!, fresh: true, order },
        audit: refundAudit("refund.request", order, null, row!, input.reason),
      };
    });
    if (!result.ok) return { ok: false, kind: "refused", message: result.message };
    created = result.value;
  } catch (error) {
    if (error instanceof Refused)
      return { ok: false, kind: error.message === "There is no such order." ? "not-found" : "refused", message: error.message };
    throw error;
  }

  const { row, fresh, order } = created;
  if (!fresh) {
    if (row.status !== "requested") return { ok: true, refund: row, message: describe(row) };
    if (now.getTime() - row.createdAt.getTime() < STALE_REQUEST_MS) {
      return {
        ok: false,
        kind: "in-progress",
        message: "This refund is already being sent to the payment provider; reload the page in a moment.",
      };
    }
  }

  let answer: Awaited<ReturnType<PaymentProvider["refund"]>>;
  try {
    answer = await context.payments.refund({
      refundRequestId: row.id,
      orderId: order.id,
      orderNumber: order.orderNumber,
      paymentId: order.providerPaymentId,
      amountPence: row.amountPence,
      reason: row.reason,
    });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    context.log.warn({ err: error, orderId: order.id, refundId: row.id }, "refund refused by the payment provider");
    await auditedWrite(context, staff, async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for("update");
      const [after] = await tx
        .update(orderRefunds)
        .set({ status: "failed", failureMessage: reason, updatedAt: now })
        .where(and(eq(orderRefunds.id, row.id), eq(orderRefunds.status, "requested")))
        .returning();
      return { value: null, audit: after ? refundAudit("refund.failed", order, row, after, `The payment provider said: ${reason}`) : [] };
    });
    return {
      ok: false,
      kind: "provider",
      message: `The payment provider did not make the refund (${reason}). Nothing was refunded and the order is as it was; try again later.`,
    };
  }

  const settled = await auditedWrite(context, staff, async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    const [current] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, row.id)).for("update");
    const audit = await settleRefund(
      tx,
      staff,
      locked!,
      current!,
      { providerRefundId: answer.providerRefundId, status: answer.status },
      now,
      context.requestId ?? null,
      context.publicUrl,
    );
    const [after] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, row.id));
    return { value: after!, audit };
  });
  if (!settled.ok) return { ok: false, kind: "refused", message: settled.message };
  return { ok: true, refund: settled.value, message: describe(settled.value) };
}

function describe(row: RefundRow): string {
  const amount = formatPence(row.amountPence);
  switch (row.status) {
    case "succeeded":
      return `Refunded ${amount}.${row.restockedAt ? " The units are back in stock." : ""}`;
    case "pending":
      return `The refund of ${amount} is under way at the payment provider; the order follows when it completes.`;
    case "failed":
    case "canceled":
      return `The refund of ${amount} did not go through: ${row.failureMessage ?? "the payment provider refused it"}.`;
    default:
      return `The refund of ${amount} is being sent to the payment provider.`;
  }
}

function refundAudit(action: string, order: OrderRow, before: unknown, after: unknown, reason: string): AuditEntry {
  return { action, entityType: "order", entityId: order.id, entityLabel: order.orderNumber, before, after, reason };
}

/** Order in which a refund's status may move: nothing goes back to "pending" once it is settled. */
const SETTLED: ReadonlySet<RefundStatus> = new Set(["succeeded", "failed", "canceled"]);

/**
 * Applies what the provider says of one refund, in the caller's transaction with the order and the
 * refund row locked: the row's status, the order's refunded amount (sum of succeeded refunds), the
 * restock once succeeded, and the customer's e-mail. Returns the audit rows to write.
 */
export async function settleRefund(
  tx: Tx,
  actor: AuditActor,
  order: OrderRow,
  row: RefundRow,
  update: { providerRefundId: string; status: Exclude<RefundStatus, "requested"> },
  now: Date,
  requestId: string | null,
  publicUrl: string,
): Promise<AuditEntry[]> {
  if (row.status === update.status && row.providerRefundId === update.providerRefundId) return [];
  if (update.status === "pending" && SETTLED.has(row.status)) return [];
  const [after] = await tx
    .update(orderRefunds)
    .set({
      status: update.status,
      providerRefundId: update.providerRefundId,
      updatedAt: now,
      ...(update.status === "failed" || update.status === "canceled"
        ? { failureMessage: row.failureMessage ?? `The payment provider reported the refund ${update.status}.` }
        : {}),
    })
    .where(eq(orderRefunds.id, row.id))
    .returning();
  const [sum] = await tx
    .select({ pence: sql<number>`coalesce(sum(${orderRefunds.amountPence}), 0)::int` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.status, "succeeded")));
  const refundedPence = Math.min(sum?.pence ?? 0, order.totalPence);
  if (refundedPence !== order.refundedPence) await tx.update(orders).set({ refundedPence }).where(eq(orders.id, order.id));
  let finalRow = after!;
  if (update.status === "succeeded" && row.status !== "succeeded") {
    if (row.restock && !row.restockedAt && row.lines.length > 0) {
      await restockOrderLines(tx, actor, order, row.lines, `Refund: ${row.reason}`, requestId);
      [finalRow] = (await tx.update(orderRefunds).set({ restockedAt: now }).where(eq(orderRefunds.id, row.id)).returning()) as [RefundRow];
    }
    await queueEmail(tx, await refundMessage(tx, order, row.amountPence, row.lines, publicUrl));
  }
  return [
    refundAudit(
      `refund.${update.status}`,
      order,
      { refundedPence: order.refundedPence, refund: row },
      { refundedPence, refund: finalRow },
      row.reason,
    ),
  ];
}

/** Who the audit trail names for refunds the shop makes on its own. */
const SHOP_ACTOR: AuditActor = { id: null, label: "The shop (automatic)", roles: [], actingAs: null };

/**
 * A payment that arrived after its order's hold ended and its units were sold (ADR 0053): the
 * order is cancelled with the payment recorded, and the whole payment goes back through the
 * provider, once (the request key is fixed per order). When the provider refuses, the refund row
 * says so and the order stays on the desk as paid and cancelled, for staff to refund.
 */
export async function refundLatePayment(context: RefundContext, orderId: string, now: Date): Promise<RefundOutcome> {
  const [order] = await context.db.select({ totalPence: orders.totalPence }).from(orders).where(eq(orders.id, orderId));
  if (!order) return { ok: false, kind: "not-found", message: "There is no such order." };
  return requestRefund(
    context,
    SHOP_ACTOR,
    orderId,
    {
      ask: { mode: "amount", amountPence: order.totalPence },
      reason: "Paid after the order's hold ended, when its items had been sold",
      restock: false,
      requestKey: "late-payment",
    },
    now,
  );
}
