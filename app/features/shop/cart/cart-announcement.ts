import { formatPence } from "~/lib/money";

/**
 * What the status region says once a change the shopper made to the cart has been priced:
 * the change, then the new total, or that the cart is now empty.
 */
export function cartChangeAnnouncement(change: string, after: { empty: true } | { empty: false; totalPence: number | null }): string {
  if (after.empty) return `${change} Your cart is empty.`;
  if (after.totalPence === null) return change;
  return `${change} Total now ${formatPence(after.totalPence)}.`;
}
