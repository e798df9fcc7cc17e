import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { focusAfterNavigation, pageAnnouncement, type PagePlace } from "~/lib/route-focus";
import { focusPageHeading } from "./focus-fallback";
import { useAnnounce } from "./status-announcer";

/**
 * After a client-side navigation, what a full page load would have done for a screen reader
 * (WCAG 2.4.3, 4.1.3), as React Router's accessibility guidance and Gatsby's route announcer
 * suggest: focus starts again at the new page's <h1> and its title is said. Not on the first
 * load, and not when only the search parameters changed under a control that still has focus
 * (a filter, a sort, an open driver). Rendered after the page, so its effect runs after the
 * page's own (a form that focuses its confirmation keeps it).
 */
export function RouteAnnouncer() {
  const location = useLocation();
  const announce = useAnnounce();
  const previous = useRef<PagePlace | null>(null);

  useEffect(() => {
    const next = { pathname: location.pathname, search: location.search };
    const before = previous.current;
    previous.current = next;
    if (!before) return;
    const active = document.activeElement;
    const focusStayed = active !== null && active !== document.body && active.isConnected;
    if (focusAfterNavigation(before, next, focusStayed) === "stay") return;
    const heading = focusPageHeading();
    if (before.pathname !== next.pathname) announce(pageAnnouncement(document.title, heading?.textContent ?? null));
    // `location.key` changes on every navigation, even to the same address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}
