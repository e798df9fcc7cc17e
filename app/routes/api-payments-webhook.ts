import { data } from "react-router";
import type { Route } from "./+types/api-payments-webhook";
import { receivePaymentWebhook } from "~/features/shop/payments/webhook.server";
import { isRequestBodyTooLarge } from "~/lib/request-body";
import { appContext } from "~/context";

/**
 * POST /api/payments/webhook: the payment provider's signed events. The
 * signature covers the raw body, so it is read as text here, untouched (no
 * body parser runs before React Router; see server/app.ts). Its size limit is counted while it
 * streams (server/body-limit.ts).
 */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const noStore = { "Cache-Control": "no-store" };
  if (request.method !== "POST") {
    return data({ received: false, error: "Method not allowed." }, { status: 405, headers: { ...noStore, Allow: "POST" } });
  }
  let rawBody: string;
  try {
    rawBody = await request.text();
  } catch (error) {
    if (isRequestBodyTooLarge(error)) return data({ received: false, error: "Payload too large." }, { status: 413, headers: noStore });
    return data({ received: false, error: "The body could not be read." }, { status: 400, headers: noStore });
  }
  const answer = await receivePaymentWebhook(context, rawBody, request.headers);
  return data(answer.body, { status: answer.status, headers: noStore });
}

export function loader() {
  return data({ error: "Send payment events with POST." }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
