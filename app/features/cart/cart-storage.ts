import { z } from "~/lib/zod";
import { brand } from "~/brand";

export const CART_STORAGE_KEY = brand.cartStorageKey;

/** A saved cart line: one product in one size. */
export const savedCartLineSchema = z.object({
  id: z.union([z.string(), z.number()]),
  selectedSize: z.string().optional(),
  quantity: z.number().int().positive(),
});
export type SavedCartLine = z.infer<typeof savedCartLineSchema>;

const savedCartSchema = z.object({ items: z.array(savedCartLineSchema.loose()) }).loose();

/**
 * Reads the cart saved in the browser. A missing value is an empty cart; an
 * unparseable one is ignored (and reported through `onInvalid`) rather than
 * breaking the page.
 */
export function parseSavedCart(raw: string | null, onInvalid?: (error: unknown) => void): SavedCartLine[] {
  if (raw === null) return [];
  try {
    return savedCartSchema.parse(JSON.parse(raw)).items;
  } catch (error) {
    onInvalid?.(error);
    return [];
  }
}

export function cartItemCount(lines: readonly SavedCartLine[]): number {
  return lines.reduce((count, line) => count + line.quantity, 0);
}
