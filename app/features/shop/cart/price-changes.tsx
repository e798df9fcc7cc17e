import { useEffect } from "react";
import { Button } from "~/components/ui/button";
import { findQuoteLine, type CartQuote } from "~/features/shop/store/quote";
import { formatPence } from "~/lib/money";
import type { CartContextValue } from "./cart-context";

/** "Price changed" notices for lines whose price differs from the one the shopper was shown. */
export function PriceChanges({ cart, quote }: { cart: CartContextValue; quote: CartQuote | null }) {
  const { lines, acknowledgePrices } = cart;
  // Lines saved before prices were remembered adopt the current price silently.
  useEffect(() => {
    if (!quote) return;
    const unseen = lines
      .filter((line) => line.seenPricePence === undefined)
      .flatMap((line) => {
        const price = findQuoteLine(quote, line.id, line.selectedSize)?.unitPricePence;
        return price != null ? [{ productId: line.id, pricePence: price }] : [];
      });
    if (unseen.length > 0) acknowledgePrices(unseen);
  }, [quote, lines, acknowledgePrices]);

  if (!quote) return null;
  const changes = new Map<number, { name: string; from: number; to: number }>();
  for (const line of lines) {
    const quoted = findQuoteLine(quote, line.id, line.selectedSize);
    if (quoted?.unitPricePence == null || line.seenPricePence === undefined || quoted.problem) continue;
    if (quoted.unitPricePence !== line.seenPricePence) {
      changes.set(line.id, { name: quoted.name ?? "An item", from: line.seenPricePence, to: quoted.unitPricePence });
    }
  }
  if (changes.size === 0) return null;
  return (
    <div role="status" className="mb-4 rounded-card border border-warning bg-warning/10 p-4 text-sm">
      <ul className="flex flex-col gap-1">
        {[...changes.values()].map((change) => (
          <li key={change.name}>
            <strong>Price changed:</strong> {change.name} is now {formatPence(change.to)} (was {formatPence(change.from)}).
          </li>
        ))}
      </ul>
      <Button
        size="sm"
        variant="secondary"
        className="mt-3"
        onClick={() => acknowledgePrices([...changes.entries()].map(([productId, change]) => ({ productId, pricePence: change.to })))}
      >
        OK, got it
      </Button>
    </div>
  );
}
