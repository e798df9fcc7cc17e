import type { Route } from "./+types/go";
import { appContext } from "~/context";
import { redirectTarget } from "~/features/partners/placements.server";
import { countsAsView } from "~/features/partners/placements";

/**
 * /go/<partner>/<placement>: a click on a partner's logo or link, counted (people only, not
 * crawlers or prefetches) and sent on to the partner's site with UTM parameters (ADR 0130).
 * Unknown pairs are a 404; nothing in the address chooses where the visitor goes.
 */
export async function loader({ request, params, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const target = await redirectTarget(context.db, params.partnerId, params.placementId);
  if (!target) throw new Response("No such partner link.", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (countsAsView((name) => request.headers.get(name))) context.partnerCounter?.add(params.partnerId, params.placementId, "click");
  return new Response(null, {
    status: 302,
    headers: { Location: target, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer-when-downgrade", "X-Robots-Tag": "noindex" },
  });
}
