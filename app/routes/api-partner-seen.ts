import type { Route } from "./+types/api-partner-seen";
import { handleSeenBeacon } from "~/features/partners/seen.server";
import { appContext } from "~/context";

const postOnly = () => Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });

/** POST /api/partner-seen: the partner marks a page saw, from navigator.sendBeacon (ADR 0145). */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  if (request.method !== "POST") return postOnly();
  return handleSeenBeacon(request, appContext(routerContext));
}

export function loader() {
  return postOnly();
}
