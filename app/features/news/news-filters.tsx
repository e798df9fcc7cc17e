import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { inputClasses } from "~/components/ui/form-field";
import { MAX_QUERY_LENGTH, NEWS_CATEGORIES, newsFilterSearch, parseNewsFilter, type NewsFilter } from "./news-filter";

const SEARCH_DEBOUNCE_MS = 300;

/** The URL search string the form's current fields stand for. */
function searchFromForm(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  new FormData(form).forEach((value, key) => {
    if (typeof value === "string") params.set(key, value);
  });
  return newsFilterSearch(parseNewsFilter(params));
}

/**
 * A plain GET form, so search works without JavaScript. With it, results
 * follow the typing: a debounced navigation that replaces the history entry.
 */
export function NewsSearchForm({ filter }: { filter: NewsFilter }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const pending = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(pending.current), []);

  // Back/forward and "Clear filters" change the query under the box; typing must not be overwritten.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input) input.value = filter.query;
  }, [filter.query]);

  const search = (form: HTMLFormElement) => {
    window.clearTimeout(pending.current);
    void navigate({ pathname: "/news", search: searchFromForm(form) }, { replace: true, preventScrollReset: true });
  };

  return (
    <form
      method="get"
      action="/news"
      role="search"
      aria-label="News"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        search(event.currentTarget);
      }}
    >
      {filter.category !== "All" && <input type="hidden" name="category" value={filter.category} />}
      <label htmlFor="news-search" className="sr-only">
        Search news
      </label>
      <input
        ref={inputRef}
        id="news-search"
        type="search"
        name="q"
        defaultValue={filter.query}
        maxLength={MAX_QUERY_LENGTH}
        placeholder="Search articles..."
        autoComplete="off"
        enterKeyHint="search"
        className={cx(inputClasses, "min-h-11 flex-1")}
        onChange={(event) => {
          const form = event.currentTarget.form;
          window.clearTimeout(pending.current);
          if (form) pending.current = window.setTimeout(() => search(form), SEARCH_DEBOUNCE_MS);
        }}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}

/** Category filters are links, so each filtered list has its own shareable URL. */
export function NewsCategoryFilter({ filter }: { filter: NewsFilter }) {
  return (
    <nav aria-label="Filter by category">
      <ul className="flex flex-wrap gap-2">
        {NEWS_CATEGORIES.map((category) => {
          const active = category === filter.category;
          return (
            <li key={category}>
              <Link
                to={{ pathname: "/news", search: newsFilterSearch({ ...filter, category }) }}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={cx(
                  "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold uppercase tracking-wide transition-colors",
                  active
                    ? "border-accent bg-accent text-white"
                    : "border-line bg-surface text-text hover:border-accent-text hover:text-accent-text",
                )}
              >
                {category}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
