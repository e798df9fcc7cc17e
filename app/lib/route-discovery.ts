/**
 * React Router learns the routes of the links on a page with a fetch to `/__manifest` (lazy route
 * discovery), made as the links appear. WebKit rejects a fetch that a new page load cancels, and
 * the page being left still runs: React Router then logs "Failed to fetch manifest patches". A
 * visitor who went to another address just after signing in or up (whose dashboard had just
 * added its links) got that error in WebKit, though nothing had failed. Sent with `keepalive`, the
 * request is not cancelled by the load, so there is nothing to log; every other request is sent
 * as it was. (Discovering every route up front instead, React Router's `routeDiscovery: "initial"`,
 * costs every page about 5 kB of JavaScript: ADR 0101.)
 */
export function keepRouteDiscoveryAlive(manifestPath = "/__manifest"): void {
  const send = window.fetch;
  window.fetch = (input, init) =>
    send(input, new URL(input instanceof Request ? input.url : input, location.href).pathname === manifestPath ? { ...init, keepalive: true } : init);
}
