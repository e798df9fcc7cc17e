import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/content-edit";
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
import { DeskFormField, errorSummary } from "~/features/admin/desk/desk-form";
import { PICTURE_NOT_IN_LIBRARY } from "~/features/media/media-form";
import { isLibraryImage, listMediaChoices } from "~/features/media/media.server";
import { formValues, reasonField, versionField, type DeskField } from "~/features/admin/desk/desk-fields";
import { DeskTabs } from "~/features/site-desk/desk-tabs";
import { DESKS, isDeskKey, recordToForm, type DeskDefinition } from "~/features/site-desk/desks";
import {
  createDeskRecord,
  deleteDeskRecord,
  deskEntityType,
  deskRestoreTargetFor,
  parseDeskId,
  readDeskRecord,
  tierOptions,
  updateDeskRecord,
} from "~/features/site-desk/desks.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { z } from "~/lib/zod";
import { appContext, type RequestContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";

const notFound = (message: string) => data({ message }, { status: 404, headers: BACK_OFFICE_HEADERS });

function deskOf(params: { desk?: string }): DeskDefinition {
  if (!isDeskKey(params.desk)) throw notFound("There is no such list in the back office.");
  return DESKS[params.desk];
}

function recordIdOf(desk: DeskDefinition, raw: string | undefined) {
  if (raw === "new") return "new" as const;
  const id = raw === undefined ? null : parseDeskId(desk.key, raw);
  if (id === null) throw notFound(`There is no such ${desk.singular}.`);
  return id;
}

export async function loader({ request, url, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const desk = deskOf(params);
  const id = recordIdOf(desk, params.id);
  const tab = url.searchParams.get("tab") === "history" && id !== "new" ? ("history" as const) : ("details" as const);
  const tiers = desk.key === "partners" ? await tierOptions(context.db) : [];
  const photoChoices = tab === "details" && desk.fields.some((field) => field.kind === "photo") ? await listMediaChoices(context.db) : [];
  if (id === "new") {
    return data(
      {
        deskKey: desk.key,
        id: null,
        label: null,
        version: 0,
        deletedAt: null,
        values: {} as Record<string, string>,
        tiers,
        tab,
        history: [],
        photoChoices,
      },
      { headers: BACK_OFFICE_HEADERS },
    );
  }
  const record = await readDeskRecord(context.db, desk.key, id);
  if (!record) throw notFound(`There is no such ${desk.singular}.`);
  const history =
    tab === "history" ? await entityHistory(context.db, deskEntityType(desk.key), String(id), { currentVersion: record.version }) : [];
  const values = recordToForm(desk.key, record);
  return data(
    {
      deskKey: desk.key,
      id: String(id),
      label: values[desk.fields[0]!.name] ?? String(id),
      version: record.version,
      deletedAt: record.deletedAt ? record.deletedAt.toISOString() : null,
      values,
      tiers,
      tab,
      history,
      photoChoices,
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

const intentSchema = z.object({ intent: z.enum(["save", "delete", "restore-version"], { message: "Unknown form intent." }) });
const versionSchema = z.object({ version: versionField, reason: reasonField });

type ActionResult = { tone: "error" | "success"; message: string; errors: Record<string, string>; values: Record<string, string> | null };

const answer = deskAnswer<ActionResult>;

export async function action({ request, context: routerContext, params }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const desk = deskOf(params);
  const id = recordIdOf(desk, params.id);
  const form = await readForm(request);
  const values = formValues(form);
  const intent = intentSchema.safeParse(values);
  if (!intent.success) return answer({ tone: "error", message: "Unknown form intent.", errors: {}, values }, 400);

  if (intent.data.intent === "restore-version" || intent.data.intent === "delete") {
    if (id === "new") throw notFound(`There is no such ${desk.singular}.`);
    if (intent.data.intent === "delete") {
      const parsed = versionSchema.safeParse(values);
      if (!parsed.success)
        return answer({ tone: "error", message: Object.values(firstErrorPerField(parsed.error))[0]!, errors: {}, values: null }, 400);
      const outcome = await deleteDeskRecord(context, staff, desk.key, id, parsed.data.version);
      if (!outcome.ok)
        return answer({ tone: "error", message: outcome.message, errors: {}, values: null }, outcome.kind === "conflict" ? 409 : 404);
      throw redirect(`/admin/content/${desk.key}?deleted=${encodeURIComponent(String(id))}`, { headers: BACK_OFFICE_HEADERS });
    }
    const target = await deskRestoreTargetFor(context.db, desk.key, id);
    const { status, ...restored } = await restoreVersion(context, staff, values, target, "Restored: the site shows this version now.");
    return answer({ ...restored, errors: {}, values: null }, status);
  }

  const parsed = desk.schema.safeParse(values);
  const meta = versionSchema.safeParse(id === "new" ? { ...values, version: "1" } : values);
  if (!parsed.success || !meta.success) {
    const errors = { ...(parsed.success ? {} : firstErrorPerField(parsed.error)), ...(meta.success ? {} : firstErrorPerField(meta.error)) };
    return answer({ tone: "error", message: errorSummary(errors) ?? "Check the form.", errors, values }, 400);
  }
  const pictureErrors = await libraryPictureErrors(context.db, desk.fields, parsed.data);
  if (Object.keys(pictureErrors).length > 0) {
    return answer({ tone: "error", message: errorSummary(pictureErrors)!, errors: pictureErrors, values }, 400);
  }
  if (id === "new") {
    const created = await createDeskRecord(context, staff, desk.key, parsed.data, meta.data.reason);
    if (!created.ok) {
      const errors = created.kind === "taken" ? { [desk.fields[0]!.name]: created.message } : {};
      return answer({ tone: "error", message: created.message, errors, values }, 409);
    }
    const newId = String(created.value[desk.key === "tiers" ? "tier" : "id"]);
    throw redirect(`/admin/content/${desk.key}/${encodeURIComponent(newId)}?saved=1`, { headers: BACK_OFFICE_HEADERS });
  }
  const saved = await updateDeskRecord(context, staff, desk.key, id, meta.data.version, parsed.data, meta.data.reason);
  if (!saved.ok) return answer({ tone: "error", message: saved.message, errors: {}, values }, 409);
  return answer({ tone: "success", message: "Saved: the site shows it now.", errors: {}, values: null });
}

/** A chosen library photo must still be a live image of the library (it may have been deleted since the form opened). */
async function libraryPictureErrors(db: RequestContext["db"], fields: readonly DeskField[], values: Record<string, unknown>) {
  const errors: Record<string, string> = {};
  for (const field of fields.filter((candidate) => candidate.kind === "photo")) {
    const chosen = values[field.name];
    if (typeof chosen === "string" && !(await isLibraryImage(db, chosen))) errors[field.name] = PICTURE_NOT_IN_LIBRARY;
  }
  return errors;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: `${args.loaderData?.label ?? "New"} | Back Office`, description: "Edit site content.", path: null });

export default function ContentEdit({ loaderData, actionData }: Route.ComponentProps) {
  useUnsavedFormWarning("site-desk-form");
  const { deskKey, id, label, version, deletedAt, values, tiers, tab, history, photoChoices } = loaderData;
  const desk = DESKS[deskKey];
  const busy = useNavigation().state === "submitting";
  const shown = actionData?.values ?? values;
  const errors = actionData?.errors ?? {};
  const base = `/admin/content/${deskKey}/${id ? encodeURIComponent(id) : "new"}`;
  const [searchParams] = useSearchParams();
  const savedNotice = !actionData && searchParams.has("saved");
  const fields = desk.fields.map((field) =>
    field.name === "tier"
      ? { ...field, options: [{ value: "", label: "No tier" }, ...tiers.map((tier) => ({ value: tier, label: tier }))] }
      : field,
  );
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={`/admin/content/${deskKey}`} className="text-muted underline hover:text-text">
          {desk.title}
        </Link>
      </p>
      <SectionHeading
        level={1}
        title={id ? (label ?? id) : `New ${desk.singular}`}
        description={`Shown on ${desk.publicPaths.join(" and ")}.`}
      />
      {deletedAt && <FormNotice tone="error">This {desk.singular} is deleted and not on the site. Bring it back from the list.</FormNotice>}
      {id && <DeskTabs current={tab} detailsHref={base} historyHref={`${base}?tab=history`} />}
      {actionData && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}
      {savedNotice && <FormNotice tone="success">Saved: the site shows it now.</FormNotice>}
      {tab === "history" ? (
        <HistoryPanel entries={history} currentVersion={version} />
      ) : (
        <>
          <Form method="post" id="site-desk-form" className="grid max-w-3xl gap-5" noValidate>
            <input type="hidden" name="intent" value="save" />
            {id && <input type="hidden" name="version" value={version} />}
            {fields.map((field) => (
              <DeskFormField
                key={field.name}
                field={field}
                value={shown[field.name] ?? ""}
                error={errors[field.name]}
                readOnly={Boolean(id && field.fixedAfterCreate)}
                photoChoices={photoChoices}
              />
            ))}
            <div className="flex min-w-0 flex-col gap-1.5">
              <label htmlFor="field-reason" className="text-sm font-medium">
                Reason for the change (optional)
              </label>
              <input
                id="field-reason"
                name="reason"
                defaultValue={shown.reason ?? ""}
                className={inputClasses}
                aria-describedby={errors.reason ? "field-reason-error" : undefined}
              />
              {errors.reason && (
                <p id="field-reason-error" className="text-sm text-danger">
                  {errors.reason}
                </p>
              )}
            </div>
            <div>
              <Button type="submit" disabled={busy}>
                {id ? "Save" : `Add ${desk.singular}`}
              </Button>
            </div>
          </Form>
          {id && !deletedAt && (
            <Form method="post" className="mt-10 border-t border-line pt-6">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="version" value={version} />
              <p className="mb-3 text-sm text-muted">Deleting takes it off the site. It can be brought back from the list for 30 days.</p>
              <Button type="submit" variant="secondary" disabled={busy}>
                Delete this {desk.singular}
              </Button>
            </Form>
          )}
        </>
      )}
    </>
  );
}
