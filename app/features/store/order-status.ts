import type { OrderStatus } from "../../../db/schema/store";

/** How an order's status reads in lists and details (the confirmation page uses the same labels). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  paid: "Paid",
  pending_payment: "Processing",
  failed: "Failed",
  expired: "Expired",
  cancelled: "Cancelled",
};
