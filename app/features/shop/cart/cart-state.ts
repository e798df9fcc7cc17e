/**
 * The cart's state and every change to it, as pure functions: the provider in
 * cart-context.tsx only adds React and localStorage around them. A line is one
 * product in one size; lines are addressed by product id and size.
 */
import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE } from "~/features/shop/store/limits";
import { cleanPromoCode, type SavedCart, type SavedCartLine } from "./cart-storage";

/** A cart line as the cart keeps it (a SavedCartLine with a numeric id and a size). */
export interface CartLine extends SavedCartLine {
  id: number;
  selectedSize: string;
  quantity: number;
  /**
   * The unit price (pence) the shopper last saw for this product, to say when
   * it has changed. Only ever compared, never charged: prices come from the server.
   */
  seenPricePence?: number;
}

export interface CartState {
  lines: CartLine[];
  promoCode: string | null;
}

export const EMPTY_CART: CartState = { lines: [], promoCode: null };

export type CartAction =
  | { type: "add"; productId: number; size: string; quantity: number; seenPricePence?: number }
  | { type: "increment"; productId: number; size: string }
  | { type: "decrement"; productId: number; size: string }
  | { type: "set_quantity"; productId: number; size: string; quantity: number }
  | { type: "remove"; productId: number; size: string }
  | { type: "clear" }
  | { type: "set_promo"; code: string | null }
  /** The shopper has seen these current prices (the cart page's "price changed" notices). */
  | { type: "acknowledge_prices"; prices: readonly { productId: number; pricePence: number }[] };

const isPence = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

const isLine = (line: CartLine, productId: number, size: string) => line.id === productId && line.selectedSize === size;

/** The server refuses longer size names (see cartLineInputSchema). */
const MAX_SIZE_LENGTH = 60;

const clampQuantity = (quantity: number) =>
  Number.isFinite(quantity) ? Math.min(MAX_QUANTITY_PER_LINE, Math.max(0, Math.floor(quantity))) : 0;

function toProductId(id: string | number): number | null {
  const value = typeof id === "number" ? id : /^\d{1,10}$/.test(id.trim()) ? Number(id.trim()) : NaN;
  return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
}

/**
 * Turns a saved cart into cart state: lines without a product id or size are
 * dropped (reported through `onDropped`), lines for the same product and size
 * are merged, quantities are capped at MAX_QUANTITY_PER_LINE and the cart at
 * MAX_CART_LINES lines. Other saved fields (a name, a price) are not kept:
 * prices always come from the server.
 */
export function cartStateFromSaved(saved: SavedCart, onDropped?: (line: SavedCartLine) => void): CartState {
  let state: CartState = { lines: [], promoCode: cleanPromoCode(saved.promoCode) };
  for (const line of saved.items) {
    const productId = toProductId(line.id);
    const size = line.selectedSize?.trim();
    if (productId === null || !size || size.length > MAX_SIZE_LENGTH) {
      onDropped?.(line);
      continue;
    }
    const seen = (line as { seenPricePence?: unknown }).seenPricePence;
    state = cartReducer(state, {
      type: "add",
      productId,
      size,
      quantity: line.quantity,
      ...(isPence(seen) ? { seenPricePence: seen } : {}),
    });
  }
  return state;
}

export function savedFromCartState(state: CartState): SavedCart {
  return {
    items: state.lines.map((line) => ({
      id: line.id,
      selectedSize: line.selectedSize,
      quantity: line.quantity,
      ...(line.seenPricePence !== undefined ? { seenPricePence: line.seenPricePence } : {}),
    })),
    promoCode: state.promoCode,
  };
}

/** The number of units in the cart. */
export function countItems(lines: readonly CartLine[]): number {
  return lines.reduce((count, line) => count + line.quantity, 0);
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case "add": {
      const quantity = clampQuantity(action.quantity);
      const size = action.size.trim();
      if (quantity <= 0 || !size || size.length > MAX_SIZE_LENGTH || toProductId(action.productId) === null) return state;
      const seen = isPence(action.seenPricePence) ? { seenPricePence: action.seenPricePence } : {};
      if (state.lines.some((line) => isLine(line, action.productId, size))) {
        return withLines(
          state,
          state.lines.map((line) =>
            isLine(line, action.productId, size) ? { ...line, ...seen, quantity: clampQuantity(line.quantity + quantity) } : line,
          ),
        );
      }
      if (state.lines.length >= MAX_CART_LINES) return state;
      return withLines(state, [...state.lines, { id: action.productId, selectedSize: size, quantity, ...seen }]);
    }
    case "increment":
      return updateLine(state, action.productId, action.size, (quantity) => quantity + 1);
    case "decrement":
      return updateLine(state, action.productId, action.size, (quantity) => quantity - 1);
    case "set_quantity":
      if (!Number.isFinite(action.quantity)) return state;
      return updateLine(state, action.productId, action.size, () => action.quantity);
    case "remove":
      if (!state.lines.some((line) => isLine(line, action.productId, action.size))) return state;
      return withLines(
        state,
        state.lines.filter((line) => !isLine(line, action.productId, action.size)),
      );
    case "clear":
      return state.lines.length === 0 && state.promoCode === null ? state : EMPTY_CART;
    case "acknowledge_prices": {
      const prices = new Map(
        action.prices.filter((price) => isPence(price.pricePence)).map((price) => [price.productId, price.pricePence]),
      );
      if (!state.lines.some((line) => prices.has(line.id) && prices.get(line.id) !== line.seenPricePence)) return state;
      return withLines(
        state,
        state.lines.map((line) => (prices.has(line.id) ? { ...line, seenPricePence: prices.get(line.id) } : line)),
      );
    }
    case "set_promo": {
      const promoCode = action.code === null ? null : cleanPromoCode(action.code);
      return promoCode === state.promoCode ? state : { ...state, promoCode };
    }
  }
}

/** Changes one line's quantity; at 0 (or below) the line is removed. */
function updateLine(state: CartState, productId: number, size: string, change: (quantity: number) => number): CartState {
  const line = state.lines.find((candidate) => isLine(candidate, productId, size));
  if (!line) return state;
  const quantity = clampQuantity(change(line.quantity));
  if (quantity === line.quantity) return state;
  return withLines(
    state,
    quantity <= 0
      ? state.lines.filter((candidate) => candidate !== line)
      : state.lines.map((candidate) => (candidate === line ? { ...line, quantity } : candidate)),
  );
}

function withLines(state: CartState, lines: CartLine[]): CartState {
  return { ...state, lines };
}
