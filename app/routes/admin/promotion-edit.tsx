import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/promotion-edit";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { HistoryPanel } from "~/features/admin/audit-views";
import { entityHistory } from "~/features/admin/history.server";
import { restoreAction } from "~/features/admin/desk/restore.server";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { useUnsavedFormWarning } from "~/features/admin/unsaved-changes";
import { DeskFormField, errorSummary } from "~/features/admin/desk/desk-form";
import { formValues, type DeskField } from "~/features/admin/desk/desk-fields";
import { DeskTabs } from "~/features/site-desk/desk-tabs";
import { promotionFormSchema, promotionFormValues, promotionUpdateSchema } from "~/features/shop/store/promotion-form";
import {
  createPromotion,
  getPromotion,
  PROMO_CODES,
  promotionRestoreTarget,
  updatePromotion,
} from "~/features/shop/store/promotions.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";

const FIELDS: DeskField[] = [
  {
    name: "code",
    label: "Code",
    kind: "text",
    required: true,
    fixedAfterCreate: true,
    hint: "What shoppers type; letters and digits, matched whatever the case.",
  },
  {
    name: "kind",
    label: "Discount",
    kind: "select",
    required: true,
    options: [
      { value: "percent", label: "A percentage off the items" },
      { value: "amount", label: "A fixed amount off the items" },
    ],
  },
  { name: "percentOff", label: "Percentage off", kind: "integer", hint: "For a percentage: 1 to 100." },
  {
    name: "amountOff",
    label: "Amount off (£)",
    kind: "pounds",
    hint: "For a fixed amount, e.g. 5 or 7.50. Never more than the items cost.",
  },
  { name: "minSpend", label: "Minimum spend (£)", kind: "pounds", hint: "The items' total an order needs; empty for none." },
  { name: "startsOn", label: "First day", kind: "date", hint: "From 00:00 UK time; empty to start at once." },
  { name: "endsOn", label: "Last day", kind: "date", hint: "Until the end of the day, UK time; empty for no end." },
  {
    name: "maxUses",
    label: "Total use limit",
    kind: "integer",
    hint: "Orders that may use it, counting ones waiting for payment; empty for no limit.",
  },
  {
    name: "perCustomerLimit",
    label: "Limit per customer",
    kind: "integer",
    hint: "Orders one customer (by e-mail) may use it on; empty for no limit.",
  },
  { name: "note", label: "Note for the team", kind: "text", hint: "What the code is for; shoppers never see it." },
];

const isNew = (params: { code?: string }) => params.code === undefined;

export async function loader({ request, url, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "shop");
  if (isNew(params)) {
    return data(
      {
        code: null,
        version: 0,
        usedCount: 0,
        values: { kind: "percent", active: "on" } as Record<string, string>,
        tab: "details" as const,
        history: [],
        justCreated: false,
      },
      { headers: BACK_OFFICE_HEADERS },
    );
  }
  const promo = await getPromotion(context.db, params.code!);
  if (!promo) throw data("Not found", { status: 404 });
  const tab = url.searchParams.get("tab") === "history" ? ("history" as const) : ("details" as const);
  const history =
    tab === "history" ? await entityHistory(context.db, PROMO_CODES.entityType, promo.code, { currentVersion: promo.version }) : [];
  const justCreated = url.searchParams.has("saved");
  return data(
    { code: promo.code, version: promo.version, usedCount: promo.usedCount, values: promotionFormValues(promo), tab, history, justCreated },
    { headers: BACK_OFFICE_HEADERS },
  );
}

type ActionResult = { tone: "error" | "success"; message: string; errors?: Record<string, string>; values?: Record<string, string> | null };
const answer = deskAnswer<ActionResult>;

export async function action({ request, context: routerContext, params }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "shop");
  const form = await readForm(request);
  const values = formValues(form);
  if (!isNew(params) && values.intent === "restore-version")
    return restoreAction(context, staff, form, promotionRestoreTarget(params.code!));
  const parsed = promotionFormSchema.safeParse(isNew(params) ? values : { ...values, code: params.code });
  if (!parsed.success) {
    const errors = firstErrorPerField(parsed.error);
    return answer({ tone: "error", message: errorSummary(errors)!, errors, values }, 400);
  }
  const { reason, ...promotion } = parsed.data;
  if (isNew(params)) {
    const created = await createPromotion(context, staff, promotion, reason);
    if (!created.ok) return answer({ tone: "error", message: created.message, errors: { code: created.message }, values }, 409);
    return redirect(`/admin/promotions/${created.row.code}?saved=1`, { headers: BACK_OFFICE_HEADERS });
  }
  const version = promotionUpdateSchema.safeParse(values);
  if (!version.success) return answer({ tone: "error", message: version.error.issues[0]!.message, values }, 400);
  if (!(await getPromotion(context.db, params.code!))) throw data("Not found", { status: 404 });
  const saved = await updatePromotion(context, staff, params.code!, version.data.version, promotion, reason);
  if (!saved.ok) return answer({ tone: "error", message: saved.message, values }, 409);
  return answer({ tone: "success", message: "Saved: the store uses these rules from now on.", values: null });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: `${args.params.code ?? "New promo code"} | Promotions | Back Office`, description: "A promo code.", path: null });

export default function PromotionEdit({ loaderData, actionData }: Route.ComponentProps) {
  useUnsavedFormWarning("promotion-form");
  const { code, version, usedCount, values, tab, history, justCreated } = loaderData;
  const busy = useNavigation().state === "submitting";
  const result = actionData as ActionResult | undefined;
  const shown = result?.values ?? values;
  const errors = result?.errors ?? {};
  const base = code ? `/admin/promotions/${code}` : "/admin/promotions/new";
  return (
    <>
      <p className="mb-4">
        <LinkButton to="/admin/promotions" variant="ghost" size="sm" className="-ml-3">
          ← All promo codes
        </LinkButton>
      </p>
      <SectionHeading
        level={1}
        title={code ?? "New promo code"}
        description={
          code
            ? `${usedCount} use${usedCount === 1 ? "" : "s"} taken, counting orders waiting for payment.`
            : "A code shoppers can type in the cart."
        }
      />
      {code && <DeskTabs current={tab} detailsHref={base} historyHref={`${base}?tab=history`} />}
      {actionData ? (
        <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>
      ) : (
        justCreated && <FormNotice tone="success">Created.</FormNotice>
      )}
      {tab === "history" ? (
        <HistoryPanel entries={history} currentVersion={version} />
      ) : (
        <Form method="post" id="promotion-form" className="grid max-w-3xl gap-5 sm:grid-cols-2" noValidate>
          {code && <input type="hidden" name="version" value={version} />}
          {FIELDS.map((field) => (
            <DeskFormField
              key={field.name}
              field={field}
              value={shown[field.name] ?? ""}
              error={errors[field.name]}
              readOnly={Boolean(code) && field.fixedAfterCreate}
            />
          ))}
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium sm:col-span-2">
            <input type="checkbox" name="active" defaultChecked={shown.active === "on"} className="size-5" />
            Active: shoppers can use the code (within its days and limits)
          </label>
          <div className="flex min-w-0 flex-col gap-1.5 sm:col-span-2">
            <label htmlFor="field-reason" className="text-sm font-medium">
              Reason for the change (optional)
            </label>
            <input id="field-reason" name="reason" defaultValue={shown.reason ?? ""} className={inputClasses} />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {code ? "Save promo code" : "Create promo code"}
            </Button>
          </div>
        </Form>
      )}
    </>
  );
}
