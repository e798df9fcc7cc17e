/** Where a page is, as far as moving focus after a client-side navigation is concerned. */
export interface PagePlace {
  pathname: string;
  search: string;
}

/**
 * What to do with keyboard focus after a client-side navigation (not the first load):
 * a new page takes focus on its heading and is announced; the same page with other search
 * parameters (a filter, a sort, an open driver) leaves focus where it is, unless focus was lost
 * on the way (the control that had it was replaced), when the heading takes it after all.
 */
export function focusAfterNavigation(previous: PagePlace, next: PagePlace, focusStayed: boolean): "page-heading" | "stay" {
  if (previous.pathname !== next.pathname) return "page-heading";
  return focusStayed ? "stay" : "page-heading";
}

/** What the route announcer says when a new page has loaded: its title, as the tab shows it. */
export function pageAnnouncement(documentTitle: string, headingText: string | null): string {
  const title = documentTitle.trim() || headingText?.trim() || "";
  return title ? `${title}, page loaded` : "Page loaded";
}
