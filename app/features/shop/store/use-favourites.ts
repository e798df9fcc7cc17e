import { useCallback, useMemo, useSyncExternalStore } from "react";
import { FAVOURITES_STORAGE_KEY, parseFavourites, toggleFavourite } from "./favourites";

const CHANGED_EVENT = "favourites-changed";

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === FAVOURITES_STORAGE_KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGED_EVENT, onChange);
  };
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(FAVOURITES_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The shopper's favourite products, kept in this browser and in step across tabs. */
export function useFavourites() {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  const favourites = useMemo(() => parseFavourites(raw), [raw]);
  const toggle = useCallback((productId: number) => {
    const next = toggleFavourite(parseFavourites(readRaw()), productId);
    try {
      window.localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(next));
    } catch (error) {
      console.error("Favourites could not be saved", error);
    }
    window.dispatchEvent(new Event(CHANGED_EVENT));
  }, []);
  return { favourites, toggle, isFavourite: (productId: number) => favourites.includes(productId) };
}
