import type { Route } from "./+types/api-vitals";
import { handleVitalsBeacon, vitalsEndpointContext } from "~/features/vitals/vitals.server";

/** POST /api/vitals: one page view's Core Web Vitals from navigator.sendBeacon (see vitals.server.ts, ADR 0089). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
  }
  return handleVitalsBeacon(request, vitalsEndpointContext(context));
}

export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
