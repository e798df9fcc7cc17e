import type { Route } from "./+types/api-driver";
import { getDriverDetail } from "~/features/team/drivers.server";
import { appContext } from "~/context";

/**
 * GET /api/drivers/:driverId: one driver's bio, season and career, for the driver
 * carousels, which carry only the cards and fetch a detail when it is opened.
 */
export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const detail = params.driverId.length <= 100 ? await getDriverDetail(context.db, params.driverId) : null;
  if (!detail) return Response.json({ error: "No driver with that id" }, { status: 404, headers: { "Cache-Control": "no-store" } });
  // Content changes rarely; a minute matches the page cache.
  return Response.json({ driver: detail.driver }, { headers: { "Cache-Control": "public, max-age=60" } });
}
