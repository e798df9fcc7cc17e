import { formatAuditTime } from "~/features/admin/audit-views";
import type { StockChangeSource } from "./stock.server";

const STOCK_SOURCE_LABELS: Record<StockChangeSource, string> = { desk: "by hand", csv: "stock file", order: "back from an order" };

/** A product's stock changes made at the desk or from a stock file, newest first. */
export function StockLog({
  adjustments,
}: {
  adjustments: Array<{
    id: number;
    size: string;
    delta: number;
    stockAfter: number;
    reason: string;
    source: string;
    actorLabel: string;
    createdAt: string;
  }>;
}) {
  return (
    <section aria-labelledby="stock-log-heading" className="grid max-w-4xl gap-3">
      <h2 id="stock-log-heading" className="text-2xl font-bold uppercase">
        Stock changes
      </h2>
      {adjustments.length === 0 ? (
        <p className="text-sm text-muted">No stock has been changed at the desk yet (sales show on their orders).</p>
      ) : (
        <ol className="grid gap-2 text-sm">
          {adjustments.map((row) => (
            <li key={row.id} className="rounded-lg border border-line p-3">
              <strong>
                {row.delta > 0 ? "+" : "−"}
                {Math.abs(row.delta)} {row.size}
              </strong>{" "}
              → {row.stockAfter} · {row.reason}{" "}
              <span className="text-muted">({STOCK_SOURCE_LABELS[row.source as StockChangeSource] ?? row.source})</span>
              <p className="text-xs text-muted">
                {row.actorLabel} · <time dateTime={row.createdAt}>{formatAuditTime(row.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
