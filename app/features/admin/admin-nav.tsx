import { NavLink } from "react-router";
import { cx } from "~/components/ui/cx";
import type { AdminArea } from "./areas";

/**
 * The back office's sections, as pills that wrap onto a second line on a phone rather than
 * scroll sideways (nothing to discover off-screen, nothing to overflow).
 */
export function AdminNav({ areas }: { areas: readonly AdminArea[] }) {
  return (
    <nav aria-label="Back office" className="max-w-full">
      <ul className="flex flex-wrap gap-1">
        {areas.map((area) => (
          <li key={area.path}>
            <NavLink
              to={area.path}
              end={area.path === "/admin"}
              prefetch="intent"
              className={({ isActive }) =>
                cx(
                  "inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-3 text-sm font-semibold uppercase tracking-wide transition-colors sm:px-4",
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
