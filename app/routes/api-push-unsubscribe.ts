import type { Route } from "./+types/api-push-unsubscribe";
import { handleUnsubscribeRequest } from "~/features/push/push-subscriptions.server";
import { appContext } from "~/context";

/** POST /api/push/unsubscribe: removes a browser's push subscription (push-subscriptions.server.ts). */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  return handleUnsubscribeRequest(request, { db: context.db, clientIp: context.clientIp, serviceHosts: context.push?.serviceHosts ?? [] });
}

export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
