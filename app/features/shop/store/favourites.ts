import { brand } from "~/brand";

/** Favourites live in this browser only, next to the cart (see the store ADR). */
export const FAVOURITES_STORAGE_KEY = `${brand.cartStorageKey.replace(/-cart$/, "")}-favourites`;

const MAX_FAVOURITES = 200;

/** Reads the saved favourites (product ids); anything unreadable is no favourites. */
export function parseFavourites(raw: string | null): number[] {
  if (raw === null) return [];
  try {
    const saved: unknown = JSON.parse(raw);
    if (!Array.isArray(saved)) return [];
    return [...new Set(saved.filter((id): id is number => Number.isInteger(id) && id > 0))].slice(0, MAX_FAVOURITES);
  } catch {
    return [];
  }
}

/** The favourites with `productId` added or taken away. */
export function toggleFavourite(favourites: readonly number[], productId: number): number[] {
  return favourites.includes(productId) ? favourites.filter((id) => id !== productId) : [...favourites, productId].slice(-MAX_FAVOURITES);
}
