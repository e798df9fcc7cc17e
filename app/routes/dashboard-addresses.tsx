import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard-addresses";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field-controls";
import { FormField } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { requireUser } from "~/features/account/session.server";
import { ADDRESS_FORM_FIELDS, ADDRESS_LIMITS, addressLines, countryName, type AddressField } from "~/features/shop/store/address";
import { deliveryAddressSchema } from "~/features/shop/store/checkout";
import { deleteSavedAddress, listSavedAddresses, MAX_SAVED_ADDRESSES, saveAddress } from "~/features/shop/store/customer-addresses.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const user = await requireUser(request, context);
  const addresses = await listSavedAddresses(context.db, user.id);
  return data(
    { addresses: addresses.map((address) => ({ id: address.id, lines: addressLines(address) })), shipsTo: context.shop.shipsTo },
    { headers: PRIVATE },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

type ActionResult = {
  tone: "error" | "success";
  message: string;
  errors?: Partial<Record<AddressField, string>>;
  values?: Record<string, string>;
};
const answer = (result: ActionResult, status = 200) => data(result, { status, headers: PRIVATE });

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const user = await requireUser(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "delete") {
    const deleted = await deleteSavedAddress(context.db, user.id, String(form.get("id") ?? ""));
    return deleted
      ? answer({ tone: "success", message: "Address removed." })
      : answer({ tone: "error", message: "That address is not in your account." }, 404);
  }
  if (intent !== "add") return answer({ tone: "error", message: "Unknown form intent." }, 400);
  const values = Object.fromEntries(Object.values(ADDRESS_FORM_FIELDS).map((name) => [name, String(form.get(name) ?? "").slice(0, 1000)]));
  const parsed = deliveryAddressSchema(context.shop.shipsTo).safeParse(
    Object.fromEntries(Object.entries(ADDRESS_FORM_FIELDS).map(([field, name]) => [field, values[name]])),
  );
  if (!parsed.success) {
    const errors = firstErrorPerField<AddressField>(parsed.error);
    return answer({ tone: "error", message: "Please check the address: see the messages under the fields.", errors, values }, 400);
  }
  const saved = await saveAddress(context.db, user.id, parsed.data);
  if (saved === "full")
    return answer({ tone: "error", message: `You can keep up to ${MAX_SAVED_ADDRESSES} addresses: remove one first.`, values }, 409);
  if (saved === "duplicate") return answer({ tone: "success", message: "That address is already saved." });
  return answer({ tone: "success", message: "Address saved. You can pick it at checkout." });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "My Addresses", description: "Delivery addresses saved for checkout.", path: null });

export default function MyAddressesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, shipsTo } = loaderData;
  const busy = useNavigation().state === "submitting";
  const result = actionData as ActionResult | undefined;
  const errors = result?.errors ?? {};
  const values = result?.values;
  const field = (name: AddressField, label: string, props: { autoComplete: string; required?: boolean; className?: string }) => (
    <FormField
      label={label}
      name={ADDRESS_FORM_FIELDS[name]}
      maxLength={ADDRESS_LIMITS[name as keyof typeof ADDRESS_LIMITS]}
      defaultValue={values?.[ADDRESS_FORM_FIELDS[name]]}
      error={errors[name]}
      {...props}
    />
  );
  return (
    <>
      <SectionHeading level={1} title="My Addresses" description="Delivery addresses you can pick at checkout." />
      {result && <FormNotice tone={result.tone}>{result.message}</FormNotice>}
      {addresses.length === 0 ? (
        <p className="mb-8 text-muted">No saved addresses yet.</p>
      ) : (
        <ul className="mb-8 grid gap-3 sm:grid-cols-2">
          {addresses.map((address) => (
            <li key={address.id} className="flex flex-col justify-between gap-3 rounded-card border border-line bg-surface p-4">
              <address className="text-sm not-italic leading-relaxed">
                {address.lines.map((line, index) => (
                  <span key={index} className="block">
                    {line}
                  </span>
                ))}
              </address>
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={address.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  aria-label={`Remove ${address.lines.slice(0, 2).join(", ")}`}
                >
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="add-address-heading" className="rounded-card border border-line bg-surface p-5 sm:p-8">
        <h2 id="add-address-heading" className="text-xl font-bold uppercase">
          Add an address
        </h2>
        <Form method="post" noValidate className="mt-6 grid gap-5 sm:grid-cols-2" key={result?.tone === "success" ? "saved" : "editing"}>
          <input type="hidden" name="intent" value="add" />
          {field("name", "Recipient Name", { autoComplete: "shipping name", required: true, className: "sm:col-span-2" })}
          {field("line1", "Address Line 1", { autoComplete: "shipping address-line1", required: true, className: "sm:col-span-2" })}
          {field("line2", "Address Line 2 (optional)", { autoComplete: "shipping address-line2", className: "sm:col-span-2" })}
          {field("town", "Town or City", { autoComplete: "shipping address-level2", required: true })}
          {field("county", "County (optional)", { autoComplete: "shipping address-level1" })}
          {field("postcode", "Postcode", { autoComplete: "shipping postal-code", required: true })}
          <SelectField
            label="Country"
            name={ADDRESS_FORM_FIELDS.country}
            options={shipsTo}
            optionLabel={countryName}
            autoComplete="shipping country"
            defaultValue={values?.[ADDRESS_FORM_FIELDS.country] ?? shipsTo[0]}
            error={errors.country}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Save address
            </Button>
          </div>
        </Form>
      </section>
    </>
  );
}
