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
  /** The menu's heading the area sits under; null for Today, above every group. */
  group: AdminGroup | null;
}

/** The menu's groups, in menu order: a phone shows a few short lists rather than one grid of two dozen. */
export const ADMIN_GROUPS = ["Newsroom", "Racing", "Team", "Site", "Shop", "Inbox and mail", "Administration"] as const;
export type AdminGroup = (typeof ADMIN_GROUPS)[number];

export const ADMIN_AREAS: readonly AdminArea[] = [
  { path: "/admin", label: "Today", role: null, group: null },
  // What a team manager posts most: reports, then results trackside. Newsletters go with the
  // news: whoever writes the reports may send them (ADR 0073).
  { path: "/admin/news", label: "News", role: "editor", group: "Newsroom" },
  { path: "/admin/newsletters", label: "Newsletters", role: "editor", group: "Newsroom" },
  // What fans were pushed (results, sessions, reports, drops) and how it went (issue 40): beside
  // the newsletter, the other way the newsroom reaches fans.
  { path: "/admin/notifications", label: "Notifications", role: "editor", group: "Newsroom" },
  { path: "/admin/media", label: "Media", role: "editor", group: "Newsroom" },
  // Race weekends (issue 39): sessions in two taps and the paddock ticker, from a phone.
  { path: "/admin/live", label: "Live", role: "editor", group: "Racing" },
  { path: "/admin/results", label: "Results", role: "editor", group: "Racing" },
  { path: "/admin/seasons", label: "Seasons", role: "editor", group: "Racing" },
  { path: "/admin/drivers", label: "Drivers", role: "editor", group: "Team" },
  { path: "/admin/team", label: "Team", role: "editor", group: "Team" },
  { path: "/admin/female-side", label: "Female Side", role: "editor", group: "Team" },
  { path: "/admin/content", label: "Site content", role: "editor", group: "Site" },
  { path: "/admin/legal", label: "Legal pages", role: "editor", group: "Site" },
  // What each partner got, per race weekend, and their report links (issue 41).
  { path: "/admin/partners", label: "Partners", role: "editor", group: "Site" },
  // Previews of every e-mail the site sends, with sample data only, and how fast the site is on
  // visitors' own phones: every staff member may look (ADRs 0068, 0089).
  { path: "/admin/emails", label: "E-mails", role: null, group: "Site" },
  { path: "/admin/vitals", label: "Site speed", role: null, group: "Site" },
  // The shop (issue 14): orders first, what a team manager packs on a Monday; then what sells,
  // which codes run and who buys; then what the public writes in and who reads the newsletter
  // (ADRs 0034, 0038).
  { path: "/admin/orders", label: "Orders", role: "shop", group: "Shop" },
  { path: "/admin/products", label: "Products", role: "shop", group: "Shop" },
  { path: "/admin/promotions", label: "Promotions", role: "shop", group: "Shop" },
  { path: "/admin/delivery", label: "Delivery", role: "shop", group: "Shop" },
  { path: "/admin/customers", label: "Customers", role: "shop", group: "Shop" },
  { path: "/admin/messages", label: "Messages", role: "shop", group: "Inbox and mail" },
  { path: "/admin/subscribers", label: "Subscribers", role: "shop", group: "Inbox and mail" },
  { path: "/admin/mail", label: "Mail queue", role: "shop", group: "Inbox and mail" },
  { path: "/admin/people", label: "People", role: "admin", group: "Administration" },
  { path: "/admin/activity", label: "Activity", role: "admin", group: "Administration" },
  { path: "/admin/settings", label: "Settings", role: "admin", group: "Administration" },
];

/** The areas under each heading, in menu order, leaving out a group with none of `areas`. */
export function groupedAreas(areas: readonly AdminArea[]): { group: AdminGroup | null; areas: AdminArea[] }[] {
  return [null, ...ADMIN_GROUPS]
    .map((group) => ({ group, areas: areas.filter((area) => area.group === group) }))
    .filter((entry) => entry.areas.length > 0);
}

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
