import { NavLink } from "react-router";
import { cx } from "~/components/ui/cx";
import type { AdminArea } from "./areas";

/**
 * The back office's sections: on a phone, compact pills that wrap rather than scroll sideways
 * (nothing to discover off-screen, nothing to overflow) in about three rows; from `lg` up, a
 * column beside the page, as back offices have.
 */
export function AdminNav({ areas }: { areas: readonly AdminArea[] }) {
  return (
    <nav aria-label="Back office" className="max-w-full">
      <ul className="flex flex-wrap gap-x-0.5 gap-y-1 lg:flex-col lg:gap-0.5">
        {areas.map((area) => (
          <li key={area.path}>
            <NavLink
              to={area.path}
              end={area.path === "/admin"}
              prefetch="intent"
              className={({ isActive }) =>
                cx(
                  "inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-2.5 text-xs font-semibold uppercase tracking-wide transition-colors sm:px-4 sm:text-sm lg:flex lg:rounded-lg",
                  isActive ? "bg-surface-raised text-accent-text" : "text-muted hover:text-text",
                )
              }
            >
              {area.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
