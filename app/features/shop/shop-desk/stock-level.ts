/**
 * A new size's alert level: the desk warns below 5 units (ADR 0104). Five covers a race
 * weekend's sales of one size, the time a reorder takes to arrive; 0 means no alert e-mail.
 */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export type StockLevel = "sold-out" | "low" | "in-stock";

/** How a size stands: sold out whatever its alert level, low below it, else in stock. */
export function stockLevel(stock: number, threshold: number): StockLevel {
  if (stock <= 0) return "sold-out";
  return stock < threshold ? "low" : "in-stock";
}
