/**
 * The page "up" from a page (ADR 0141): where the installed app's Back goes when there is no
 * history to go back to, as when a notification opened a round's page. The address with its last
 * part taken off, skipping the addresses that are not pages; `/` has none. A race report is one of
 * the news, and goes up to it. `section-parent.test.ts` checks every page in app/routes.ts goes
 * up to a page.
 */

/** Addresses above a page that are not pages themselves: Back goes on up past them. */
const NOT_PAGES = [
  /^\/race-reports$/,
  /^\/partner-report$/,
  /^\/pay(?:\/test)?$/,
  /^\/admin\/news\/[^/]+\/preview$/,
  /^\/admin\/seasons\/[^/]+\/rounds$/,
  /^\/admin\/live\/[^/]+\/sessions(?:\/[^/]+)?$/,
];

/** Sections that live under another's address. */
const SECTION_PARENTS: Record<string, string> = { "/race-reports": "/news" };

export function sectionParent(pathname: string): string | null {
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length === 0) return null;
  for (let length = segments.length - 1; length > 0; length--) {
    const candidate = `/${segments.slice(0, length).join("/")}`;
    const section = SECTION_PARENTS[candidate];
    if (section) return section;
    if (!NOT_PAGES.some((address) => address.test(candidate))) return candidate;
  }
  return "/";
}
