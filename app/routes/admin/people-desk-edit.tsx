import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/people-desk-edit";
import { Button } from "~/components/ui/button";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { HistoryPanel } from "~/features/admin/audit-views";
import { entityHistory } from "~/features/admin/history.server";
import { RecordTabs } from "~/features/admin/record-tabs";
import { undoDeadline } from "~/features/admin/soft-delete";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { isLibraryImage, listMediaChoices } from "~/features/media/media.server";
import { PICTURE_NOT_IN_LIBRARY } from "~/features/media/media-form";
import {
  createPerson,
  deletePerson,
  getPerson,
  restorePersonVersion,
  undeletePerson,
  updatePerson,
} from "~/features/people-desk/people-desk.server";
import { PeopleForm } from "~/features/people-desk/people-form";
import { missingSiteFiles } from "~/features/people-desk/site-files.server";
import {
  createSchema,
  editMeta,
  formValues,
  missingPicture,
  PEOPLE_KIND_INFO,
  PEOPLE_SCHEMAS,
  peopleKindOfPath,
  recordIntent,
  restoreVersionForm,
  submittedValues,
  type PeopleKind,
} from "~/features/people-desk/people-forms";
import { firstErrorPerField } from "~/lib/form-errors";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext, type RequestContext } from "~/context";
import { formatUkDate } from "~/lib/dates";

const NOT_FOUND = "There is no such record in the back office.";

function kindOf(url: URL): PeopleKind {
  const kind = peopleKindOfPath(url.pathname);
  if (!kind) throw data({ message: NOT_FOUND }, { status: 404, headers: BACK_OFFICE_HEADERS });
  return kind;
}

