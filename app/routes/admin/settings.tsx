import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { HistoryPanel } from "~/features/admin/audit-views";
import { entityHistory } from "~/features/admin/history.server";
import { restoreVersion } from "~/features/admin/desk/restore.server";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { requireStepUp } from "~/features/admin/step-up.server";
import { useUnsavedFormWarning } from "~/features/admin/unsaved-changes";
import { officeHoursText, SOCIAL_NETWORKS } from "~/features/settings/site-settings";
import { SITE_SETTINGS_FIELDS } from "~/features/settings/site-settings-fields";
import { settingsFromForm, siteSettingsFormSchema } from "~/features/settings/site-settings-form";
import {
  getSiteSettingsRow,
  SITE_SETTINGS,
  saveSiteSettings,
  siteSettingsRestoreTarget,
} from "~/features/settings/site-settings-write.server";
import { DeskFormField, errorSummary } from "~/features/admin/desk/desk-form";
import { formValues } from "~/features/admin/desk/desk-fields";
import { DeskTabs } from "~/features/site-desk/desk-tabs";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { z } from "~/lib/zod";
import { appContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "admin");
  const row = await getSiteSettingsRow(context.db);
  const tab = url.searchParams.get("tab") === "history" ? ("history" as const) : ("details" as const);
  const history =
    tab === "history" ? await entityHistory(context.db, SITE_SETTINGS.entityType, row.id, { currentVersion: row.version }) : [];
  const values: Record<string, string> = {
    email: row.email,
    phone: row.phone,
    address: row.address,
    officeHours: officeHoursText(row.officeHours),
    joinTheTeamUrl: row.joinTheTeamUrl,
    ...Object.fromEntries(SOCIAL_NETWORKS.map((name) => [`social.${name}`, row.socials.find((social) => social.name === name)?.url ?? ""])),
  };
  return data({ version: row.version, values, tab, history }, { headers: BACK_OFFICE_HEADERS });
}

const intentSchema = z.object({ intent: z.enum(["save", "restore-version"], { message: "Unknown form intent." }) });
type ActionResult = { tone: "error" | "success"; message: string; errors: Record<string, string>; values: Record<string, string> | null };
const answer = deskAnswer<ActionResult>;

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "admin");
  const form = await readForm(request);
  // Every change here (contact e-mail, links) reaches every page: confirm it's you first (ADR 0100).
  const restoring = form.get("intent") === "restore-version";
  await requireStepUp(
    request,
    context,
    staff,
    form,
    restoring ? "Restore an earlier version of the site settings" : "Change the site settings",
  );
  const values = formValues(form);
  const intent = intentSchema.safeParse(values);
  if (!intent.success) return answer({ tone: "error", message: "Unknown form intent.", errors: {}, values }, 400);
  if (intent.data.intent === "restore-version") {
    const { status, ...restored } = await restoreVersion(
      context,
      staff,
      values,
      siteSettingsRestoreTarget(),
      "Restored: every page shows these settings now.",
    );
    return answer({ ...restored, errors: {}, values: null }, status);
  }
  const parsed = siteSettingsFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors = firstErrorPerField(parsed.error);
    return answer({ tone: "error", message: errorSummary(errors)!, errors, values }, 400);
  }
  const saved = await saveSiteSettings(context, staff, parsed.data.version, settingsFromForm(parsed.data), parsed.data.reason || null);
  if (!saved.ok) return answer({ tone: "error", message: saved.message, errors: {}, values }, 409);
  return answer({ tone: "success", message: "Saved: every page shows these settings now.", errors: {}, values: null });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Settings | Back Office", description: "Site settings.", path: null });

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  useUnsavedFormWarning("settings-form");
  const { version, values, tab, history } = loaderData;
  const busy = useNavigation().state === "submitting";
  const shown = actionData?.values ?? values;
  const errors = actionData?.errors ?? {};
  return (
    <>
      <SectionHeading
        level={1}
        title="Site settings"
        description="Contact details, office hours, socials and the Join The Team link, as every page shows them."
      />
      <DeskTabs current={tab} detailsHref="/admin/settings" historyHref="/admin/settings?tab=history" />
      {actionData && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}
      {tab === "history" ? (
        <HistoryPanel entries={history} currentVersion={version} />
      ) : (
        <Form method="post" id="settings-form" className="grid max-w-3xl gap-5" noValidate>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="version" value={version} />
          {SITE_SETTINGS_FIELDS.map((field) => (
            <DeskFormField key={field.name} field={field} value={shown[field.name] ?? ""} error={errors[field.name]} />
          ))}
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor="field-reason" className="text-sm font-medium">
              Reason for the change (optional)
            </label>
            <input id="field-reason" name="reason" defaultValue={shown.reason ?? ""} className={inputClasses} />
          </div>
          <div>
            <Button type="submit" disabled={busy}>
              Save settings
            </Button>
          </div>
        </Form>
      )}
    </>
  );
}
