import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { orders, type OrderAddress } from "../../db/schema";
import { applyPaymentEvent, attachPaymentSession } from "../../app/features/shop/store/order-lifecycle.server";
import { placeOrder } from "../../app/features/shop/store/orders.server";
import type { CartLineInput } from "../../app/features/shop/store/pricing";

let counter = 0;

/** A placed order, paid through the same event path as the webhook (paymentId pi_test_<number>). */
export async function paidOrder(
  db: Database,
  {
    lines = [{ productId: 1, size: "One Size", quantity: 2 }],
    customer = { name: "Alex Fan", email: "alex@example.com" },
    userId = null,
    address = null,
    pay = true,
    provider = "test",
  }: {
    lines?: CartLineInput[];
    customer?: { name: string; email: string };
    userId?: string | null;
    address?: OrderAddress | null;
    pay?: boolean;
    provider?: string;
  } = {},
) {
  const now = new Date();
  const placed = await placeOrder(
    db,
    { lines, customer, userId },
    { now, paymentProvider: provider, publicUrl: "https://ridgeway-racing.example" },
  );
  if (placed.kind !== "placed") throw new Error(`not placed: ${placed.kind}`);
  const sessionId = `sess_${placed.orderNumber}`;
  await attachPaymentSession(db, placed.orderId, sessionId);
  if (address) await db.update(orders).set({ shippingAddress: address }).where(eq(orders.id, placed.orderId));
  if (pay) {
    const paid = await applyPaymentEvent(
      db,
      {
        provider,
        eventId: `evt_paid_${++counter}_${placed.orderNumber}`,
        type: "checkout.session.completed",
        outcome: "paid",
        orderId: placed.orderId,
        sessionId,
        paymentId: `pi_test_${placed.orderNumber}`,
      },
      now,
      "https://ridgeway-racing.example",
    );
    if (paid.kind !== "applied") throw new Error(`not paid: ${paid.kind}`);
  }
  const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
  return order!;
}
