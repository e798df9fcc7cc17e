import { useEffect, useRef, type KeyboardEvent } from "react";
import { NavLink, useLocation } from "react-router";
import { ChevronDownIcon } from "~/components/icons";
import { cx } from "~/components/ui/cx";
import { currentArea, groupedAreas, type AdminArea } from "./areas";

/**
 * The back office's sections, under a few headings (Newsroom, Racing, Shop...). From `lg` up, a
 * column beside the page, as back offices have. Below it, one "Menu" button naming the section you
 * are in, which opens the list (two dozen desks would otherwise wrap into rows above every page). The button is a <details> disclosure, so
 * it opens, closes and reports its state to screen readers without JavaScript; with JavaScript,
 * Escape closes it and a chosen section closes it (ADR 0048).
 */
export function AdminNav({ areas }: { areas: readonly AdminArea[] }) {
  const location = useLocation();
  const current = currentArea(areas, location.pathname);
  const disclosure = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);

  // A section chosen from the open menu loads in place: close the menu, and keep the keyboard on
  // its button rather than on a link that is no longer on screen.
  useEffect(() => {
    const details = disclosure.current;
    if (!details?.open) return;
    const focusInside = details.contains(document.activeElement);
    details.open = false;
    if (focusInside) summary.current?.focus();
  }, [location.pathname]);

  const closeOnEscape = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== "Escape" || !event.currentTarget.open) return;
    event.currentTarget.open = false;
    summary.current?.focus();
  };

  return (
    <nav aria-label="Back office" className="max-w-full">
      <details ref={disclosure} onKeyDown={closeOnEscape} className="group lg:hidden">
        <summary
          ref={summary}
          className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-lg border border-line bg-surface px-4 text-sm font-semibold uppercase tracking-wide [&::-webkit-details-marker]:hidden"
        >
          <span>
            Menu
            {current && (
              <>
                <span aria-hidden="true" className="text-muted">
                  {" · "}
                </span>
                <span className="sr-only">, you are on </span>
                <span className="text-accent-text">{current.label}</span>
              </>
            )}
          </span>
          <ChevronDownIcon className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180" />
        </summary>
        <GroupedLinks
          areas={areas}
          idPrefix="admin-menu-phone"
          className="mt-2 grid gap-3 rounded-lg border border-line bg-surface p-2"
          listClassName="grid grid-cols-2 gap-1 sm:grid-cols-3"
        />
      </details>
      <GroupedLinks areas={areas} idPrefix="admin-menu" className="hidden flex-col gap-4 lg:flex" listClassName="flex flex-col gap-0.5" />
    </nav>
  );
}

/** Today on its own, then each group's links under its heading (a list labelled by it). */
function GroupedLinks({
  areas,
  idPrefix,
  className,
  listClassName,
}: {
  areas: readonly AdminArea[];
  idPrefix: string;
  className: string;
  listClassName: string;
}) {
  return (
    <div className={className}>
      {groupedAreas(areas).map(({ group, areas: inGroup }) => {
        if (group === null) return <AreaLinks key="today" areas={inGroup} className={listClassName} />;
        const headingId = `${idPrefix}-${group.toLowerCase().replace(/[^a-z]+/g, "-")}`;
        return (
          <div key={group}>
            <p id={headingId} className="mb-1 px-3 text-xs font-semibold uppercase tracking-[0.15em] text-muted lg:px-4">
              {group}
            </p>
            <AreaLinks areas={inGroup} className={listClassName} labelledBy={headingId} />
          </div>
        );
      })}
    </div>
  );
}

function AreaLinks({ areas, className, labelledBy }: { areas: readonly AdminArea[]; className: string; labelledBy?: string }) {
  return (
    <ul className={className} aria-labelledby={labelledBy}>
      {areas.map((area) => (
        <li key={area.path}>
          <NavLink
            to={area.path}
            end={area.path === "/admin"}
            prefetch="intent"
            className={({ isActive }) =>
              cx(
                "flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold uppercase tracking-wide transition-colors lg:px-4",
                isActive ? "bg-surface-raised text-accent-text" : "text-muted hover:bg-surface-raised hover:text-text",
              )
            }
          >
            {area.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
