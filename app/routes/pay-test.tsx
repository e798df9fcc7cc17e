import { data, Form, redirect, useNavigation } from "react-router";
import { DeliveryDetails } from "~/features/shop/store/delivery-details";
import type { Route } from "./+types/pay-test";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { confirmationPath } from "~/features/shop/payments/provider.server";
import { CARD_MESSAGES, type CardFieldErrors } from "~/features/shop/payments/test-cards";
import { payTestSession, readTestSession } from "~/features/shop/payments/test-payment.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { formatPence } from "~/lib/money";
import { appContext } from "~/context";

const noStore = { "Cache-Control": "no-store" };

export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const view = await readTestSession(context, params.sessionId);
  return data(view, { status: view.kind === "unavailable" ? 404 : 200, headers: noStore });
}

export async function action({ params, request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 200) : "";
  };
  const intent = field("intent") === "cancel" ? "cancel" : "pay";
  const result = await payTestSession(
    context,
    params.sessionId,
    intent === "cancel"
      ? { intent }
      : { intent, card: { number: field("cardNumber"), expiry: field("expiry"), cvc: field("cvc"), name: field("cardName") } },
  );
  switch (result.kind) {
    case "paid":
      return redirect(confirmationPath(params.sessionId), { headers: noStore });
    case "cancelled":
      return redirect("/cart", { headers: noStore });
    case "unavailable":
      return data({ ...result, fieldErrors: {} as CardFieldErrors, message: null }, { status: 409, headers: noStore });
    case "invalid":
      return data({ kind: "invalid" as const, fieldErrors: result.fieldErrors, message: null }, { status: 400, headers: noStore });
    case "refused":
      return data(
        { kind: "refused" as const, fieldErrors: {} as CardFieldErrors, message: result.message },
        { status: 402, headers: noStore },
      );
  }
}

export const headers: Route.HeadersFunction = () => noStore;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Test Payment", description: "Test-mode card payment for a Ridgeway Racing order.", path: null });

