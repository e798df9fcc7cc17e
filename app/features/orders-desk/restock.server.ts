import { and, eq, sql } from "drizzle-orm";
import { orderLines, productVariants } from "../../../db/schema";
import { insertAuditEvent, type AuditActor, type Tx } from "~/features/admin/audit.server";

/*
 * Puts units of an order's lines back in stock after a refund or a cancel: each line at most its
 * quantity in all (order_lines.restocked_quantity counts what went back), each change audited on
 * the size with its reason. The products desk has its own stock adjustments; the two are meant
 * to become one function when the branches meet (see docs/decisions/0035-refunds.md).
 */

export interface RestockItem {
  lineNumber: number;
  quantity: number;
}

/** Restocks in the caller's transaction (the order row locked by the caller); returns the units put back. */
export async function restockOrderLines(
  tx: Tx,
  actor: AuditActor,
  order: { id: string; orderNumber: string },
  items: readonly RestockItem[],
  reason: string,
  requestId: string | null,
): Promise<number> {
  let total = 0;
  for (const item of [...items].sort((a, b) => a.lineNumber - b.lineNumber)) {
    const [line] = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.lineNumber, item.lineNumber)))
      .for("update");
    if (!line) continue;
    const units = Math.min(item.quantity, line.quantity - line.restockedQuantity);
    if (units <= 0) continue;
    await tx
      .update(orderLines)
      .set({ restockedQuantity: sql`${orderLines.restockedQuantity} + ${units}` })
      .where(eq(orderLines.id, line.id));
    const [variant] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${units}` })
      .where(eq(productVariants.id, line.variantId))
      .returning({ stock: productVariants.stock });
    if (!variant) continue;
    await insertAuditEvent(
      tx,
      actor,
      {
        action: "stock.restock",
        entityType: "product_variant",
        entityId: String(line.variantId),
        entityLabel: `${line.productName} (${line.size})`,
        before: { stock: variant.stock - units },
        after: { stock: variant.stock },
        reason: `${reason} (order ${order.orderNumber}, ${units} back)`,
      },
      requestId,
    );
    total += units;
  }
  return total;
}
