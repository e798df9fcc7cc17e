import type { OrderStatus } from "../../../../db/schema/orders";

/*
 * The shop desk's status flow, as a pure function: paid -> packed -> shipped -> delivered, and
 * cancel for an unpaid order or a paid one not yet shipped (the paid one is refunded and its
 * units go back in stock). Anything else is refused with a message staff can act on.
 */

export const ORDER_ACTIONS = ["pack", "ship", "deliver", "cancel"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export type Transition =
  | {
      ok: true;
      to: OrderStatus;
      /** A paid order being cancelled: what is left of the payment is refunded first. */
      refund: boolean;
      /** The order's units go back in stock (a cancelled paid order), or its reservation is freed (unpaid). */
      releaseStock: "restock" | "release" | null;
    }
  | { ok: false; message: string };

const PAID_NOT_SHIPPED: readonly OrderStatus[] = ["paid", "packed"];

const CLOSED_MESSAGES: Partial<Record<OrderStatus, string>> = {
  failed: "The payment for this order failed, so there is nothing to do with it.",
  expired: "This order expired unpaid, so there is nothing to do with it.",
  cancelled: "This order is cancelled.",
};

export function transition(from: OrderStatus, action: OrderAction): Transition {
  const closed = CLOSED_MESSAGES[from];
  if (closed) return { ok: false, message: closed };
  switch (action) {
    case "pack":
      if (from === "paid") return { ok: true, to: "packed", refund: false, releaseStock: null };
      if (from === "pending_payment") return { ok: false, message: "This order has not been paid yet, so it cannot be packed." };
      return { ok: false, message: `This order is already ${from}.` };
    case "ship":
      if (from === "packed") return { ok: true, to: "shipped", refund: false, releaseStock: null };
      if (from === "pending_payment") return { ok: false, message: "This order has not been paid yet, so it cannot be shipped." };
      if (from === "paid") return { ok: false, message: "Pack the order before marking it shipped." };
      return { ok: false, message: `This order is already ${from}.` };
    case "deliver":
      if (from === "shipped") return { ok: true, to: "delivered", refund: false, releaseStock: null };
      if (from === "delivered") return { ok: false, message: "This order is already delivered." };
      return { ok: false, message: "Only a shipped order can be marked delivered." };
    case "cancel":
      if (from === "pending_payment") return { ok: true, to: "cancelled", refund: false, releaseStock: "release" };
      if (PAID_NOT_SHIPPED.includes(from)) return { ok: true, to: "cancelled", refund: true, releaseStock: "restock" };
      return { ok: false, message: "This order has left the warehouse and cannot be cancelled; refund it instead." };
  }
}

/**
 * The status an order is moving to while the desk's form for it is being sent: packed, shipped
 * or delivered, shown at once instead of the old status until the server answers. Null for
 * anything else (a cancel, which may refund, waits for the server; so does a form with errors,
 * which the server refuses and the page then shows the status as it is).
 */
export function pendingStatus(from: OrderStatus, form: { get(name: string): unknown } | undefined): OrderStatus | null {
  const action = form?.get("intent");
  if (action !== "pack" && action !== "ship" && action !== "deliver") return null;
  const next = transition(from, action);
  return next.ok ? next.to : null;
}

/** The actions the desk offers for an order in `status` (the buttons it shows). */
export function availableActions(status: OrderStatus): OrderAction[] {
  return ORDER_ACTIONS.filter((action) => transition(status, action).ok);
}

/** Orders whose payment was taken: the ones that can be refunded. */
export function wasPaid(status: OrderStatus, paidAt: Date | string | null): boolean {
  return paidAt !== null && status !== "pending_payment" && status !== "failed" && status !== "expired";
}
