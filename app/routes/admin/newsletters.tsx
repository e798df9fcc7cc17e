import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/newsletters";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { ISSUE_STATUS_LABELS } from "~/features/newsletter/newsletter-issue";
import { createIssueFromArticle, listArticlesToSend, listIssues } from "~/features/newsletter/newsletter-desk.server";
import { confirmedSubscriberCount } from "~/features/newsletter/newsletter-sending.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { z } from "~/lib/zod";
import { appContext } from "~/context";
import { formatUkDateTime } from "~/lib/dates";

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const [issues, articles, confirmed] = await Promise.all([
    listIssues(context.db),
    listArticlesToSend(context.db),
    confirmedSubscriberCount(context.db),
  ]);
  return data(
    {
      confirmed,
      articles,
      issues: issues.map((issue) => ({
        ...issue,
        sendAt: issue.sendAt?.toISOString() ?? null,
        finishedAt: issue.finishedAt?.toISOString() ?? null,
        updatedAt: issue.updatedAt.toISOString(),
      })),
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Newsletters | Back Office", description: "Newsletter issues.", path: null });

const fromArticleSchema = z.object({
  intent: z.literal("from-article", { message: "Unknown form intent." }),
  articleId: z.string({ message: "Choose an article." }).trim().min(1, "Choose an article.").max(200, "Choose an article."),
});

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const parsed = fromArticleSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return deskAnswer({ message: parsed.error.issues[0]!.message }, 400);
  const created = await createIssueFromArticle(context, staff, parsed.data.articleId, context.publicUrl);
  if (!created.ok)
    return data({ message: created.message }, { status: created.status === 404 ? 400 : created.status, headers: BACK_OFFICE_HEADERS });
  return redirect(`/admin/newsletters/${created.issue.id}?created=1`, { headers: BACK_OFFICE_HEADERS });
}

const TONES = { draft: "neutral", scheduled: "warning", sending: "accent", sent: "success" } as const;

export default function Newsletters({ loaderData, actionData }: Route.ComponentProps) {
  const { issues, articles, confirmed } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <SectionHeading
        level={1}
        title="Newsletters"
        description={`Write an issue, or send a published article. ${confirmed} confirmed subscriber${confirmed === 1 ? "" : "s"} would receive it now.`}
      />
      {actionData && <FormNotice tone="error">{actionData.message}</FormNotice>}
      <div className="mb-8 grid gap-4 md:grid-cols-2">
        <div className="rounded-card border border-line bg-surface p-4">
          <h2 className="mb-2 text-lg font-bold uppercase">Write an issue</h2>
          <p className="mb-3 text-sm text-muted">A subject, a preview line and a few paragraphs.</p>
          <LinkButton to="/admin/newsletters/new">New issue</LinkButton>
        </div>
        <Form method="post" className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4">
          <h2 className="text-lg font-bold uppercase">Send an article</h2>
          <input type="hidden" name="intent" value="from-article" />
          <label htmlFor="from-article" className="text-sm font-medium">
            Published article
          </label>
          {articles.length === 0 ? (
            <p className="text-sm text-muted">No article is published yet.</p>
          ) : (
            <>
              <select id="from-article" name="articleId" className={inputClasses} defaultValue={articles[0]?.id}>
                {articles.map((article) => (
                  <option key={article.id} value={article.id}>
                    {article.title} ({article.publishedOn})
                  </option>
                ))}
              </select>
              <div>
                <Button type="submit" variant="secondary" disabled={busy}>
                  Make an issue from it
                </Button>
              </div>
            </>
          )}
        </Form>
      </div>
      <h2 className="mb-3 text-xl font-bold uppercase">Issues</h2>
      {issues.length === 0 ? (
        <p className="text-muted">No issue yet.</p>
      ) : (
        <ul className="grid gap-2">
          {issues.map((issue) => (
            <li key={issue.id} className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-surface p-3">
              <div className="min-w-0 flex-1">
                <Link
                  to={`/admin/newsletters/${issue.id}`}
                  className="inline-flex min-h-11 items-center break-words font-semibold underline [overflow-wrap:anywhere]"
                >
                  {issue.subject}
                </Link>
                <p className="text-xs text-muted">
                  {issue.status === "sent" && issue.finishedAt
                    ? `Sent to ${issue.recipients} on ${formatUkDateTime(issue.finishedAt)} (UK time)`
                    : issue.status === "scheduled" && issue.sendAt
                      ? `Goes out ${formatUkDateTime(issue.sendAt)} (UK time)`
                      : issue.status === "sending"
                        ? `Queued for ${issue.recipients} so far`
                        : `Last changed ${formatUkDateTime(issue.updatedAt)}`}
                </p>
              </div>
              <Badge tone={TONES[issue.status]}>{ISSUE_STATUS_LABELS[issue.status]}</Badge>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
