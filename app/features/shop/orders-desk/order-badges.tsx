import type { OrderStatus } from "../../../../db/schema/orders";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { ORDER_STATUS_LABELS } from "~/features/shop/store/order-status";
import { formatPence } from "~/lib/money";

const TONES: Record<OrderStatus, BadgeTone> = {
  pending_payment: "neutral",
  paid: "warning",
  packed: "warning",
  shipped: "accent",
  delivered: "success",
  failed: "neutral",
  expired: "neutral",
  cancelled: "neutral",
};

/** The order's status as the desk shows it; "Awaiting payment" rather than the customer's "Processing". */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={TONES[status]}>{status === "pending_payment" ? "Awaiting payment" : ORDER_STATUS_LABELS[status]}</Badge>;
}

/** "Refunded £5.00" / "Refunded in full", or nothing. */
export function RefundNote({ refundedPence, totalPence }: { refundedPence: number; totalPence: number }) {
  if (refundedPence <= 0) return null;
  return <Badge tone="neutral">{refundedPence >= totalPence ? "Refunded in full" : `Refunded ${formatPence(refundedPence)}`}</Badge>;
}
