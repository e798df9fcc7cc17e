import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, Form, isRouteErrorResponse, redirect, useNavigate, useNavigation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/checkout";
import { Button } from "~/components/ui/button";
import { SelectField, TextareaField } from "~/components/ui/field-controls";
import { FormField } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { useCart } from "~/features/shop/cart/cart-context";
import { ADDRESS_FORM_FIELDS, ADDRESS_LIMITS, addressLines, countryName, type AddressField } from "~/features/shop/store/address";
import type { SavedAddress } from "~/features/shop/store/customer-addresses.server";
import { listSavedAddresses } from "~/features/shop/store/customer-addresses.server";
import {
  ADDRESS_CHOICE_FIELD,
  CHECKOUT_LIMITS,
  CHECKOUT_MESSAGES,
  CHECKOUT_TEXT_FIELDS,
  NEW_ADDRESS,
  SAVE_ADDRESS_FIELD,
  type CheckoutValues,
  checkCheckoutFields,
  checkoutErrorMessage,
  LINE_FIELDS,
  PROMO_FIELD,
  type CheckoutActionData,
  type CheckoutField,
  type CheckoutFieldErrors,
} from "~/features/shop/store/checkout-form";
import { getOptionalUser } from "~/features/account/session.server";
import { CheckoutSummary } from "~/features/shop/store/checkout-summary";
import { submitCheckout } from "~/features/shop/store/checkout.server";
import { checkouts } from "~/features/operations/metrics.server";
import type { CookieCartView } from "~/features/shop/cart/cart-form";
import { cartFormContext, loadCookieCart } from "~/features/shop/cart/cart-form.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

/** The cart kept in a cookie without JavaScript (ADR 0016), to check out and to show priced. */
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const { view, setCookie } = await loadCookieCart(request.headers.get("Cookie"), cartFormContext(context));
  // A signed-in shopper picks one of their saved addresses (those to countries shipped to).
  const user = await getOptionalUser(request, context);
  const savedAddresses = user
    ? (await listSavedAddresses(context.db, user.id)).filter((address) => context.shop.shipsTo.includes(address.country))
    : [];
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (setCookie) headers.set("Set-Cookie", setCookie);
  return data({ cookieCart: view, shipsTo: context.shop.shipsTo, signedIn: Boolean(user), savedAddresses }, { headers });
}

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const form = await readForm(request);
  // A signed-in shopper's order is theirs ("My orders"); a guest's belongs to no account.
  const user = await getOptionalUser(request, context);
  const outcome = await submitCheckout(context, form, { userId: user?.id ?? null }).catch((error: unknown) => {
    checkouts.inc({ outcome: "failed" });
    throw error;
  });
  checkouts.inc({ outcome: outcome.kind === "redirect" ? "placed" : outcome.status >= 500 ? "failed" : "refused" });
  if (outcome.kind === "redirect") return redirect(outcome.url, { headers: { "Cache-Control": "no-store" } });
  return data(outcome.data, { status: outcome.status, headers: { "Cache-Control": "no-store" } });
}

// The form's answer is the only data here; nothing to reload after it.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Secure Checkout",
    description: "Enter your details and continue to secure card payment for your Ridgeway Racing order.",
    path: null,
  });

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const cart = useCart();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const processing = navigation.state !== "idle" && navigation.formAction === "/checkout";

  useEffect(() => {
    if (cart.hydrated && cart.lines.length === 0 && !processing) void navigate("/cart", { replace: true });
  }, [cart.hydrated, cart.lines.length, processing, navigate]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <LinkButton to="/cart" variant="ghost" size="sm" className="-ml-3 mb-6">
        ← Back to Cart
      </LinkButton>
      <SectionHeading level={1} eyebrow="Ridgeway Racing Store" title="Secure Checkout" />
      <div className="grid gap-8 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <CheckoutForm
            result={actionData}
            processing={processing}
            cookieCart={loaderData.cookieCart}
            shipsTo={loaderData.shipsTo}
            signedIn={loaderData.signedIn}
            savedAddresses={loaderData.savedAddresses}
          />
        </div>
        <div className="lg:col-span-2">
          <CheckoutSummary cookieCartQuote={loaderData.cookieCart?.quote ?? null} />
        </div>
      </div>
    </div>
  );
}

