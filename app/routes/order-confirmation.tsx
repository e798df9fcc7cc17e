import { useEffect, useRef, useState } from "react";
import { data, useLocation, useRevalidator } from "react-router";
import { DeliveryDetails } from "~/features/shop/store/delivery-details";
import type { Route } from "./+types/order-confirmation";
import { LinkButton } from "~/components/ui/link-button";
import { useCart } from "~/features/shop/cart/cart-context";
import { cartCookieHeader, readCartCookie } from "~/features/shop/cart/cart-cookie";
import { OrderLines } from "~/features/shop/store/order-lines";
import { OrderProgress } from "~/features/shop/store/order-progress";
import { isPaidStatus } from "~/features/shop/store/order-status";
import { orderForPage } from "~/features/shop/store/order-view.server";
import { getOrderBySessionId } from "~/features/shop/store/orders.server";
import { noteReturnFromPayment } from "~/features/operations/operations.server";
import { pageMeta } from "~/lib/meta";
import { formatPence } from "~/lib/money";
import { appContext } from "~/context";

/** While a payment is processing the page asks again this often, this many times. */
const REFRESH_MS = 2_000;
const MAX_REFRESHES = 60;

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const sessionId = url.searchParams.get("session_id") ?? "";
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  const order = sessionId ? await getOrderBySessionId(context.db, sessionId) : null;
  if (!order) return data({ order: null }, { status: 404, headers });
  // The provider sends the customer here once they have paid: still unpaid a while later means
  // its webhook is not arriving, which the back office warns about (ADR 0047).
  if (order.status === "pending_payment" && !order.returnedFromPaymentAt) await noteReturnFromPayment(context.db, order.id);
  // A paid order's items are bought: the cart kept in a cookie without JavaScript is emptied too.
  if (isPaidStatus(order.status) && readCartCookie(request.headers.get("Cookie")).kind !== "none") {
    headers["Set-Cookie"] = cartCookieHeader(null, { secure: context.publicUrl.startsWith("https:") });
  }
  return data(
    {
      order: orderForPage(order),
    },
    { headers },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.order ? "Order Confirmation" : "Order Not Found",
    description: "Your Ridgeway Racing order.",
    path: null,
  });

type Order = NonNullable<Route.ComponentProps["loaderData"]["order"]>;

const STATUS_TEXT: Record<Order["status"], { title: string; label: string; text: string }> = {
  paid: {
    title: "Order Confirmed!",
    label: "Paid",
    text: "Thank you! Your payment has been received and a confirmation e-mail is on its way.",
  },
  packed: { title: "Order Packed", label: "Packed", text: "Your order is packed and will be on its way soon." },
  shipped: { title: "Order Shipped", label: "Shipped", text: "Your order is on its way: follow it with the tracking link below." },
  delivered: { title: "Order Delivered", label: "Delivered", text: "Your order has been delivered. Thank you for supporting the team!" },
  pending_payment: {
    title: "Payment Processing",
    label: "Processing",
    text: "Your payment is being processed. This page updates by itself as soon as it is confirmed.",
  },
  failed: {
    title: "Payment Failed",
    label: "Failed",
    text: "Your payment did not go through, so nothing was charged. Your cart is still here if you want to try again.",
  },
  expired: {
    title: "Order Expired",
    label: "Expired",
    text: "The payment was not completed in time, so the order was closed and nothing was charged.",
  },
  cancelled: { title: "Order Cancelled", label: "Cancelled", text: "This order was cancelled before payment, so nothing was charged." },
};

export default function OrderConfirmationPage({ loaderData }: Route.ComponentProps) {
  const order = loaderData.order;
  if (!order) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-4xl font-bold uppercase">Order Not Found</h1>
        <p className="mt-4 text-muted">We couldn't find your order details.</p>
        <div className="mt-8">
          <LinkButton to="/store">Back to Store</LinkButton>
        </div>
      </section>
    );
  }
  return <OrderView order={order} />;
}

