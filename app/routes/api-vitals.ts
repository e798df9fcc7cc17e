import type { Route } from "./+types/api-vitals";
import { handleVitalsBeacon, vitalsEndpointContext } from "~/features/vitals/vitals.server";
import { appContext } from "~/context";

/** POST /api/vitals: one page view's Core Web Vitals from navigator.sendBeacon (see vitals.server.ts, ADR 0089). */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  if (request.method !== "POST") {
    return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
  }
  return handleVitalsBeacon(request, vitalsEndpointContext(context));
}

export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
