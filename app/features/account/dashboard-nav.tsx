import { Form, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { dashboardFor, type AccountRole } from "./roles";

/** The dashboard's sections (and the back office, for staff), and Sign Out (which lands on /login). */
export function DashboardNav({ role, staff = false }: { role: AccountRole; staff?: boolean }) {
  const items = [
    { to: "/dashboard", label: "Profile", end: true },
    { to: dashboardFor(role), label: role === "driver" ? "Driver Dashboard" : "Team Dashboard", end: true },
    { to: "/dashboard/orders", label: "My Orders", end: false },
    { to: "/dashboard/addresses", label: "Addresses", end: true },
    { to: "/dashboard/security", label: "Security", end: true },
    ...(staff ? [{ to: "/admin", label: "Back Office", end: false }] : []),
  ];
  return (
    <div className="mb-8 flex flex-wrap items-center justify-between gap-3 border-b border-line pb-4">
      <nav aria-label="Dashboard" className="max-w-full">
        <ul className="flex flex-wrap gap-0.5 sm:gap-1">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  cx(
                    "inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-2.5 text-xs font-semibold uppercase tracking-wide transition-colors sm:px-4 sm:text-sm",
                    isActive ? "bg-surface-raised text-accent-text" : "text-muted hover:text-text",
                  )
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="post" action="/logout">
        <Button type="submit" variant="secondary" size="sm">
          Sign Out
        </Button>
      </Form>
    </div>
  );
}
