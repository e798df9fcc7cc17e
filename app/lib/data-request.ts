/**
 * React Router's data requests (a client navigation's or a form's fetch) go to the page's address
 * with `.data` added: `/news.data` for `/news`, `/_root.data` for the home page. Loaders and
 * actions see the raw request (`future.v8_passThroughRequests`, ADR 0115) and read the page's
 * address from their `url` argument; this is for what is handed only the request or a path (the
 * sign-in redirect, the server's metrics and body limits).
 */

/** The page a path is for: the path itself when it is not a data request's. */
export function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
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