export async function loader({ request, url, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const kind = kindOf(url);
  const tab = url.searchParams.get("tab") === "history" ? ("history" as const) : ("details" as const);
  const photoChoices = tab === "details" ? await listMediaChoices(context.db) : [];
  if (params.id === "new") {
    return data(
      {
        kind,
        isNew: true as const,
        tab: "details" as const,
        record: null,
        values: {} as Record<string, string>,
        history: [],
        photoChoices,
      },
      { headers: BACK_OFFICE_HEADERS },
    );
  }
  const record = await getPerson(context.db, kind, params.id);
  if (!record) throw data({ message: NOT_FOUND }, { status: 404, headers: BACK_OFFICE_HEADERS });
  const history =
    tab === "history"
      ? await entityHistory(context.db, PEOPLE_KIND_INFO[kind].entityType, String(record.id), { currentVersion: record.version })
      : [];
  return data(
    {
      kind,
      isNew: false as const,
      tab,
      record: { id: String(record.id), name: record.name, version: record.version, deletedAt: record.deletedAt?.toISOString() ?? null },
      values: formValues(kind, record),
      history,
      photoChoices,
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

interface ActionAnswer {
  tone: "error" | "success";
  message: string;
  errors: Record<string, string>;
  /** What was typed, shown again after a refusal. */
  values: Record<string, string> | null;
  /** After a conflict: the version now stored, so saving again is a deliberate overwrite. */
  version?: number;
}

const answer = deskAnswer<ActionAnswer>;

const STATUS_OF = { conflict: 409, "not-found": 404, "too-late": 410, taken: 409, invalid: 400 } as const;

export async function action({ request, url, context: routerContext, params }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const kind = kindOf(url);
  const info = PEOPLE_KIND_INFO[kind];
  const formData = await readForm(request);
  const form = Object.fromEntries(formData);
  const intent = recordIntent.safeParse(form);
  if (!intent.success)
    return answer({ tone: "error", message: "Choose what to do.", errors: firstErrorPerField(intent.error), values: null }, 400);
  const typed = { ...submittedValues(kind, formData), reason: typeof form.reason === "string" ? form.reason : "" };

  if (params.id === "new") {
    if (intent.data.intent !== "save")
      return answer({ tone: "error", message: "Save the new record first.", errors: {}, values: typed }, 400);
    const parsed = createSchema(kind).safeParse(form);
    if (!parsed.success) {
      return answer(
        {
          tone: "error",
          message: "Some fields need attention; nothing was saved.",
          errors: firstErrorPerField(parsed.error),
          values: typed,
        },
        400,
      );
    }
    const missing = await pictureAndFileErrors(context.db, parsed.data);
    if (Object.keys(missing).length > 0) {
      return answer({ tone: "error", message: "Some fields need attention; nothing was saved.", errors: missing, values: typed }, 400);
    }
    const result = await createPerson(context, staff, kind, parsed.data);
    if (!result.ok) {
      return answer(
        { tone: "error", message: result.message, errors: result.kind === "taken" ? { id: result.message } : {}, values: typed },
        STATUS_OF[result.kind],
      );
    }
    throw redirect(`/admin/${kind}/${result.value.id}?created=1`, { headers: BACK_OFFICE_HEADERS });
  }

  if (intent.data.intent === "restore-version") {
    const parsed = restoreVersionForm.safeParse(form);
    if (!parsed.success)
      return answer(
        { tone: "error", message: "Choose a version to restore.", errors: firstErrorPerField(parsed.error), values: null },
        400,
      );
    const result = await restorePersonVersion(context, staff, kind, params.id, parsed.data.eventId, parsed.data.version);
    if (!result.ok) return answer({ tone: "error", message: result.message, errors: {}, values: null }, STATUS_OF[result.kind]);
    return answer({
      tone: "success",
      message: "Restored: the site shows that version again, and the History records the restore.",
      errors: {},
      values: null,
    });
  }

  const meta = editMeta.safeParse(form);
  if (!meta.success)
    return answer(
      { tone: "error", message: "Some fields need attention; nothing was saved.", errors: firstErrorPerField(meta.error), values: typed },
      400,
    );

  if (intent.data.intent === "delete" || intent.data.intent === "undelete") {
    const write = intent.data.intent === "delete" ? deletePerson : undeletePerson;
    const result = await write(context, staff, kind, params.id, meta.data.version, meta.data.reason);
    if (!result.ok) return answer({ tone: "error", message: result.message, errors: {}, values: null }, STATUS_OF[result.kind]);
    return answer({
      tone: "success",
      message:
        intent.data.intent === "delete"
          ? `Deleted: ${result.value.name} is off the site. You can undo this for 30 days.`
          : `${result.value.name} is back on the site.`,
      errors: {},
      values: null,
    });
  }

  const parsed = PEOPLE_SCHEMAS[kind].safeParse(form);
  if (!parsed.success) {
    return answer(
      { tone: "error", message: "Some fields need attention; nothing was saved.", errors: firstErrorPerField(parsed.error), values: typed },
      400,
    );
  }
  const missing = await pictureAndFileErrors(context.db, parsed.data);
  if (Object.keys(missing).length > 0) {
    return answer({ tone: "error", message: "Some fields need attention; nothing was saved.", errors: missing, values: typed }, 400);
  }
  const result = await updatePerson(context, staff, kind, params.id, meta.data.version, parsed.data, meta.data.reason);
  if (!result.ok) {
    if (result.kind !== "conflict")
      return answer({ tone: "error", message: result.message, errors: {}, values: typed }, STATUS_OF[result.kind]);
    // A failed action does not reload the page's data, so the form learns the stored version here.
    const current = await getPerson(context.db, kind, params.id);
    const message = `${result.message} Your text is still in the form below. Their change is in the History tab; saving again replaces it with what is in the form.`;
    return answer({ tone: "error", message, errors: {}, values: typed, version: current?.version }, 409);
  }
  return answer({ tone: "success", message: `Saved. The site shows the new ${info.singular} details now.`, errors: {}, values: null });
}

/** A picture is needed (library photo or path); a path must name a file, a photo a live library image. */
async function pictureAndFileErrors(
  db: RequestContext["db"],
  values: { image?: string; photoAssetId?: string | null; video?: string | null },
) {
  const errors: Record<string, string> = { ...missingPicture(values), ...missingSiteFiles(values, ["image", "video"]) };
  if (values.photoAssetId && !(await isLibraryImage(db, values.photoAssetId))) errors.photoAssetId = PICTURE_NOT_IN_LIBRARY;
  return errors;
}

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData as { kind?: PeopleKind; record?: { name: string } | null } | undefined;
  const kind = loaded?.kind ?? "drivers";
  const title = loaded?.record ? loaded.record.name : `New ${PEOPLE_KIND_INFO[kind].singular}`;
  return pageMeta(args, { title: `${title} | Back Office`, description: "Edit a person on the site.", path: null });
};

export default function PeopleDeskEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, isNew, tab, record, values, history, photoChoices } = loaderData;
  const info = PEOPLE_KIND_INFO[kind];
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // After a refusal, the form shows what was typed; after a success, the saved record.
  const shown = actionData?.values ?? values;
  const errors = actionData?.errors ?? {};
  const base = record ? `/admin/${kind}/${record.id}` : `/admin/${kind}/new`;
  const version = actionData?.version ?? record?.version ?? null;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={`/admin/${kind}`} className="inline-flex min-h-11 items-center font-semibold text-muted underline hover:text-text">
          ← All {info.title}
        </Link>
      </p>
      <SectionHeading level={1} title={record ? record.name : `New ${info.singular}`} eyebrow={info.title} />
      {actionData && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}
      {record?.deletedAt && (
        <div
          role="status"
          className="mb-6 flex flex-wrap items-center gap-3 rounded-card border border-warning/50 bg-warning/10 p-4 text-sm"
        >
          <p className="min-w-0 flex-1">
            Deleted: not on the site. It can be brought back until {formatUkDate(undoDeadline(new Date(record.deletedAt)))}.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="undelete" />
            <input type="hidden" name="version" value={record.version} />
            <Button type="submit" variant="secondary" disabled={busy}>
              Undo delete
            </Button>
          </Form>
        </div>
      )}
      {!isNew && record && <RecordTabs base={base} tab={tab} />}
      {tab === "history" && record ? (
        <HistoryPanel entries={history} currentVersion={record.version} action={base} />
      ) : (
        <>
          {record && !record.deletedAt && (
            <p className="mb-5 text-sm">
              <a
                href={info.publicPath(record.id)}
                className="inline-flex min-h-11 items-center font-semibold underline"
                target="_blank"
                rel="noreferrer"
              >
                See it on the site<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          )}
          <PeopleForm
            key={`${version ?? "new"}`}
            kind={kind}
            values={shown}
            errors={errors}
            isNew={isNew}
            version={version}
            photoChoices={photoChoices}
          />
          {record && !record.deletedAt && (
            <Form method="post" className="mt-10 border-t border-line pt-6">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="version" value={record.version} />
              <h2 className="mb-2 text-xl font-bold uppercase">Delete</h2>
              <p className="mb-3 text-sm text-muted">
                Takes {record.name} off the site. You can undo it for 30 days; the History keeps every version.
              </p>
              <Button type="submit" variant="secondary" disabled={busy}>
                Delete {info.singular}
              </Button>
            </Form>
          )}
        </>
      )}
    </>
  );
}
