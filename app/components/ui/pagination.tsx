import { Link } from "react-router";
import { cx } from "./cx";

const linkClasses = "inline-flex min-h-11 items-center font-semibold underline";

/**
 * The links between the pages of a back-office list: the page before, "Page 2 of 5", the page
 * after; nothing when the list fits on one page. `href` gives a page's address (keeping the
 * list's filters); the links' words fit the list ("Older changes", "Next page").
 */
export function Pagination({
  page,
  pageCount,
  href,
  previous = "Previous page",
  next = "Next page",
  className = "mt-6",
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  previous?: string;
  next?: string;
  /** The space above it. */
  className?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className={cx(className, "flex flex-wrap items-center justify-between gap-3 text-sm")}>
      {page > 1 ? (
        <Link to={href(page - 1)} className={linkClasses}>
          {previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={linkClasses}>
          {next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
