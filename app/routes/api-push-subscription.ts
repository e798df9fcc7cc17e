import type { Route } from "./+types/api-push-subscription";
import { handleSubscriptionRequest } from "~/features/push/push-subscriptions.server";
import { appContext } from "~/context";

/** POST /api/push/subscription: a browser's push subscription with the fan's choices (push-subscriptions.server.ts). */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  if (!context.push)
    return Response.json(
      { error: "Notifications are not available on this site." },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  return handleSubscriptionRequest(request, { db: context.db, clientIp: context.clientIp, serviceHosts: context.push.serviceHosts });
}

export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
