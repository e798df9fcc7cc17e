import { hasStaffRole, type StaffRole } from "./staff-roles";

/**
 * The back office's areas: its navigation, and which staff role each path needs. A desk
 * added under /admin adds its line here; the route-walk test (tests/server/admin-access.test.ts)
 * reads this list to know which roles must be turned away from each admin route, and an
 * /admin path missing from it is taken to need `admin`.
 */
export interface AdminArea {
  path: string;
  label: string;
  /** The role the area needs; null for pages every staff member may open. */
  role: StaffRole | null;
}

export const ADMIN_AREAS: readonly AdminArea[] = [
  { path: "/admin", label: "Today", role: null },
  // What a team manager posts most: reports, then results trackside.
  { path: "/admin/news", label: "News", role: "editor" },
  // Newsletters go with the news: whoever writes the reports may send them (ADR 0073).
  { path: "/admin/newsletters", label: "Newsletters", role: "editor" },
  { path: "/admin/results", label: "Results", role: "editor" },
  { path: "/admin/seasons", label: "Seasons", role: "editor" },
  { path: "/admin/drivers", label: "Drivers", role: "editor" },
  { path: "/admin/team", label: "Team", role: "editor" },
  { path: "/admin/female-side", label: "Female Side", role: "editor" },
  { path: "/admin/media", label: "Media", role: "editor" },
  { path: "/admin/content", label: "Site content", role: "editor" },
  { path: "/admin/legal", label: "Legal pages", role: "editor" },
  // The shop (issue 14): orders first, what a team manager packs on a Monday; then what sells,
  // which codes run, who buys, what the public writes in and who reads the newsletter (ADRs 0034, 0038).
  { path: "/admin/orders", label: "Orders", role: "shop" },
  { path: "/admin/products", label: "Products", role: "shop" },
  { path: "/admin/promotions", label: "Promotions", role: "shop" },
  { path: "/admin/delivery", label: "Delivery", role: "shop" },
  { path: "/admin/customers", label: "Customers", role: "shop" },
  { path: "/admin/messages", label: "Messages", role: "shop" },
  { path: "/admin/subscribers", label: "Subscribers", role: "shop" },
  { path: "/admin/mail", label: "Mail queue", role: "shop" },
  // Previews of every e-mail the site sends, with sample data only: every staff member may look (ADR 0068).
  { path: "/admin/emails", label: "E-mails", role: null },
  // How fast the site is on visitors' own phones (ADR 0089): every staff member may look.
  { path: "/admin/vitals", label: "Site speed", role: null },
  { path: "/admin/people", label: "People", role: "admin" },
  { path: "/admin/activity", label: "Activity", role: "admin" },
  { path: "/admin/settings", label: "Settings", role: "admin" },
];

/** The areas someone with `roles` may open, in menu order. */
export function visibleAreas(roles: readonly StaffRole[]): AdminArea[] {
  return ADMIN_AREAS.filter((area) => area.role === null || hasStaffRole(roles, area.role));
}

/** The role a path under /admin needs (null: any staff role), from the longest matching area. */
export function requiredStaffRoleFor(pathname: string): StaffRole | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/admin") return null;
  const area = ADMIN_AREAS.filter((candidate) => candidate.path !== "/admin")
    .filter((candidate) => path === candidate.path || path.startsWith(`${candidate.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return area ? area.role : "admin";
}

/** The area a page under /admin belongs to (the longest matching path), for the menu's label. */
export function currentArea(areas: readonly AdminArea[], pathname: string): AdminArea | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  return (
    areas
      .filter((area) => path === area.path || (area.path !== "/admin" && path.startsWith(`${area.path}/`)))
      .sort((a, b) => b.path.length - a.path.length)[0] ?? null
  );
}
