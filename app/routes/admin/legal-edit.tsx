import { eq } from "drizzle-orm";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/legal-edit";
import { legalDocuments } from "../../../db/schema";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { HistoryPanel } from "~/features/admin/audit-views";
import { entityHistory } from "~/features/admin/history.server";
import { restoreVersion } from "~/features/admin/desk/restore.server";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { useUnsavedFormWarning } from "~/features/admin/unsaved-changes";
import { LEGAL_DOCUMENT, legalDocumentRestoreTarget, saveLegalDocument } from "~/features/legal/legal-admin.server";
import { legalDocumentFormSchema, ukDate } from "~/features/legal/legal-form";
import { isLegalSlug, type LegalSlug } from "~/features/legal/legal.server";
import { DeskFormField, errorSummary } from "~/features/admin/desk/desk-form";
import { formValues, type DeskField } from "~/features/admin/desk/desk-fields";
import { DeskTabs } from "~/features/site-desk/desk-tabs";
import { formatCalendarDate } from "~/lib/dates";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { z } from "~/lib/zod";
import { appContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";

const FIELDS: DeskField[] = [
  { name: "title", label: "Title", kind: "text", required: true },
  { name: "description", label: "Summary", kind: "textarea", required: true, hint: "Shown to search engines and in link previews." },
  {
    name: "bodyMarkdown",
    label: "Text (Markdown)",
    kind: "textarea",
    required: true,
    hint: "## for headings, - for lists, [text](https://...) for links.",
  },
];

function slugOf(params: { slug?: string }): LegalSlug {
  if (!params.slug || !isLegalSlug(params.slug))
    throw data({ message: "There is no such legal page." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  return params.slug;
}

export async function loader({ request, url, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const slug = slugOf(params);
  const [document] = await context.db.select().from(legalDocuments).where(eq(legalDocuments.slug, slug));
  if (!document) throw data({ message: "There is no such legal page." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  const tab = url.searchParams.get("tab") === "history" ? ("history" as const) : ("details" as const);
  const history =
    tab === "history" ? await entityHistory(context.db, LEGAL_DOCUMENT.entityType, slug, { currentVersion: document.version }) : [];
  return data({ document, tab, history }, { headers: BACK_OFFICE_HEADERS });
}

const intentSchema = z.object({ intent: z.enum(["save", "restore-version"], { message: "Unknown form intent." }) });

type ActionResult = { tone: "error" | "success"; message: string; errors: Record<string, string>; values: Record<string, string> | null };
const answer = deskAnswer<ActionResult>;

export async function action({ request, context: routerContext, params }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const slug = slugOf(params);
  const values = formValues(await readForm(request));
  const intent = intentSchema.safeParse(values);
  if (!intent.success) return answer({ tone: "error", message: "Unknown form intent.", errors: {}, values }, 400);
  const today = ukDate(new Date());
  if (intent.data.intent === "restore-version") {
    const target = legalDocumentRestoreTarget(slug, { revisedOn: today });
    const { status, ...restored } = await restoreVersion(
      context,
      staff,
      values,
      target,
      `Restored as a new revision dated ${formatCalendarDate(today)}.`,
    );
    return answer({ ...restored, errors: {}, values: null }, status);
  }
  const parsed = legalDocumentFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors = firstErrorPerField(parsed.error);
    return answer({ tone: "error", message: errorSummary(errors)!, errors, values }, 400);
  }
  const { version, reason, ...text } = parsed.data;
  const saved = await saveLegalDocument(context, staff, slug, version, { ...text, revisedOn: today }, reason);
  if (!saved.ok) return answer({ tone: "error", message: saved.message, errors: {}, values }, 409);
  return answer({ tone: "success", message: `Saved as a new revision dated ${formatCalendarDate(today)}.`, errors: {}, values: null });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `${args.loaderData?.document.title ?? "Legal page"} | Back Office`,
    description: "Edit a legal page.",
    path: null,
  });

export default function LegalEdit({ loaderData, actionData }: Route.ComponentProps) {
  useUnsavedFormWarning("legal-form");
  const { document, tab, history } = loaderData;
  const busy = useNavigation().state === "submitting";
  const shown: Record<string, string> = actionData?.values ?? {
    title: document.title,
    description: document.description,
    bodyMarkdown: document.bodyMarkdown,
  };
  const errors = actionData?.errors ?? {};
  const base = `/admin/legal/${document.slug}`;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/legal" className="text-muted underline hover:text-text">
          Legal pages
        </Link>
      </p>
      <SectionHeading
        level={1}
        title={document.title}
        description={`/${document.slug} · last updated ${formatCalendarDate(document.revisedOn)}`}
      />
      <DeskTabs current={tab} detailsHref={base} historyHref={`${base}?tab=history`} />
      {actionData && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}
      {tab === "history" ? (
        <HistoryPanel entries={history} currentVersion={document.version} title="Revisions" />
      ) : (
        <Form method="post" id="legal-form" className="grid max-w-3xl gap-5" noValidate>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="version" value={document.version} />
          {FIELDS.map((field) => (
            <DeskFormField key={field.name} field={field} value={shown[field.name] ?? ""} error={errors[field.name]} />
          ))}
          <div className="flex min-w-0 flex-col gap-1.5">
            <label htmlFor="field-reason" className="text-sm font-medium">
              Reason for the change (optional)
            </label>
            <input id="field-reason" name="reason" defaultValue={shown.reason ?? ""} className={inputClasses} />
          </div>
          <p className="text-sm text-muted">Saving makes a new revision dated today; the page shows it at once.</p>
          <div>
            <Button type="submit" disabled={busy}>
              Save revision
            </Button>
          </div>
        </Form>
      )}
    </>
  );
}
