import { formatPence } from "~/lib/money";

/** One line of an order as its views show it: the snapshot of name, size and unit price, priced. */
export interface OrderLineView {
  key: string | number;
  name: string;
  size: string;
  quantity: number;
  linePence: number;
  /** Units refunded and units back in stock: shown on the orders desk only. */
  refundedQuantity?: number;
  restockedQuantity?: number;
}

/**
 * An order's lines with their prices: the customer's view (order confirmation, the dashboard's
 * order) by default; `desk` is the orders desk's, framed, the quantity first, with what was
 * refunded and restocked. The packing slip (a printed table without prices) and the e-mails
 * (React Email's tables) draw their own.
 */
export function OrderLines({ lines, desk = false }: { lines: readonly OrderLineView[]; desk?: boolean }) {
  return (
    <ul className={desk ? "mt-3 divide-y divide-line rounded-card border border-line text-sm" : "mt-3 divide-y divide-line text-sm"}>
      {lines.map((line) => (
        <li
          key={line.key}
          className={desk ? "flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3" : "flex justify-between gap-4 py-3"}
        >
          {desk ? (
            <span className="min-w-0">
              {line.quantity} × {line.name} <span className="text-muted">({line.size})</span>
              {(line.refundedQuantity ?? 0) > 0 && <span className="text-muted"> · {line.refundedQuantity} refunded</span>}
              {(line.restockedQuantity ?? 0) > 0 && <span className="text-muted"> · {line.restockedQuantity} back in stock</span>}
            </span>
          ) : (
            <span>
              {line.name} <span className="text-muted">({line.size})</span> × {line.quantity}
            </span>
          )}
          <span className="whitespace-nowrap">{formatPence(line.linePence)}</span>
        </li>
      ))}
    </ul>
  );
}