export default function TestPaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const view = actionData?.kind === "unavailable" ? actionData : loaderData;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <p className="mb-6 rounded-lg border-2 border-dashed border-warning bg-warning/10 px-4 py-3 text-center text-sm font-bold uppercase tracking-wide text-warning">
        Test mode: no real card is charged
      </p>
      <h1 className="text-3xl font-bold uppercase sm:text-4xl">Card Payment</h1>
      {view.kind === "unavailable" ? (
        <div role="status" className="mt-6 rounded-card border border-line bg-surface p-6">
          <h2 className="text-xl font-bold">
            {view.reason === "paid" ? "This order has already been paid" : "This payment session is not available"}
          </h2>
          <p className="mt-2 text-muted">
            {view.reason === "paid"
              ? "Thank you: your payment was received."
              : view.reason === "closed"
                ? "This order was cancelled or ran out of time, and its items were returned to stock. Your cart is still here if you want to check out again."
                : "We couldn't find a payment waiting at this address. It may have been mistyped."}
          </p>
          <div className="mt-5 flex flex-wrap gap-3">
            <LinkButton to="/cart">Back to Cart</LinkButton>
            <LinkButton to="/store" variant="secondary">
              Continue Shopping
            </LinkButton>
          </div>
        </div>
      ) : (
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <section aria-labelledby="pay-order-heading" className="self-start rounded-card border border-line bg-surface p-5 sm:p-6">
            <h2 id="pay-order-heading" className="text-lg font-bold uppercase">
              Order {view.orderNumber}
            </h2>
            <ul className="mt-4 divide-y divide-line text-sm">
              {view.lines.map((line) => (
                <li key={`${line.productName}-${line.size}`} className="flex justify-between gap-4 py-2">
                  <span>
                    {line.quantity} × {line.productName} <span className="text-muted">({line.size})</span>
                  </span>
                  <span className="whitespace-nowrap">{formatPence(line.unitPricePence * line.quantity)}</span>
                </li>
              ))}
            </ul>
            <dl className="mt-4 space-y-1 border-t border-line pt-4 text-sm">
              <div className="flex justify-between">
                <dt className="text-muted">Subtotal</dt>
                <dd>{formatPence(view.subtotalPence)}</dd>
              </div>
              {view.discountPence > 0 && (
                <div className="flex justify-between text-success">
                  <dt>Discount{view.promoCode ? ` (${view.promoCode})` : ""}</dt>
                  <dd>−{formatPence(view.discountPence)}</dd>
                </div>
              )}
              <div className="flex justify-between">
                <dt className="text-muted">Shipping{view.shippingMethod ? ` (${view.shippingMethod})` : ""}</dt>
                <dd>{view.shippingPence === 0 ? "FREE" : formatPence(view.shippingPence)}</dd>
              </div>
              <div className="flex justify-between pt-2 text-lg font-bold">
                <dt>Total</dt>
                <dd data-testid="pay-total">{formatPence(view.totalPence)}</dd>
              </div>
            </dl>
            <DeliveryDetails address={view.shippingAddress} method={null} className="mt-4 border-t border-line pt-4" />
            <p className="mt-4 text-xs text-muted">Receipt to {view.customerEmail}</p>
          </section>
          <section aria-labelledby="pay-card-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
            <h2 id="pay-card-heading" className="text-lg font-bold uppercase">
              Pay by Card
            </h2>
            <div aria-live="polite">
              {actionData?.message && (
                <p role="alert" className="mt-4 rounded-lg border border-danger/50 bg-danger/10 px-4 py-3 text-sm font-medium text-danger">
                  {actionData.message}
                </p>
              )}
            </div>
            <Form method="post" noValidate className="mt-4 grid gap-4">
              <fieldset disabled={busy} className="grid gap-4">
                <legend className="sr-only">Card details</legend>
                <FormField
                  label="Card Number"
                  name="cardNumber"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="4242 4242 4242 4242"
                  maxLength={23}
                  required
                  error={actionData?.fieldErrors.number}
                />
                <div className="grid grid-cols-2 gap-4">
                  <FormField
                    label="Expiry (MM/YY)"
                    name="expiry"
                    inputMode="numeric"
                    autoComplete="cc-exp"
                    placeholder="12/34"
                    maxLength={7}
                    required
                    error={actionData?.fieldErrors.expiry}
                  />
                  <FormField
                    label="CVC"
                    name="cvc"
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    placeholder="123"
                    maxLength={3}
                    required
                    error={actionData?.fieldErrors.cvc}
                  />
                </div>
                <FormField
                  label="Name on Card"
                  name="cardName"
                  autoComplete="cc-name"
                  maxLength={100}
                  required
                  error={actionData?.fieldErrors.name}
                />
                <Button type="submit" name="intent" value="pay" size="lg" className="w-full">
                  {busy && navigation.formData?.get("intent") === "pay" ? "Processing..." : `Pay ${formatPence(view.totalPence)}`}
                </Button>
              </fieldset>
            </Form>
            <Form method="post" className="mt-3">
              <Button type="submit" name="intent" value="cancel" variant="ghost" className="w-full" disabled={busy}>
                Cancel and return to cart
              </Button>
            </Form>
            <div className="mt-5 rounded-lg bg-surface-raised p-4 text-xs text-muted">
              <p className="font-semibold text-text">Test cards (any future expiry, any 3-digit CVC)</p>
              <ul className="mt-2 space-y-1">
                <li>4242 4242 4242 4242: pays</li>
                <li>4000 0000 0000 0002: {CARD_MESSAGES.declined.replace(/\.$/, "")}</li>
                <li>4000 0000 0000 9995: {CARD_MESSAGES.insufficientFunds.replace(/\.$/, "")}</li>
              </ul>
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
