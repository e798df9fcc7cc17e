import { matchRoutes, type RouteObject } from "react-router";
import { pagePathOf } from "../app/lib/data-request";

/** A route of React Router's server build manifest (build.routes). */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
}

/**
 * The route pattern a request path matched ("/news/:slug"), for the metrics' `route` label: one
 * series per route, however many articles or products there are. Data requests
 * ("/news/x.data", "/_.data", "/news/_.data", the older "/_root.data") count with their page. A
 * path no route matches is "unmatched".
 */
export function createRouteLabeller(routes: Record<string, ManifestRoute | undefined>): (pathname: string) => string {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, children: tree(route.id) },
    );
  const routeTree = tree(undefined);
  const match = (pathname: string): string => {
    const matches = matchRoutes(routeTree, pagePathOf(pathname));
    if (!matches) return "unmatched";
    const segments = matches.map((m) => m.route.path ?? "").filter((segment) => segment !== "");
    return `/${segments.join("/")}`.replace(/\/{2,}/g, "/");
  };
  // matchRoutes flattens and ranks the whole route tree on every call: about a fifth of a
  // checkout's CPU time when it ran on every request. The paths a site is asked for repeat, so
  // their labels are remembered; the memo is emptied when full, so paths a client makes up
  // cost no more than before and never grow it past its bound.
  const labels = new Map<string, string>();
  return (pathname) => {
    let label = labels.get(pathname);
    if (label === undefined) {
      if (labels.size >= ROUTE_LABEL_MEMO_SIZE) labels.clear();
      label = match(pathname);
      labels.set(pathname, label);
    }
    return label;
  };
}

/** How many paths' labels are remembered at once. */
export const ROUTE_LABEL_MEMO_SIZE = 2_000;
