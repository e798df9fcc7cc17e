import { Form, NavLink } from "react-router";
import { cx } from "~/components/ui/cx";
import { dashboardFor, type AccountRole } from "./roles";

const tabClasses =
  "flex min-h-11 w-full items-center justify-center rounded-full px-2 text-center text-xs font-semibold uppercase leading-tight tracking-wide transition-colors sm:w-auto sm:px-4 sm:text-sm";

/**
 * The dashboard's sections (and the back office, for staff), and Sign Out (which lands on /login).
 * On a phone the tabs are a grid of three, Sign Out among them, so none sits on a row of its own.
 * From `xl` up the header shows Sign Out beside the account button, so the dashboard's own is not
 * repeated there.
 */
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
    <nav aria-label="Dashboard" className="mb-8 border-b border-line pb-4">
      <ul className="grid grid-cols-3 gap-1 sm:flex sm:flex-wrap sm:items-center">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cx(tabClasses, isActive ? "bg-surface-raised text-accent-text" : "text-muted hover:bg-surface hover:text-text")
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
        <li className="sm:ml-auto xl:hidden">
          <Form method="post" action="/logout">
            <button type="submit" className={cx(tabClasses, "border border-line text-text hover:border-muted")}>
              Sign Out
            </button>
          </Form>
        </li>
      </ul>
    </nav>
  );
}
