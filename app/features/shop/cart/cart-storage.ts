import { brand } from "~/brand";

export const CART_STORAGE_KEY = brand.cartStorageKey;

/** A saved cart line: one product in one size (other saved fields are kept as they are). */
export interface SavedCartLine {
  id: string | number;
  selectedSize?: string;
  quantity: number;
}

// Checked by hand rather than with Zod: this runs on every page, and Zod would add 25 kB of
// compressed JavaScript to each of them.
function isSavedCartLine(value: unknown): value is SavedCartLine {
  if (typeof value !== "object" || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    (typeof line.id === "string" || typeof line.id === "number") &&
    (line.selectedSize === undefined || typeof line.selectedSize === "string") &&
    Number.isInteger(line.quantity) &&
    (line.quantity as number) > 0
  );
}

class UnreadableCartError extends Error {
  constructor() {
    super("The saved cart is not a list of cart lines");
    this.name = "UnreadableCartError";
  }
}

/**
 * Reads the cart saved in the browser. A missing value is an empty cart; an
 * unparseable one is ignored (and reported through `onInvalid`) rather than
 * breaking the page.
 */
export function parseSavedCart(raw: string | null, onInvalid?: (error: unknown) => void): SavedCartLine[] {
  if (raw === null) return [];
  try {
    const saved: unknown = JSON.parse(raw);
    const items = typeof saved === "object" && saved !== null ? (saved as { items?: unknown }).items : undefined;
    if (!Array.isArray(items) || !items.every(isSavedCartLine)) throw new UnreadableCartError();
    return items;
  } catch (error) {
    onInvalid?.(error);
    return [];
  }
}

export function cartItemCount(lines: readonly SavedCartLine[]): number {
  return lines.reduce((count, line) => count + line.quantity, 0);
}

/** The longest promo code kept with the cart (the server refuses longer ones anyway). */
export const MAX_PROMO_CODE_LENGTH = 32;

/** A promo code as the cart keeps it: trimmed and upper-cased; null when empty or too long. */
export function cleanPromoCode(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const code = input.trim().toUpperCase();
  return code.length > 0 && code.length <= MAX_PROMO_CODE_LENGTH ? code : null;
}

/** The whole saved cart: its lines and the promo code entered on the cart page, if any. */
export interface SavedCart {
  items: SavedCartLine[];
  promoCode: string | null;
}

/**
 * Reads the saved cart with its promo code. An unparseable value is an empty
 * cart (reported through `onInvalid`); a promo code that is not a usable string
 * is dropped while the lines are kept.
 */
export function parseSavedCartState(raw: string | null, onInvalid?: (error: unknown) => void): SavedCart {
  let unreadable = false;
  const items = parseSavedCart(raw, (error) => {
    unreadable = true;
    onInvalid?.(error);
  });
  return { items, promoCode: unreadable ? null : readPromo(raw) };
}

function readPromo(raw: string | null): string | null {
  if (raw === null) return null;
  try {
    const saved: unknown = JSON.parse(raw);
    if (typeof saved !== "object" || saved === null || Array.isArray(saved)) return null;
    return cleanPromoCode((saved as { promoCode?: unknown }).promoCode);
  } catch {
    return null;
  }
}

/** The value written to localStorage: `{ items, promoCode? }`. */
export function serialiseCart(cart: SavedCart): string {
  return JSON.stringify(cart.promoCode ? { items: cart.items, promoCode: cart.promoCode } : { items: cart.items });
}
