import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/delivery";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { auditedWrite } from "~/features/admin/audit.server";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { useUnsavedFormWarning } from "~/features/admin/unsaved-changes";
import { deliverySettingsForm, describeCountries, formOfSettings, settingsOfForm } from "~/features/shop/store/delivery-settings-form";
import { FREE_SHIPPING } from "~/features/shop/store/pricing";
import { readShopSettings, saveShopSettings, shopSettingsVersion } from "~/features/shop/store/shop-settings.server";
import { FLAT_RATE_UNDER_50 } from "~/features/shop/store/shop-settings";
import { readForm } from "~/lib/forms.server";
import { formatPence } from "~/lib/money";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";

/*
 * Where the shop delivers and what delivery costs: one form for the shop role. The cart,
 * checkout, payment page, confirmation and e-mail all price delivery from these settings.
 */

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "shop");
  const fallback = context.shipping ?? FREE_SHIPPING;
  const [settings, version] = await Promise.all([readShopSettings(context.db, fallback), shopSettingsVersion(context.db)]);
  return data(
    { version, values: formOfSettings(settings), countries: describeCountries(settings.shipsTo) },
    { headers: BACK_OFFICE_HEADERS },
  );
}

interface Answer {
  tone: "success" | "error";
  message: string;
  errors: Record<string, string>;
  values: Record<string, string> | null;
}

const answer = deskAnswer<Answer>;

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "shop");
  const form = Object.fromEntries(await readForm(request));
  const typed = Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const parsed = deliverySettingsForm.safeParse(form);
  if (!parsed.success) {
    const errors = firstErrorPerField(parsed.error);
    return answer({ tone: "error", message: "Some fields need attention; nothing was saved.", errors, values: typed }, 400);
  }
  const settings = settingsOfForm(parsed.data);
  const saved = await auditedWrite(context, staff, (tx) =>
    saveShopSettings(tx, {
      expectedVersion: parsed.data.version,
      settings,
      fallback: context.shipping ?? FREE_SHIPPING,
      reason: parsed.data.reason,
    }),
  );
  if (!saved.ok)
    return answer({ tone: "error", message: `${saved.message} Reload the page to see their settings.`, errors: {}, values: typed }, 409);
  return answer({ tone: "success", message: "Saved: the cart and checkout use these delivery settings now.", errors: {}, values: null });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Delivery | Back Office", description: "Where the shop delivers and what it costs.", path: null });

export default function DeliverySettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { version, values: stored, countries } = loaderData;
  useUnsavedFormWarning("delivery-settings");
  const saving = useNavigation().state === "submitting";
  const values = actionData?.values ?? stored;
  const errors = actionData?.errors ?? {};
  return (
    <>
      <SectionHeading
        level={1}
        title="Delivery"
        description="Where the shop delivers and what delivery costs. Every price a shopper sees is worked out from these."
      />
      {actionData && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}
      <Form method="post" id="delivery-settings" noValidate className="grid max-w-2xl gap-5">
        <input type="hidden" name="version" value={version} />
        <FormField
          label="Countries delivered to"
          name="shipsTo"
          defaultValue={values.shipsTo ?? ""}
          error={errors.shipsTo}
          hint={`Two-letter codes separated by commas, in the order checkout lists them. Now: ${countries}.`}
          autoComplete="off"
          spellCheck={false}
        />
        <FormField
          label="Delivery method"
          name="shippingMethodName"
          defaultValue={values.shippingMethodName ?? ""}
          error={errors.shippingMethodName}
          hint="As the cart, checkout and e-mail name it."
          autoComplete="off"
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="Delivery price (£)"
            name="flatRate"
            defaultValue={values.flatRate ?? ""}
            error={errors.flatRate}
            hint="0 for free delivery."
            inputMode="decimal"
            autoComplete="off"
          />
          <FormField
            label="Free delivery over (£, optional)"
            name="freeAbove"
            defaultValue={values.freeAbove ?? ""}
            error={errors.freeAbove}
            hint={`Orders over this amount deliver free; empty: the price always applies. The old site's rule was ${formatPence(FLAT_RATE_UNDER_50.flatRatePence)} under ${formatPence(FLAT_RATE_UNDER_50.freeAbovePence!)}.`}
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
        <FormField
          label="Reason for the change (optional)"
          name="reason"
          defaultValue={values.reason ?? ""}
          error={errors.reason}
          hint="Kept in the activity log with the change."
          autoComplete="off"
        />
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save delivery settings"}
          </Button>
        </div>
      </Form>
    </>
  );
}
