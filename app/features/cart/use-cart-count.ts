import { useSyncExternalStore } from "react";
import { CART_STORAGE_KEY, cartItemCount, parseSavedCart } from "./cart-storage";

/** Fired in this tab when the cart is saved; other tabs hear the "storage" event. */
export const CART_CHANGED_EVENT = "cart-changed";

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
  };
}

function readCount(): number {
  return cartItemCount(
    parseSavedCart(window.localStorage.getItem(CART_STORAGE_KEY), (error) =>
      console.error("Ignoring an unreadable saved cart", error),
    ),
  );
}

/** The number of items in the browser's saved cart; 0 during server rendering. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readCount, () => 0);
}