function CheckoutForm({
  result,
  processing,
  cookieCart,
  shipsTo,
  signedIn,
  savedAddresses,
}: {
  result: CheckoutActionData | undefined;
  processing: boolean;
  cookieCart: CookieCartView | null;
  shipsTo: string[];
  signedIn: boolean;
  savedAddresses: SavedAddress[];
}) {
  const cart = useCart();
  // The browser cart once read; before that (and without JavaScript) the cookie cart.
  const lines = cart.hydrated
    ? cart.lines.map((line) => ({ productId: line.id, size: line.selectedSize, quantity: line.quantity }))
    : (cookieCart?.lines ?? []);
  const promoCode = cart.hydrated ? cart.promoCode : (cookieCart?.promoCode ?? null);
  const bannerRef = useRef<HTMLDivElement>(null);
  // Errors from the last check (the browser's, or the server's answer), minus fields edited since.
  const [browserErrors, setBrowserErrors] = useState<{ after: typeof result; errors: CheckoutFieldErrors }>();
  const [edited, setEdited] = useState<{ after: typeof result; fields: Set<CheckoutField> }>();
  const base =
    browserErrors && browserErrors.after === result ? browserErrors.errors : result?.status === "invalid" ? result.fieldErrors : {};
  const editedFields = edited && edited.after === result ? edited.fields : new Set<CheckoutField>();
  const errors = Object.fromEntries(
    Object.entries(base).filter(([field]) => !editedFields.has(field as CheckoutField)),
  ) as CheckoutFieldErrors;
  const showBanner = Object.keys(base).length > 0;
  const values = result?.values;

  useEffect(() => {
    if (result) bannerRef.current?.focus();
  }, [result]);

  function onEdit(field: CheckoutField) {
    if (editedFields.has(field)) return;
    setEdited({ after: result, fields: new Set([...editedFields, field]) });
  }

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const found = checkCheckoutFields(
      Object.fromEntries(CHECKOUT_TEXT_FIELDS.map((field) => [field, String(form.get(field) ?? "")])),
      shipsTo,
    );
    setBrowserErrors({ after: result, errors: found });
    setEdited({ after: result, fields: new Set() });
    if (Object.keys(found).length === 0) return;
    event.preventDefault();
    event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
  }

  return (
    <section aria-labelledby="customer-heading" className="rounded-card border border-line bg-surface p-5 sm:p-8">
      <h2 id="customer-heading" className="text-2xl font-bold uppercase">
        Your Details
      </h2>
      <div ref={bannerRef} tabIndex={-1} aria-live="polite" className="outline-none">
        {showBanner && (
          <p role="alert" className="mt-4 rounded-lg border border-danger/50 bg-danger/10 px-4 py-3 text-sm font-medium text-danger">
            {CHECKOUT_MESSAGES.banner}
          </p>
        )}
        {result?.status === "error" && (
          <div role="alert" className="mt-4 rounded-lg border border-danger/50 bg-danger/10 px-4 py-3">
            <h3 className="font-bold text-danger">{result.title}</h3>
            <p className="mt-1 text-sm text-text">{result.message}</p>
            {result.problems.length > 0 && (
              <ul className="mt-2 list-disc pl-5 text-sm text-muted">
                {result.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      <Form method="post" action="/checkout" noValidate onSubmit={checkBeforeSending} className="mt-6 grid gap-5">
        {/* The cart travels with the form; the server prices it again from the catalogue. */}
        {lines.map((line) => (
          <div key={`${line.productId}\u0000${line.size}`} hidden>
            <input type="hidden" name={LINE_FIELDS.productId} value={line.productId} />
            <input type="hidden" name={LINE_FIELDS.size} value={line.size} />
            <input type="hidden" name={LINE_FIELDS.quantity} value={line.quantity} />
          </div>
        ))}
        {promoCode && <input type="hidden" name={PROMO_FIELD} value={promoCode} />}
        <fieldset disabled={processing} className="grid gap-5 sm:grid-cols-2">
          <legend className="sr-only">Customer information</legend>
          <FormField
            label="Full Name"
            name="name"
            autoComplete="name"
            required
            maxLength={CHECKOUT_LIMITS.name}
            defaultValue={values?.name}
            error={errors.name}
            onChange={() => onEdit("name")}
          />
          <FormField
            label="Email Address"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={CHECKOUT_LIMITS.email}
            defaultValue={values?.email}
            error={errors.email}
            onChange={() => onEdit("email")}
          />
          <FormField
            label="Phone Number (optional)"
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={CHECKOUT_LIMITS.phone}
            defaultValue={values?.phone}
            error={errors.phone}
            onChange={() => onEdit("phone")}
            className="sm:col-span-2"
          />
          <TextareaField
            label="Order Notes (optional)"
            name="notes"
            maxLength={CHECKOUT_LIMITS.notes}
            defaultValue={values?.notes}
            error={errors.notes}
            onChange={() => onEdit("notes")}
            className="sm:col-span-2"
            rows={3}
          />
        </fieldset>
        <DeliveryFields
          shipsTo={shipsTo}
          signedIn={signedIn}
          savedAddresses={savedAddresses}
          values={values}
          errors={errors}
          disabled={processing}
          onEdit={onEdit}
        />
        <div>
          {/* No lines in the form yet (the browser cart is read once the page has loaded): nothing to send. */}
          <Button type="submit" size="lg" className="w-full" disabled={processing || lines.length === 0}>
            {processing ? "Processing..." : "Proceed to Payment"}
          </Button>
          <p className="mt-3 text-center text-xs text-muted">
            You will pay on a secure card payment page. Your order is held for you while you pay.
          </p>
        </div>
      </Form>
    </section>
  );
}

/**
 * The delivery address: a saved one (signed in), or a new one. Without JavaScript every field
 * is there at once; the server reads the fields only when "A new address" is chosen.
 */
function DeliveryFields({
  shipsTo,
  signedIn,
  savedAddresses,
  values,
  errors,
  disabled,
  onEdit,
}: {
  shipsTo: string[];
  signedIn: boolean;
  savedAddresses: SavedAddress[];
  values: CheckoutValues | undefined;
  errors: CheckoutFieldErrors;
  disabled: boolean;
  onEdit: (field: CheckoutField) => void;
}) {
  const chosen = values?.addressChoice ?? savedAddresses[0]?.id ?? NEW_ADDRESS;
  const field = (name: AddressField) => ADDRESS_FORM_FIELDS[name] as CheckoutField;
  const text = (name: AddressField, label: string, props: { autoComplete: string; required?: boolean; className?: string }) => (
    <FormField
      label={label}
      name={field(name)}
      maxLength={ADDRESS_LIMITS[name as keyof typeof ADDRESS_LIMITS]}
      defaultValue={values?.[field(name)]}
      error={errors[field(name)]}
      onChange={() => onEdit(field(name))}
      {...props}
    />
  );
  return (
    <fieldset disabled={disabled} className="grid gap-5 sm:grid-cols-2">
      <legend className="mb-1 text-xl font-bold uppercase">Delivery Address</legend>
      {savedAddresses.length > 0 && (
        <div role="radiogroup" aria-label="Saved addresses" className="grid gap-2 sm:col-span-2">
          {errors.addressChoice && (
            <p className="text-sm text-danger" role="alert">
              {errors.addressChoice}
            </p>
          )}
          {savedAddresses.map((address) => (
            <label key={address.id} className="flex items-start gap-3 rounded-lg border border-line p-3 text-sm">
              <input
                type="radio"
                name={ADDRESS_CHOICE_FIELD}
                value={address.id}
                defaultChecked={chosen === address.id}
                onChange={() => onEdit("addressChoice")}
                className="mt-1"
              />
              <span>{addressLines(address).join(", ")}</span>
            </label>
          ))}
          <label className="flex items-start gap-3 rounded-lg border border-line p-3 text-sm">
            <input
              type="radio"
              name={ADDRESS_CHOICE_FIELD}
              value={NEW_ADDRESS}
              defaultChecked={chosen === NEW_ADDRESS}
              onChange={() => onEdit("addressChoice")}
              className="mt-1"
            />
            <span>A new address (enter it below)</span>
          </label>
        </div>
      )}
      {text("name", "Recipient Name", { autoComplete: "shipping name", required: true, className: "sm:col-span-2" })}
      {text("line1", "Address Line 1", { autoComplete: "shipping address-line1", required: true, className: "sm:col-span-2" })}
      {text("line2", "Address Line 2 (optional)", { autoComplete: "shipping address-line2", className: "sm:col-span-2" })}
      {text("town", "Town or City", { autoComplete: "shipping address-level2", required: true })}
      {text("county", "County (optional)", { autoComplete: "shipping address-level1" })}
      {text("postcode", "Postcode", { autoComplete: "shipping postal-code", required: true })}
      <SelectField
        label="Country"
        name={field("country")}
        options={shipsTo}
        optionLabel={countryName}
        autoComplete="shipping country"
        defaultValue={values?.shipCountry ?? shipsTo[0]}
        error={errors.shipCountry}
        onChange={() => onEdit("shipCountry")}
      />
      {signedIn && (
        <label className="flex items-center gap-3 text-sm sm:col-span-2">
          <input type="checkbox" name={SAVE_ADDRESS_FIELD} defaultChecked={values?.saveAddress === "on"} />
          Save this new address to my account
        </label>
      )}
    </fieldset>
  );
}

/**
 * A submission that failed outright (the connection dropped, a body the server
 * refused): the 'Checkout Error' banner with the spec's message. The cart is
 * untouched, so the shopper can simply try again.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error)
    ? checkoutErrorMessage(
        typeof error.data === "object" && error.data && "message" in error.data ? String(error.data.message) : `HTTP ${error.status}`,
      )
    : checkoutErrorMessage(error instanceof Error ? error.message : "Server error");
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <SectionHeading level={1} eyebrow="Ridgeway Racing Store" title="Secure Checkout" />
      <div role="alert" className="rounded-lg border border-danger/50 bg-danger/10 px-4 py-3">
        <h2 className="font-bold text-danger">{CHECKOUT_MESSAGES.errorTitle}</h2>
        <p className="mt-1 text-sm text-text">{message}</p>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <LinkButton to="/checkout">Try Again</LinkButton>
        <LinkButton to="/cart" variant="secondary">
          Back to Cart
        </LinkButton>
      </div>
    </div>
  );
}