function OrderView({ order }: { order: Order }) {
  const status =
    order.status === "cancelled" && order.refundedPence > 0
      ? { ...STATUS_TEXT.cancelled, text: "This order was cancelled and your payment refunded." }
      : STATUS_TEXT[order.status];
  const revalidator = useRevalidator();
  const [refreshes, setRefreshes] = useState(0);
  const cart = useCart();
  const cleared = useRef(false);

  // Pending: ask again every few seconds, a bounded number of times, until the webhook lands.
  useEffect(() => {
    if (order.status !== "pending_payment" || refreshes >= MAX_REFRESHES || revalidator.state !== "idle") return;
    const timer = window.setTimeout(() => {
      setRefreshes((count) => count + 1);
      void revalidator.revalidate();
    }, REFRESH_MS);
    return () => window.clearTimeout(timer);
  }, [order.status, refreshes, revalidator]);

  // A paid order's items are bought: the browser's cart is emptied (once the saved cart is read).
  useEffect(() => {
    if (isPaidStatus(order.status) && cart.hydrated && !cleared.current) {
      cleared.current = true;
      cart.clearCart();
    }
  }, [order.status, cart]);

  const gaveUp = order.status === "pending_payment" && refreshes >= MAX_REFRESHES;
  const location = useLocation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <div aria-live="polite" role="status">
        <h1 className={`text-4xl font-bold uppercase ${isPaidStatus(order.status) ? "text-success" : ""}`}>{status.title}</h1>
        <p className="mt-3 text-muted">
          {gaveUp
            ? "Your payment is taking longer than usual to confirm. We'll e-mail you as soon as it is; there is no need to pay again."
            : status.text}
        </p>
        {order.status === "pending_payment" && (
          // Without JavaScript the page cannot update itself: the shopper asks again.
          <noscript>
            <p className="mt-3">
              <a href={`${location.pathname}${location.search}`} className="font-semibold text-accent-text underline">
                Check the payment status again
              </a>
            </p>
          </noscript>
        )}
      </div>
      <section aria-labelledby="order-details-heading" className="mt-8 rounded-card border border-line bg-surface p-5 sm:p-8">
        <h2 id="order-details-heading" className="sr-only">
          Order details
        </h2>
        <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
          <Detail label="Order Number" value={order.orderNumber} />
          <Detail label="Order Date" value={order.date} />
          <Detail label="Name" value={order.customerName} />
          <Detail label="Email" value={order.customerEmail} />
          <Detail label="Payment Status" value={status.label} testId="payment-status" />
        </dl>
        <DeliveryDetails address={order.shippingAddress} method={order.shippingMethod} className="mt-6 border-t border-line pt-6" />
        <h3 className="mt-8 text-lg font-bold uppercase">Items</h3>
        <OrderLines lines={order.lines} />
        <dl className="mt-4 space-y-1 border-t border-line pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">Subtotal</dt>
            <dd>{formatPence(order.subtotalPence)}</dd>
          </div>
          {order.discountPence > 0 && (
            <div className="flex justify-between text-success">
              <dt>Discount{order.promoCode ? ` (${order.promoCode})` : ""}</dt>
              <dd>−{formatPence(order.discountPence)}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt className="text-muted">Shipping{order.shippingMethod ? ` (${order.shippingMethod})` : ""}</dt>
            <dd>{order.shippingPence === 0 ? "FREE" : formatPence(order.shippingPence)}</dd>
          </div>
          <div className="flex justify-between pt-2 text-lg font-bold">
            <dt>Total</dt>
            <dd data-testid="order-total">{formatPence(order.totalPence)}</dd>
          </div>
        </dl>
      </section>
      <OrderProgress tracking={order.tracking} refundedPence={order.refundedPence} totalPence={order.totalPence} />
      <div className="mt-8 flex flex-wrap gap-3">
        <LinkButton to="/store">Continue Shopping</LinkButton>
        {(order.status === "failed" || order.status === "expired" || order.status === "cancelled") && (
          <LinkButton to="/cart" variant="secondary">
            Back to Cart
          </LinkButton>
        )}
      </div>
    </div>
  );
}

function Detail({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-1 break-words font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
