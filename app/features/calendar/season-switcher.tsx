import { cx } from "~/components/ui/cx";
import { SEASON_PARAM } from "./season-calendar";

interface SeasonSwitcherProps {
  /** Every published season, newest first. */
  years: readonly number[];
  shownYear: number;
  /** The season /calendar shows without a parameter: its link has none. */
  siteYear: number | null;
}

/** Links to every published season's calendar, the archive of past ones included; nothing while there is only one. */
export function SeasonSwitcher({ years, shownYear, siteYear }: SeasonSwitcherProps) {
  if (years.length < 2) return null;
  return (
    <nav aria-label="Seasons" className="mb-8">
      <h2 className="text-xs font-semibold uppercase tracking-[0.2em] text-muted">Seasons and archive</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {years.map((year) => {
          const shown = year === shownYear;
          return (
            <li key={year}>
              <a
                href={year === siteYear ? "/calendar" : `/calendar?${SEASON_PARAM}=${year}`}
                aria-current={shown ? "page" : undefined}
                className={cx(
                  "inline-flex min-h-11 min-w-16 items-center justify-center rounded-full border px-4 font-display text-lg font-bold",
                  shown ? "border-accent-text bg-accent text-white" : "border-line bg-surface hover:bg-surface-raised",
                )}
              >
                {year}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
