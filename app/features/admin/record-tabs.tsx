import { Link } from "react-router";

export type RecordTab = "details" | "history";

/**
 * An edit page's Details / History tabs. They are links (`?tab=history`), so they work without
 * JavaScript and the History is only read from the database when it is asked for.
 */
export function RecordTabs({ base, tab, detailsLabel = "Details" }: { base: string; tab: RecordTab; detailsLabel?: string }) {
  const link = (name: RecordTab, label: string, to: string) => (
    <Link
      to={to}
      aria-current={tab === name ? "page" : undefined}
      className={
        "inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold uppercase tracking-wide " +
        (tab === name ? "border-accent text-text" : "border-transparent text-muted hover:text-text")
      }
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Record" className="mb-6 flex gap-2 border-b border-line">
      {link("details", detailsLabel, base)}
      {link("history", "History", `${base}?tab=history`)}
    </nav>
  );
}

/** Which tab a request asks for. */
export function recordTabOf(request: Request): RecordTab {
  return new URL(request.url).searchParams.get("tab") === "history" ? "history" : "details";
}
