import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/message";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { formatAuditTime, HistoryPanel } from "~/features/admin/audit-views";
import { entityHistory } from "~/features/admin/history.server";
import { RecordTabs } from "~/features/admin/record-tabs";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { useUnsavedFormWarning } from "~/features/admin/unsaved-changes";
import { messageActionSchema, replySubject, STATUS_LABELS } from "~/features/inbox/inbox";
import { actOnMessage, openMessage } from "~/features/inbox/messages.server";
import { TextareaField } from "~/components/ui/field-controls";
import { formValues } from "~/features/admin/desk/desk-fields";
import { contactMessageStatuses } from "../../../db/schema/inbox";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";

const NOT_FOUND = "There is no such message.";

export async function loader({ request, url, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "shop");
  const opened = await openMessage(context.db, params.id);
  if (!opened) throw data({ message: NOT_FOUND }, { status: 404, headers: BACK_OFFICE_HEADERS });
  const tab = url.searchParams.get("tab") === "history" ? ("history" as const) : ("details" as const);
  const history = tab === "history" ? await entityHistory(context.db, "contact_message", params.id) : [];
  const { message, replies } = opened;
  return data(
    {
      tab,
      history: history.map((entry) => ({ ...entry, restorable: false })),
      message: { ...message, createdAt: message.createdAt.toISOString(), readAt: message.readAt?.toISOString() ?? null },
      replies: replies.map((reply) => ({ ...reply, createdAt: reply.createdAt.toISOString() })),
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `${args.loaderData?.message.subject ?? "Message"} | Back Office`,
    description: "A contact message.",
    path: null,
  });

interface ActionResult {
  tone: "error" | "success";
  message: string;
  errors: Record<string, string>;
  values: Record<string, string> | null;
}
const answer = deskAnswer<ActionResult>;

export async function action({ request, context: routerContext, params }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "shop");
  const values = formValues(await readForm(request));
  const parsed = messageActionSchema.safeParse(values);
  if (!parsed.success) {
    const errors = firstErrorPerField(parsed.error);
    return answer({ tone: "error", message: errors.intent ? "Unknown form intent." : Object.values(errors)[0]!, errors, values }, 400);
  }
  const result = await actOnMessage(context, staff, params.id, parsed.data);
  if (!result.ok) return answer({ tone: "error", message: result.message, errors: {}, values }, result.status);
  return answer({ tone: "success", message: result.message, errors: {}, values: null });
}

export default function MessagePage({ loaderData, actionData }: Route.ComponentProps) {
  useUnsavedFormWarning("reply-form");
  const { message, replies, tab, history } = loaderData;
  const busy = useNavigation().state === "submitting";
  const base = `/admin/messages/${message.id}`;
  const typed = actionData?.values;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/messages" className="text-muted underline hover:text-text">
          Messages
        </Link>
      </p>
      <SectionHeading level={1} title={message.subject} description={`${message.category} · from ${message.name}`} />
      <RecordTabs base={base} tab={tab} />
      {actionData && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}
      {tab === "history" ? (
        <HistoryPanel entries={history} currentVersion={message.version} />
      ) : (
        <div className="grid max-w-3xl gap-8">
          <article aria-labelledby="message-heading" className="rounded-card border border-line bg-surface p-4">
            <h2 id="message-heading" className="sr-only">
              The message
            </h2>
            <div className="mb-3 flex flex-wrap items-center gap-2">
              <Badge tone={message.status === "new" ? "warning" : message.status === "replied" ? "success" : "neutral"}>
                {STATUS_LABELS[message.status]}
              </Badge>
              {message.spam && <Badge tone="neutral">Spam</Badge>}
            </div>
            <p className="break-words text-sm text-muted">
              {message.name} &lt;
              <a href={`mailto:${message.email}`} className="underline">
                {message.email}
              </a>
              &gt; · <time dateTime={message.createdAt}>{formatAuditTime(message.createdAt)}</time>
            </p>
            <p className="mt-3 whitespace-pre-line break-words">{message.message}</p>
          </article>

          <section aria-labelledby="manage-heading" className="grid gap-3">
            <h2 id="manage-heading" className="text-xl font-bold uppercase">
              Status
            </h2>
            <div className="flex flex-wrap items-end gap-3">
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="version" value={message.version} />
                <div className="flex flex-col gap-1.5">
                  <label htmlFor="message-status" className="text-sm font-medium">
                    Status
                  </label>
                  <select
                    id="message-status"
                    name="status"
                    defaultValue={message.status}
                    className="min-h-11 rounded-lg border border-line bg-ink px-3 text-text"
                  >
                    {contactMessageStatuses.map((status) => (
                      <option key={status} value={status}>
                        {STATUS_LABELS[status]}
                      </option>
                    ))}
                  </select>
                </div>
                <Button type="submit" variant="secondary" disabled={busy}>
                  Set status
                </Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value={message.spam ? "not-spam" : "spam"} />
                <input type="hidden" name="version" value={message.version} />
                <Button type="submit" variant="secondary" disabled={busy}>
                  {message.spam ? "Not spam" : "Mark as spam"}
                </Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="unread" />
                <input type="hidden" name="version" value={message.version} />
                <Button type="submit" variant="ghost" disabled={busy}>
                  Mark as unread
                </Button>
              </Form>
            </div>
          </section>

          <section aria-labelledby="replies-heading" className="grid gap-3">
            <h2 id="replies-heading" className="text-xl font-bold uppercase">
              Replies
            </h2>
            {replies.length === 0 ? (
              <p className="text-sm text-muted">No reply has been sent yet.</p>
            ) : (
              <ol className="grid gap-3">
                {replies.map((reply) => (
                  <li key={reply.id} className="rounded-card border border-line p-4">
                    <p className="text-sm font-semibold">{reply.subject}</p>
                    <p className="text-xs text-muted">
                      To {reply.toAddress} by {reply.actorLabel} ·{" "}
                      <time dateTime={reply.createdAt}>{formatAuditTime(reply.createdAt)}</time>
                    </p>
                    <p className="mt-2 whitespace-pre-line break-words text-sm">{reply.body}</p>
                  </li>
                ))}
              </ol>
            )}
            {message.spam ? (
              <p className="text-sm text-muted">Spam is not replied to: mark it as not spam first.</p>
            ) : (
              <Form method="post" id="reply-form" className="grid gap-3" noValidate>
                <input type="hidden" name="intent" value="reply" />
                <input type="hidden" name="version" value={message.version} />
                <FormField
                  label="Subject"
                  name="subject"
                  defaultValue={typed?.subject ?? replySubject(message.subject)}
                  error={actionData?.errors.subject}
                />
                <TextareaField
                  label={`Reply to ${message.email}`}
                  name="body"
                  defaultValue={typed?.body ?? ""}
                  error={actionData?.errors.body}
                />
                <div>
                  <Button type="submit" disabled={busy}>
                    Send reply
                  </Button>
                </div>
              </Form>
            )}
          </section>
        </div>
      )}
    </>
  );
}
