import { cx } from "~/components/ui/cx";
import { displayCount, SMALL_COUNT } from "./placements";

export interface ChartSeries {
  name: string;
  tone: "accent" | "muted";
}

export interface ChartRow {
  label: string;
  /** One value per series, in the series' order. */
  values: readonly number[];
}

const BAR_TONES: Record<ChartSeries["tone"], string> = { accent: "bg-accent", muted: "bg-muted" };

/**
 * A horizontal bar chart drawn by the server as plain HTML (ADR 0131, 0145): no script, no image
 * request, and its labels are text at the page's own size, so they read at 390 px as at 1280 px
 * (each row's label sits above its bars). A count under 10 is drawn as no bar and labelled
 * "fewer than 10", as the table beside it says. Two series (served and seen) are drawn as a pair
 * of bars per row, with a key.
 */
export function BarChart({
  title,
  series,
  rows,
  id,
}: {
  title: string;
  series: readonly ChartSeries[];
  rows: readonly ChartRow[];
  id: string;
}) {
  const max = Math.max(SMALL_COUNT, ...rows.flatMap((row) => row.values));
  return (
    <figure className="m-0" aria-labelledby={`${id}-title`} data-testid={id}>
      <figcaption id={`${id}-title`} className="text-base font-semibold">
        {title}
      </figcaption>
      {series.length > 1 && (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted" aria-label="Key">
          {series.map((item) => (
            <li key={item.name} className="flex items-center gap-2">
              <span aria-hidden="true" className={cx("inline-block size-3 rounded-sm", BAR_TONES[item.tone])} />
              {item.name}
            </li>
          ))}
        </ul>
      )}
      <ul className="mt-3 flex flex-col gap-3">
        {rows.map((row) => (
          <li key={row.label} className="text-sm">
            <span className="block font-medium">{row.label}</span>
            {series.map((item, index) => {
              const value = row.values[index] ?? 0;
              const width = value >= SMALL_COUNT ? Math.max(1, Math.round((value / max) * 100)) : 0;
              return (
                <span key={item.name} className="mt-1 flex items-center gap-2">
                  <span className="sr-only">{item.name}: </span>
                  {/* The bar's share of the row, less room kept for the figure beside the longest one. */}
                  <span className="flex min-w-0 flex-1 items-center gap-2">
                    <span
                      aria-hidden="true"
                      className={cx("h-3 shrink-0 rounded-sm", BAR_TONES[item.tone])}
                      style={{ width: `calc(${width}% * 0.78)` }}
                    />
                    <span className="whitespace-nowrap tabular-nums">{displayCount(value)}</span>
                  </span>
                </span>
              );
            })}
          </li>
        ))}
      </ul>
    </figure>
  );
}
