import { Link } from "react-router";
import { cx } from "~/components/ui/cx";

/** Details / History, as links (they work without JavaScript and keep the URL shareable). */
export function DeskTabs({
  current,
  detailsHref,
  historyHref,
}: {
  current: "details" | "history";
  detailsHref: string;
  historyHref: string;
}) {
  const tab = (name: "details" | "history", href: string, label: string) => (
    <li>
      <Link
        to={href}
        aria-current={current === name ? "page" : undefined}
        className={cx(
          "inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold uppercase tracking-wide",
          current === name ? "border-accent-text text-accent-text" : "border-transparent text-muted hover:text-text",
        )}
      >
        {label}
      </Link>
    </li>
  );
  return (
    <nav aria-label="Record" className="mb-6 border-b border-line">
      <ul className="flex gap-2">
        {tab("details", detailsHref, "Details")}
        {tab("history", historyHref, "History")}
      </ul>
    </nav>
  );
}
