import { useEffect, useRef, type KeyboardEvent } from "react";
import { NavLink, useLocation } from "react-router";
import { ChevronDownIcon } from "~/components/icons";
import { cx } from "~/components/ui/cx";
import { currentArea, type AdminArea } from "./areas";

/**
 * The back office's sections. From `lg` up, a column beside the page, as back offices have. Below
 * it, one "Menu" button naming the section you are in, which opens the list (about twenty desks
 * would otherwise wrap into six rows above every page). The button is a <details> disclosure, so
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
        <AreaLinks areas={areas} className="mt-2 grid grid-cols-2 gap-1 rounded-lg border border-line bg-surface p-2 sm:grid-cols-3" />
      </details>
      <AreaLinks areas={areas} className="hidden flex-col gap-0.5 lg:flex" />
    </nav>
  );
}

function AreaLinks({ areas, className }: { areas: readonly AdminArea[]; className: string }) {
  return (
    <ul className={className}>
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
