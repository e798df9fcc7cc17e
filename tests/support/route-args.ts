import { pageUrlOf } from "../../app/lib/data-request";

/**
 * A loader's or action's arguments for calling it in-process: what the test gives, and the page's
 * `url`, which React Router hands every loader and action beside the raw request.
 */
export function routeArgs<Args extends { request: Request }>(args: Args): Args & { url: URL } {
  return { ...args, url: pageUrlOf(args.request) };
}
