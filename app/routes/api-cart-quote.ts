import type { Route } from "./+types/api-cart-quote";
import { handleCartQuoteRequest } from "~/features/shop/store/quote.server";
import { appContext } from "~/context";

/** POST /api/cart/quote: the cart priced by the server (see quote.server.ts). */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  return handleCartQuoteRequest(request, {
    db: context.db,
    clientIp: context.clientIp,
    shipping: context.shipping,
    shippingMethod: context.shop.shippingMethodName,
    holdSharePercent: context.holdPolicy.holdSharePercent,
  });
}

export function loader() {
  return Response.json({ error: "Use POST" }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
