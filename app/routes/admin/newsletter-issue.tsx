import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter-issue";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { FormNotice } from "~/components/ui/form-notice";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { requireStepUp } from "~/features/admin/step-up.server";
import { useUnsavedFormWarning } from "~/features/admin/unsaved-changes";
import { toUkDateTimeLocal, ukDateTimeLocal } from "~/features/news/article-form";
import {
  BODY_MAX,
  ISSUE_STATUS_LABELS,
  issueActions,
  issueFormSchema,
  personalise,
  PREHEADER_MAX,
  reportIsLive,
  SUBJECT_MAX,
  type SendingReport,
} from "~/features/newsletter/newsletter-issue";
import {
  createIssue,
  getIssue,
  saveIssue,
  scheduleIssue,
  sendIssueNow,
  sendingReport,
  sendTestIssue,
  unscheduleIssue,
} from "~/features/newsletter/newsletter-desk.server";
import { IssueFormField } from "~/features/newsletter/issue-field";
import { ReportPanel, useLiveReport } from "~/features/newsletter/issue-report";
import { confirmedSubscriberCount, renderIssueTemplate } from "~/features/newsletter/newsletter-sending.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { z } from "~/lib/zod";
import { appContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";
import { formatUkDateTime } from "~/lib/dates";

/*
 * One newsletter issue (ADR 0073): write it (while a draft), preview it as the e-mail, send a
 * test to yourself, schedule it (UK time) or send it now after a confirmation that says how many
 * confirmed subscribers receive it; once it goes out, its sending report.
 */

type IssueField = "subject" | "preheader" | "body" | "sendAt";
type FieldErrors = Partial<Record<IssueField, string>>;
type ActionResult = { tone: "error" | "success"; message: string; errors?: FieldErrors; values?: Record<string, string> };

const answer = deskAnswer<ActionResult>;

export async function loader({ request, url, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const confirmed = await confirmedSubscriberCount(context.db);
  if (!params.issueId) {
    return data(
      {
        issue: null,
        preview: null,
        report: null as SendingReport | null,
        confirmed,
        staffEmail: staff.email,
        confirmSend: false,
        created: false,
      },
      { headers: BACK_OFFICE_HEADERS },
    );
  }
  const issue = await getIssue(context.db, params.issueId);
  if (!issue) throw data({ message: "There is no such newsletter issue." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  const template = await renderIssueTemplate(context.db, context.publicUrl, issue);
  const report = issue.status === "sending" || issue.status === "sent" ? await sendingReport(context.db, issue) : null;
  return data(
    {
      issue: {
        id: issue.id,
        subject: issue.subject,
        preheader: issue.preheader,
        body: issue.body,
        articleTitle: issue.articleTitle,
        articleUrl: issue.articleUrl,
        status: issue.status,
        version: issue.version,
        sendAt: issue.sendAt?.toISOString() ?? null,
        sendAtLocal: issue.sendAt ? toUkDateTimeLocal(issue.sendAt) : "",
        startedAt: issue.startedAt?.toISOString() ?? null,
        finishedAt: issue.finishedAt?.toISOString() ?? null,
      },
      // The preview's unsubscribe link names no one.
      preview: personalise(template.html, "preview"),
      report,
      confirmed,
      staffEmail: staff.email,
      confirmSend: url.searchParams.get("confirm") === "send",
      created: url.searchParams.has("created"),
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `${args.loaderData?.issue?.subject.slice(0, 60) ?? "New issue"} | Newsletters | Back Office`,
    description: "A newsletter issue.",
    path: null,
  });

const intentSchema = z.enum(["save", "test", "schedule", "unschedule", "send"], { message: "Unknown form intent." });
const versionSchema = z.coerce
  .number({ message: "The form is out of date: reload the page." })
  .int()
  .min(1, "The form is out of date: reload the page.");

export async function action({ request, context: routerContext, params }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const body = await readForm(request);
  const intent = intentSchema.safeParse(body.get("intent") ?? "save");
  if (!intent.success) return answer({ tone: "error", message: intent.error.issues[0]!.message }, 400);
  // Sending to every subscriber, now or at a set time: confirm it's you first (ADR 0100).
  if (params.issueId && (intent.data === "send" || intent.data === "schedule")) {
    const issue = await getIssue(context.db, params.issueId);
    if (issue) {
      const subject = issue.subject.length > 80 ? `${issue.subject.slice(0, 79)}…` : issue.subject;
      await requireStepUp(
        request,
        context,
        staff,
        body,
        `${intent.data === "send" ? "Send" : "Schedule"} the newsletter “${subject}” to every confirmed subscriber`,
      );
    }
  }
  const form = Object.fromEntries(body) as Record<string, unknown>;
  const values = Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"));

  if (intent.data === "save") {
    const parsed = issueFormSchema.safeParse(values);
    if (!parsed.success) {
      const errors = firstErrorPerField<IssueField>(parsed.error);
      return answer({ tone: "error", message: Object.values(errors)[0]!, errors, values }, 400);
    }
    if (!params.issueId) {
      const created = await createIssue(context, staff, parsed.data);
      if (!created.ok)
        return answer({ tone: "error", message: created.message, errors: { body: created.message }, values }, created.status);
      return redirect(`/admin/newsletters/${created.issue.id}?created=1`, { headers: BACK_OFFICE_HEADERS });
    }
  }
  if (!params.issueId) return answer({ tone: "error", message: "Save the issue first." }, 400);
  if (!(await getIssue(context.db, params.issueId)))
    throw data({ message: "There is no such newsletter issue." }, { status: 404, headers: BACK_OFFICE_HEADERS });

  if (intent.data === "test") {
    const sent = await sendTestIssue(context, staff, params.issueId, context.publicUrl);
    if (!sent.ok) return answer({ tone: "error", message: sent.message }, sent.status);
    return answer({ tone: "success", message: `A test copy is on its way to ${staff.email}.` });
  }

  const version = versionSchema.safeParse(form.version);
  if (!version.success) return answer({ tone: "error", message: version.error.issues[0]!.message }, 400);

  if (intent.data === "save") {
    const parsed = issueFormSchema.parse(values);
    const saved = await saveIssue(context, staff, params.issueId, version.data, parsed);
    if (!saved.ok) return answer({ tone: "error", message: saved.message, values }, saved.status);
    return answer({ tone: "success", message: "Saved." });
  }
  if (intent.data === "schedule") {
    const sendAt = ukDateTimeLocal(String(form.sendAt ?? ""));
    if (!sendAt)
      return answer(
        { tone: "error", message: "Choose a date and time (UK time).", errors: { sendAt: "Choose a date and time (UK time)." } },
        400,
      );
    const scheduled = await scheduleIssue(context, staff, params.issueId, version.data, sendAt);
    if (!scheduled.ok)
      return answer({ tone: "error", message: scheduled.message, errors: { sendAt: scheduled.message } }, scheduled.status);
    return answer({ tone: "success", message: "Scheduled." });
  }
  if (intent.data === "unschedule") {
    const back = await unscheduleIssue(context, staff, params.issueId, version.data);
    if (!back.ok) return answer({ tone: "error", message: back.message }, back.status);
    return answer({ tone: "success", message: "The schedule is cancelled: the issue is a draft again." });
  }
  const started = await sendIssueNow(context, staff, params.issueId, version.data);
  if (!started.ok) return answer({ tone: "error", message: started.message }, started.status);
  return redirect(`/admin/newsletters/${params.issueId}`, { headers: BACK_OFFICE_HEADERS });
}

const TONES = { draft: "neutral", scheduled: "warning", sending: "accent", sent: "success" } as const;

export default function NewsletterIssue({ loaderData, actionData }: Route.ComponentProps) {
  useUnsavedFormWarning("issue-form");
  const { issue, preview, report, confirmed, staffEmail, confirmSend, created } = loaderData;
  useLiveReport(issue !== null && reportIsLive(issue.status, report));
  const result = actionData as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const actions = issue ? issueActions(issue.status) : { edit: true, schedule: false, unschedule: false, send: false };
  const shown = result?.values ?? { subject: issue?.subject ?? "", preheader: issue?.preheader ?? "", body: issue?.body ?? "" };
  const errors = result?.errors ?? {};
  const base = issue ? `/admin/newsletters/${issue.id}` : "/admin/newsletters/new";
  return (
    <>
      <p className="mb-4">
        <LinkButton to="/admin/newsletters" variant="ghost" size="sm" className="-ml-3">
          ← All newsletters
        </LinkButton>
      </p>
      <header className="mb-6 max-w-3xl">
        <h1 className="text-3xl font-bold uppercase [overflow-wrap:anywhere] sm:text-4xl">{issue ? issue.subject : "New issue"}</h1>
        {issue && (
          <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-muted">
            <Badge tone={TONES[issue.status]}>{ISSUE_STATUS_LABELS[issue.status]}</Badge>
            {issue.status === "scheduled" && issue.sendAt && <span>Goes out {formatUkDateTime(issue.sendAt)} (UK time)</span>}
            {issue.status === "sending" && <span>Being queued for its subscribers now</span>}
            {issue.status === "sent" && issue.finishedAt && <span>Went out {formatUkDateTime(issue.finishedAt)} (UK time)</span>}
            {issue.articleUrl && (
              <span className="[overflow-wrap:anywhere]">
                · from the article{" "}
                <a href={issue.articleUrl} className="underline">
                  {issue.articleTitle ?? issue.articleUrl}
                </a>
              </span>
            )}
          </p>
        )}
      </header>
      {result ? (
        <FormNotice tone={result.tone}>{result.message}</FormNotice>
      ) : (
        created && <FormNotice tone="success">Created as a draft: preview it, send yourself a test, then schedule or send it.</FormNotice>
      )}

      {report && <ReportPanel report={report} />}

      {actions.edit && (
        <Form method="post" id="issue-form" className="mb-8 grid max-w-3xl gap-5" noValidate>
          <input type="hidden" name="intent" value="save" />
          {issue && <input type="hidden" name="version" value={issue.version} />}
          <IssueFormField name="subject" label="Subject" error={errors.subject} hint={`Up to ${SUBJECT_MAX} characters; one line.`}>
            {(props) => <input {...props} defaultValue={shown.subject} maxLength={SUBJECT_MAX} required />}
          </IssueFormField>
          <IssueFormField
            name="preheader"
            label="Preview line"
            error={errors.preheader}
            hint="What inboxes show after the subject; optional."
          >
            {(props) => <input {...props} defaultValue={shown.preheader} maxLength={PREHEADER_MAX} />}
          </IssueFormField>
          <IssueFormField
            name="body"
            label="Text"
            error={errors.body}
            hint="Plain paragraphs: leave an empty line between them. An issue made from an article ends with a button to it."
          >
            {(props) => <textarea {...props} defaultValue={shown.body} rows={10} maxLength={BODY_MAX} />}
          </IssueFormField>
          <div>
            <Button type="submit" disabled={busy}>
              {issue ? "Save draft" : "Create draft"}
            </Button>
          </div>
        </Form>
      )}

      {issue && preview && (
        <section aria-labelledby="preview-heading" className="mb-8">
          <h2 id="preview-heading" className="mb-2 text-xl font-bold uppercase">
            Preview
          </h2>
          <p className="mb-3 text-sm text-muted">The e-mail as subscribers get it (each copy has its own unsubscribe link).</p>
          <iframe
            title="Preview of the e-mail"
            sandbox=""
            srcDoc={preview}
            className="h-[36rem] w-full rounded-card border border-line bg-white"
          />
        </section>
      )}

      {issue && (actions.send || actions.unschedule) && (
        <section aria-labelledby="send-heading" className="grid max-w-3xl gap-4">
          <h2 id="send-heading" className="text-xl font-bold uppercase">
            Send
          </h2>
          <Form method="post" className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 sm:flex-row sm:items-center">
            <input type="hidden" name="intent" value="test" />
            <p className="min-w-0 flex-1 text-sm">
              A test copy to your own address, <span className="font-semibold [overflow-wrap:anywhere]">{staffEmail}</span>.
            </p>
            <Button type="submit" variant="secondary" disabled={busy} className="self-start sm:self-auto">
              Send a test to myself
            </Button>
          </Form>

          {actions.schedule && (
            <Form method="post" className="flex flex-wrap items-end gap-3 rounded-card border border-line bg-surface p-4">
              <input type="hidden" name="intent" value="schedule" />
              <input type="hidden" name="version" value={issue.version} />
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <label htmlFor="issue-send-at" className="text-sm font-medium">
                  Send at (UK time)
                </label>
                <input
                  id="issue-send-at"
                  type="datetime-local"
                  name="sendAt"
                  defaultValue={issue.sendAtLocal}
                  aria-invalid={errors.sendAt ? true : undefined}
                  aria-describedby={errors.sendAt ? "issue-send-at-error" : undefined}
                  className={inputClasses}
                />
                {errors.sendAt && (
                  <p id="issue-send-at-error" className="text-sm text-danger">
                    {errors.sendAt}
                  </p>
                )}
              </div>
              <Button type="submit" variant="secondary" disabled={busy}>
                Schedule
              </Button>
            </Form>
          )}

          {actions.unschedule && (
            <Form method="post" className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 sm:flex-row sm:items-center">
              <input type="hidden" name="intent" value="unschedule" />
              <input type="hidden" name="version" value={issue.version} />
              <p className="min-w-0 flex-1 text-sm">Scheduled: it cannot be edited until the schedule is cancelled.</p>
              <Button type="submit" variant="secondary" disabled={busy}>
                Cancel the schedule
              </Button>
            </Form>
          )}

          <div id="send-now" className="rounded-card border border-line bg-surface p-4">
            {confirmSend ? (
              <Form method="post" className="grid gap-3">
                <input type="hidden" name="intent" value="send" />
                <input type="hidden" name="version" value={issue.version} />
                <p className="font-semibold" role="status">
                  {confirmed === 0
                    ? "There are no confirmed subscribers to send it to."
                    : `This sends the issue to ${confirmed} confirmed subscriber${confirmed === 1 ? "" : "s"}, now. It cannot be called back.`}
                </p>
                <div className="flex flex-wrap gap-3">
                  {confirmed > 0 && (
                    <Button type="submit" disabled={busy}>
                      Send to {confirmed} subscriber{confirmed === 1 ? "" : "s"}
                    </Button>
                  )}
                  <LinkButton to={base} variant="ghost">
                    Cancel
                  </LinkButton>
                </div>
              </Form>
            ) : (
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                <p className="min-w-0 flex-1 text-sm">Send it to every confirmed subscriber now; you confirm on the next step.</p>
                <LinkButton to={`${base}?confirm=send#send-now`}>Send now…</LinkButton>
              </div>
            )}
          </div>
        </section>
      )}
    </>
  );
}
