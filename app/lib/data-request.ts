/**
 * React Router's data requests (a client navigation's or a form's fetch) go to the page's address
 * with `.data` added: `/news.data` for `/news`, and, for an address ending in a slash, `_.data`
 * after it: `/_.data` for the home page, `/news/_.data` for `/news/`
 * (`future.v8_trailingSlashAwareDataRequests`). Before that flag the home page's was `/_root.data`,
 * and a tab opened before the change may still ask for it. Loaders and actions see the raw request
 * (`future.v8_passThroughRequests`, ADR 0115) and read the page's address from their `url`
 * argument; this is for what is handed only the request or a path (the sign-in redirect, the
 * server's metrics and body limits).
 */

/** The home page's data address before `v8_trailingSlashAwareDataRequests`. */
export const OLD_ROOT_DATA_PATH = "/_root.data";

/** The page a path is for: the path itself when it is not a data request's. */
export function pagePathOf(pathname: string): string {
  if (pathname === OLD_ROOT_DATA_PATH) return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * The page a request is for, as React Router hands a loader its `url`: the path as pagePathOf
 * reads it, without React Router's own search parameters (`_routes`, and the empty `index` that
 * sends a form to an index route).
 */
export function pageUrlOf(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = pagePathOf(url.pathname);
  url.searchParams.delete("_routes");
  const index = url.searchParams.getAll("index").filter(Boolean);
  url.searchParams.delete("index");
  for (const value of index) url.searchParams.append("index", value);
  return url;
}
