import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from "react";
import { cartCookieHeader, mergeCookieCart, readCartCookie } from "./cart-cookie";
import { CART_STORAGE_KEY, parseSavedCartState, serialiseCart } from "./cart-storage";
import {
  EMPTY_CART,
  cartReducer,
  cartStateFromSaved,
  countItems,
  savedFromCartState,
  type CartAction,
  type CartLine,
  type CartState,
} from "./cart-state";

export interface CartContextValue {
  /** The cart's lines, one per product and size, in the order they were added. */
  lines: CartLine[];
  /** Units in the cart (the header badge). */
  itemCount: number;
  /** False until the saved cart has been read (always false during server rendering). */
  hydrated: boolean;
  /** Adds `quantity` (default 1) of a product in a size; `seenPricePence` is the price the shopper was shown. */
  addItem(productId: number, size: string, quantity?: number, seenPricePence?: number): void;
  incrementLine(productId: number, size: string): void;
  /** Takes one off; the line goes at 0. */
  decrementLine(productId: number, size: string): void;
  /** Sets a line's quantity (e.g. down to the stock left); 0 removes it. */
  setLineQuantity(productId: number, size: string, quantity: number): void;
  removeLine(productId: number, size: string): void;
  /** Empties the cart and forgets its promo code. */
  clearCart(): void;
  /** The promo code entered on the cart page (upper-cased), or null. */
  promoCode: string | null;
  setPromoCode(code: string | null): void;
  /** Records the current prices as seen, so "price changed" notices go away. */
  acknowledgePrices(prices: readonly { productId: number; pricePence: number }[]): void;
}

const CartContext = createContext<CartContextValue | null>(null);

function readSavedCart(): { state: CartState; raw: string | null } {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch (error) {
    // Storage can be switched off; the cart then lives for this page only.
    console.error("The saved cart cannot be read", error);
  }
  const saved = parseSavedCartState(raw, (error) => console.error("Ignoring an unreadable saved cart", error));
  const state = cartStateFromSaved(saved, (line) => console.error("Ignoring a saved cart line without a product or size", line));
  return { state, raw };
}

/**
 * Takes the cart a shopper built without JavaScript (the cookie cart, ADR 0016)
 * and clears the cookie, so its lines join the browser cart exactly once.
 */
function takeCookieCart(): CartState | null {
  let cookies: string;
  try {
    cookies = document.cookie;
  } catch (error) {
    console.error("Cookies cannot be read", error);
    return null;
  }
  const read = readCartCookie(cookies);
  if (read.kind === "none") return null;
  document.cookie = cartCookieHeader(null, { secure: window.location.protocol === "https:" });
  if (read.kind === "invalid") {
    console.error("Ignoring an unreadable cart cookie");
    return null;
  }
  return read.cart;
}

interface ProviderState {
  cart: CartState;
  hydrated: boolean;
}

/** The cart's reducer, plus "loaded": the saved cart has been read (now or after another tab changed it). */
function providerReducer(state: ProviderState, action: CartAction | { type: "loaded"; cart: CartState }): ProviderState {
  if (action.type === "loaded") return { cart: action.cart, hydrated: true };
  const cart = cartReducer(state.cart, action);
  return cart === state.cart ? state : { ...state, cart };
}

/**
 * Holds the cart for the whole app: read from localStorage after the first
 * render (taking in, once, a cart built without JavaScript in the cart cookie),
 * saved on every change, and kept in step with other tabs through the
 * "storage" event.
 */
export function CartProvider({ children }: { children: React.ReactNode }) {
  const [{ cart: state, hydrated }, dispatch] = useReducer(providerReducer, { cart: EMPTY_CART, hydrated: false });
  // The value last read or written, so a change another tab made is not written back.
  const lastSaved = useRef<string | null>(null);
  // The cookie cart taken on the first read (kept, so a repeated first read merges the same lines).
  const cookieCart = useRef<CartState | null | undefined>(undefined);

  useEffect(() => {
    const load = (takeCookie: boolean) => {
      const { state: saved, raw } = readSavedCart();
      if (takeCookie && cookieCart.current === undefined) cookieCart.current = takeCookieCart();
      const fromCookie = takeCookie ? cookieCart.current : null;
      lastSaved.current = raw;
      // The merged cart differs from what was read, so the effect below saves it. In a transition:
      // this runs just after hydration, and a context change outside one makes React throw away
      // the server's HTML of every part below that has not hydrated yet (the home page's sections)
      // and draw it again once its script arrives; in a transition React keeps it (ADR 0095).
      startTransition(() => dispatch({ type: "loaded", cart: fromCookie ? mergeCookieCart(saved, fromCookie) : saved }));
    };
    load(true);
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      if (event.key === null || event.key === CART_STORAGE_KEY) load(false);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  useEffect(() => {
    if (!hydrated) return;
    const isEmpty = state.lines.length === 0 && state.promoCode === null;
    const value = isEmpty ? null : serialiseCart(savedFromCartState(state));
    if (value === lastSaved.current) return;
    lastSaved.current = value;
    try {
      if (value === null) window.localStorage.removeItem(CART_STORAGE_KEY);
      else window.localStorage.setItem(CART_STORAGE_KEY, value);
    } catch (error) {
      console.error("The cart could not be saved", error);
    }
  }, [state, hydrated]);

  const addItem = useCallback(
    (productId: number, size: string, quantity = 1, seenPricePence?: number) =>
      dispatch({ type: "add", productId, size, quantity, seenPricePence }),
    [],
  );
  const incrementLine = useCallback((productId: number, size: string) => dispatch({ type: "increment", productId, size }), []);
  const decrementLine = useCallback((productId: number, size: string) => dispatch({ type: "decrement", productId, size }), []);
  const setLineQuantity = useCallback(
    (productId: number, size: string, quantity: number) => dispatch({ type: "set_quantity", productId, size, quantity }),
    [],
  );
  const removeLine = useCallback((productId: number, size: string) => dispatch({ type: "remove", productId, size }), []);
  const clearCart = useCallback(() => dispatch({ type: "clear" }), []);
  const setPromoCode = useCallback((code: string | null) => dispatch({ type: "set_promo", code }), []);
  const acknowledgePrices = useCallback(
    (prices: readonly { productId: number; pricePence: number }[]) => dispatch({ type: "acknowledge_prices", prices }),
    [],
  );

  const value = useMemo<CartContextValue>(
    () => ({
      lines: state.lines,
      itemCount: countItems(state.lines),
      hydrated,
      addItem,
      incrementLine,
      decrementLine,
      setLineQuantity,
      removeLine,
      clearCart,
      promoCode: state.promoCode,
      setPromoCode,
      acknowledgePrices,
    }),
    [state, hydrated, addItem, incrementLine, decrementLine, setLineQuantity, removeLine, clearCart, setPromoCode, acknowledgePrices],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart must be used within a CartProvider");
  return cart;
}
