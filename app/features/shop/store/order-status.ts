import type { OrderStatus } from "../../../../db/schema/orders";

/** How an order's status reads in lists and details (the confirmation page uses the same labels). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  paid: "Paid",
  packed: "Packed",
  shipped: "Shipped",
  delivered: "Delivered",
  pending_payment: "Processing",
  failed: "Failed",
  expired: "Expired",
  cancelled: "Cancelled",
};

/** Statuses of an order whose payment was taken and that is still going (not cancelled). */
export const PAID_STATUSES: readonly OrderStatus[] = ["paid", "packed", "shipped", "delivered"];

export function isPaidStatus(status: OrderStatus): boolean {
  return PAID_STATUSES.includes(status);
}
