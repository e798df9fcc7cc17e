import { and, eq, sql } from "drizzle-orm";
import { orderLines, products, productVariants } from "../../../../db/schema";
import { insertAuditEvent, type AuditActor, type Tx } from "~/features/admin/audit.server";
import { recordStockChange } from "~/features/shop/shop-desk/stock.server";

/*
 * Puts units of an order's lines back in stock after a refund or a cancel: each line at most its
 * quantity in all (order_lines.restocked_quantity counts what went back). Each size's change goes
 * through the shop desk's recordStockChange, so it is in the size's stock history beside the
 * desk's and the stock file's changes, and audited the same way (docs/decisions/0035-refunds.md).
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
    const [variant] = await tx
      .select({
        variantId: productVariants.id,
        productId: productVariants.productId,
        size: productVariants.size,
        stock: productVariants.stock,
        name: products.name,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(productVariants.id, line.variantId))
      .for("update", { of: productVariants });
    // The size was deleted from the catalogue since the sale: nothing to put back.
    if (!variant) continue;
    await tx
      .update(orderLines)
      .set({ restockedQuantity: sql`${orderLines.restockedQuantity} + ${units}` })
      .where(eq(orderLines.id, line.id));
    const audit = await recordStockChange(tx, actor, {
      ...variant,
      delta: units,
      reason: `${reason} (order ${order.orderNumber}, ${units} back)`,
      source: "order",
    });
    await insertAuditEvent(tx, actor, audit, requestId);
    total += units;
  }
  return total;
}
