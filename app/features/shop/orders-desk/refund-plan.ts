import type { RefundLineItem } from "../../../../db/schema/orders";
import { formatPence } from "~/lib/money";
import { z } from "~/lib/zod";

/*
 * What a refund asked for on the desk amounts to, worked out without the database: a free amount,
 * or units of lines, each line at what was actually paid for it (its share of any discount taken
 * off, so refunding every line of a discounted order refunds the goods' price as paid). Never more
 * than what is left of the payment, nor more units than were bought and not yet refunded.
 */

export interface RefundableLine {
  lineNumber: number;
  productName: string;
  size: string;
  unitPricePence: number;
  quantity: number;
  /** Units already in refunds that did not fail. */
  refundedQuantity: number;
}

export interface RefundableOrder {
  subtotalPence: number;
  discountPence: number;
  /** Total paid less refunds that succeeded or are still under way. */
  remainingPence: number;
  lines: readonly RefundableLine[];
}

export type RefundAsk = { mode: "amount"; amountPence: number } | { mode: "lines"; quantities: Record<number, number> };

export type RefundPlan = { ok: true; amountPence: number; lines: RefundLineItem[] } | { ok: false; message: string };

/** What `quantity` units of a line were paid, after the order's discount (rounded down: never over). */
export function paidForUnits(
  order: Pick<RefundableOrder, "subtotalPence" | "discountPence">,
  unitPricePence: number,
  quantity: number,
): number {
  const gross = unitPricePence * quantity;
  if (order.subtotalPence === 0 || order.discountPence === 0) return gross;
  return Math.floor((gross * (order.subtotalPence - order.discountPence)) / order.subtotalPence);
}

export function planRefund(order: RefundableOrder, ask: RefundAsk): RefundPlan {
  if (order.remainingPence <= 0) return { ok: false, message: "This order has been refunded in full already." };
  let amountPence: number;
  const lines: RefundLineItem[] = [];
  if (ask.mode === "amount") {
    amountPence = ask.amountPence;
  } else {
    amountPence = 0;
    for (const [key, quantity] of Object.entries(ask.quantities)) {
      if (quantity === 0) continue;
      const line = order.lines.find((candidate) => candidate.lineNumber === Number(key));
      if (!line) return { ok: false, message: "That line is not on this order; reload the page." };
      const left = line.quantity - line.refundedQuantity;
      if (quantity > left) {
        return {
          ok: false,
          message:
            left === 0
              ? `${line.productName} (${line.size}) has been refunded already.`
              : `Only ${left} of ${line.productName} (${line.size}) can still be refunded.`,
        };
      }
      const linePence = paidForUnits(order, line.unitPricePence, quantity);
      lines.push({ lineNumber: line.lineNumber, quantity, amountPence: linePence });
      amountPence += linePence;
    }
    if (lines.length === 0) return { ok: false, message: "Choose how many units of which line to refund." };
  }
  if (!Number.isSafeInteger(amountPence) || amountPence <= 0) return { ok: false, message: "Enter an amount above £0.00." };
  if (amountPence > order.remainingPence) {
    return { ok: false, message: `That is more than what is left to refund (${formatPence(order.remainingPence)}).` };
  }
  return { ok: true, amountPence, lines };
}

/** "12.50", "£12.50", "12" → 1250 pence; null when it is not an amount of money. */
export function parsePounds(text: string): number | null {
  const match = /^£?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** The refund form: a reason always; a free amount, or quantities named qty-<lineNumber>. */
export const refundFormSchema = z
  .object({
    mode: z.enum(["amount", "lines"], { error: "Choose a free amount or lines to refund." }),
    amount: z.string().optional().default(""),
    reason: z
      .string()
      .trim()
      .min(3, { error: "Give the reason for the refund (the customer's e-mail and the history show it)." })
      .max(500, { error: "Keep the reason under 500 characters." }),
    restock: z.literal("on").optional(),
    requestKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: "The form was incomplete; reload the page." }),
  })
  .passthrough();

/** The form's fields as an ask, or the message for what is wrong. */
export function refundAskOf(form: Record<string, unknown>): { ok: true; ask: RefundAsk } | { ok: false; message: string } {
  if (form.mode === "amount") {
    const pence = parsePounds(String(form.amount ?? ""));
    if (pence === null) return { ok: false, message: "Enter the amount in pounds, like 12.50." };
    return { ok: true, ask: { mode: "amount", amountPence: pence } };
  }
  const quantities: Record<number, number> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = /^qty-(\d{1,4})$/.exec(key);
    if (!match) continue;
    const text = String(value).trim();
    if (text === "") continue;
    if (!/^\d{1,4}$/.test(text)) return { ok: false, message: "Quantities are whole numbers." };
    quantities[Number(match[1])] = Number(text);
  }
  return { ok: true, ask: { mode: "lines", quantities } };
}

/**
 * What the refund form's button says while it is filled in: the amount the refund would send
 * back ("Refund £5.39"), worked out as the server will; "Make refund" until the form asks for
 * something that can be refunded.
 */
export function refundButtonLabel(order: RefundableOrder, form: Record<string, unknown>): string {
  const ask = refundAskOf(form);
  const plan = ask.ok ? planRefund(order, ask.ask) : null;
  return plan?.ok ? `Refund ${formatPence(plan.amountPence)}` : "Make refund";
}
