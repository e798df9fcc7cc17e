import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useUnsavedChangesWarning } from "~/features/admin/unsaved-changes";
import type { Route } from "./+types/news-edit";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormNotice } from "~/components/ui/form-notice";
import { listMediaChoices } from "~/features/media/media.server";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import {
  ARTICLE_FORM_FIELDS,
  parseArticleForm,
  toUkDateTimeLocal,
  ukDateTimeLocal,
  type ArticleFieldErrors,
  type ArticleFormValues,
} from "~/features/news/article-form";
import { SNAPSHOT_FIELD_LABELS } from "~/features/news/article-snapshot";
import { articleState, type ArticleTransition } from "~/features/news/article-states";
import { ArticleFields } from "~/features/news/desk/article-fields";
import { StagedChangesNotice } from "~/features/news/desk/staged-changes-notice";
import { RevisionHistory } from "~/features/news/desk/revision-history";
import { StateBadge } from "~/features/news/desk/state-badge";
import { StatePanel } from "~/features/news/desk/state-panel";
import { articlePath } from "~/features/news/news-links";
import {
  createArticle,
  discardArticleChanges,
  publishArticleChanges,
  restoreArticleRevision,
  saveArticle,
  transitionArticle,
  type DeskWriteResult,
} from "~/features/news/news-desk.server";
import { getDeskArticle, listArticleRevisions } from "~/features/news/news-desk-reads.server";
import { emptyRichTextDoc, richTextDocSchema, richTextFromPlainParagraphs, type RichTextDoc } from "~/features/news/rich-text";
import { readForm } from "~/lib/forms.server";
import { z } from "~/lib/zod";
import { appContext } from "~/context";
import { formatUkFullDateTime } from "~/lib/dates";

export async function loader({ request, url, params, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const photoChoices = await listMediaChoices(context.db);
  if (!params.articleId) {
    const notice = url.searchParams.get("saved") ? "Saved." : null;
    return data(
      { article: null, history: null, notice, photoChoices, confirmDiscard: false, now: new Date().toISOString() },
      { headers: BACK_OFFICE_HEADERS },
    );
  }
  const article = await getDeskArticle(context.db, params.articleId);
  if (!article) throw data({ message: "There is no such article." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  const done = url.searchParams.get("done");
  const notice =
    done === "published-changes"
      ? "Changes published: the live page shows them now."
      : done === "discarded-changes"
        ? "Changes discarded: the editor shows the live version again."
        : url.searchParams.get("saved")
          ? article.staged
            ? "Saved. The changes are not live yet: the live page shows the published version until you publish them."
            : "Saved."
          : null;
  const now = new Date();
  const showHistory = url.searchParams.get("tab") === "history";
  const history = showHistory
    ? (await listArticleRevisions(context.db, article.id)).map((revision) => ({ ...revision, createdAt: revision.createdAt.toISOString() }))
    : null;
  return data(
    {
      article: {
        ...article,
        publishAt: article.publishAt?.toISOString() ?? null,
        staged: article.staged && { ...article.staged, at: article.staged.at.toISOString() },
        state: articleState(article.status, article.publishAt, now),
        scheduleDefault: toUkDateTimeLocal(
          article.publishAt && article.publishAt > now ? article.publishAt : new Date(now.getTime() + 60 * 60_000),
        ),
      },
      history,
      notice,
      photoChoices,
      confirmDiscard: Boolean(article.staged) && url.searchParams.get("confirm") === "discard",
      now: now.toISOString(),
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.article ? `Edit: ${loaderData.article.content.title}` : "New article"} · Back office` },
  { name: "robots", content: "noindex, nofollow" },
];

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), version: z.coerce.number().int().min(0).default(0) }),
  z.object({ intent: z.enum(["submit", "publish", "unpublish", "archive"]), version: z.coerce.number().int().min(1) }),
  z.object({ intent: z.enum(["publish_changes", "discard_changes"]), version: z.coerce.number().int().min(1) }),
  z.object({ intent: z.literal("schedule"), version: z.coerce.number().int().min(1), publishAt: z.string().max(40) }),
  z.object({ intent: z.literal("restore"), version: z.coerce.number().int().min(1), revisionId: z.coerce.number().int().min(1) }),
]);

type ActionData = { formError?: string; fieldErrors?: ArticleFieldErrors & { publishAt?: string }; values?: ArticleFormValues };

function refusal(result: Exclude<DeskWriteResult, { ok: true }>, values?: ArticleFormValues) {
  switch (result.reason) {
    case "not-found":
      return data<ActionData>(
        { formError: "There is no such article (or no such revision)." },
        { status: 404, headers: BACK_OFFICE_HEADERS },
      );
    case "conflict":
      return data<ActionData>(
        { formError: `${result.message} Your text is still in the form: copy what you need, then reload the article.`, values },
        { status: 409, headers: BACK_OFFICE_HEADERS },
      );
    case "invalid":
      return data<ActionData>(
        result.field ? { fieldErrors: { [result.field]: result.message }, values } : { formError: result.message, values },
        { status: 400, headers: BACK_OFFICE_HEADERS },
      );
  }
}

export async function action({ request, params, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  // The body-size limit of these paths is MAX_ARTICLE_FORM_BYTES (server/body-limit.ts).
  const form = await readForm(request);
  const parsed = actionSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string")));
  if (!parsed.success)
    return data<ActionData>(
      { formError: "The form was not complete. Please reload the page and try again." },
      { status: 400, headers: BACK_OFFICE_HEADERS },
    );
  const input = parsed.data;
  const articleId = params.articleId;
  const done = (id: string) => redirect(`/admin/news/${id}?saved=1`, { headers: BACK_OFFICE_HEADERS });

  if (input.intent === "save") {
    const values: ArticleFormValues = {};
    for (const name of ARTICLE_FORM_FIELDS) {
      const value = form.get(name);
      if (typeof value === "string") values[name] = value;
    }
    const content = parseArticleForm(values);
    if (!content.ok) return data<ActionData>({ fieldErrors: content.fieldErrors, values }, { status: 400, headers: BACK_OFFICE_HEADERS });
    const result = articleId
      ? await saveArticle(context, staff, { articleId, expectedVersion: input.version, content: content.content })
      : await createArticle(context, staff, content.content);
    return result.ok ? done(result.articleId) : refusal(result, values);
  }
  if (!articleId) return data<ActionData>({ formError: "Save the article first." }, { status: 400, headers: BACK_OFFICE_HEADERS });

  if (input.intent === "restore") {
    const result = await restoreArticleRevision(context, staff, {
      articleId,
      revisionId: input.revisionId,
      expectedVersion: input.version,
    });
    return result.ok ? redirect(`/admin/news/${articleId}?saved=1&tab=history`, { headers: BACK_OFFICE_HEADERS }) : refusal(result);
  }

  if (input.intent === "publish_changes" || input.intent === "discard_changes") {
    const write = input.intent === "publish_changes" ? publishArticleChanges : discardArticleChanges;
    const result = await write(context, staff, { articleId, expectedVersion: input.version });
    const outcome = input.intent === "publish_changes" ? "published-changes" : "discarded-changes";
    return result.ok ? redirect(`/admin/news/${articleId}?done=${outcome}`, { headers: BACK_OFFICE_HEADERS }) : refusal(result);
  }

  let transition: ArticleTransition;
  if (input.intent === "schedule") {
    const publishAt = ukDateTimeLocal(input.publishAt);
    if (!publishAt) {
      return data<ActionData>(
        { fieldErrors: { publishAt: "Choose a date and time (UK time)." } },
        { status: 400, headers: BACK_OFFICE_HEADERS },
      );
    }
    transition = { action: "schedule", publishAt };
  } else {
    transition = { action: input.intent };
  }
  const result = await transitionArticle(context, staff, { articleId, expectedVersion: input.version, transition });
  if (!result.ok && result.reason === "invalid" && input.intent === "schedule") {
    return data<ActionData>({ fieldErrors: { publishAt: result.message } }, { status: 400, headers: BACK_OFFICE_HEADERS });
  }
  return result.ok ? done(articleId) : refusal(result);
}

function parseDoc(json: string | undefined): RichTextDoc | null {
  if (!json) return null;
  try {
    const parsed = richTextDocSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export default function NewsDeskEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { article, history, notice, photoChoices, confirmDiscard } = loaderData;
  const result = actionData as ActionData | undefined;
  const navigation = useNavigation();
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesWarning(dirty && navigation.state === "idle");
  const values = result?.values ?? null;
  const body =
    parseDoc(values?.body) ??
    (values?.bodyText !== undefined ? richTextFromPlainParagraphs(values.bodyText) : null) ??
    article?.content.body ??
    emptyRichTextDoc();
  const busy = navigation.state === "submitting";

  return (
    <section>
      <p className="text-sm">
        <Link to="/admin/news" className="text-accent-text hover:underline">
          ← News desk
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold uppercase sm:text-3xl">{article ? article.content.title : "New article"}</h1>
        {article && <StateBadge state={article.state} />}
        {article?.staged && <Badge tone="warning">Unpublished changes</Badge>}
      </div>
      {article && (
        <p className="mt-2 text-sm text-muted">
          {article.state === "scheduled" && article.publishAt && <>Goes live {formatUkFullDateTime(article.publishAt)} (UK time). </>}
          {article.state === "published" && (
            <>
              Live at{" "}
              <a href={articlePath(article.content.slug)} className="text-accent-text hover:underline">
                {articlePath(article.content.slug)}
              </a>
              {article.staged ? " (the published version)" : ""}.{" "}
            </>
          )}
          Version {article.version}.
        </p>
      )}

      {article && (
        <nav aria-label="Article" className="mt-5 flex flex-wrap gap-2 border-b border-line">
          <TabLink to={`/admin/news/${article.id}`} current={!history}>
            Edit
          </TabLink>
          <TabLink to={`/admin/news/${article.id}?tab=history`} current={Boolean(history)}>
            History
          </TabLink>
          {article.latestRevisionId && (
            <a
              href={`/admin/news/${article.id}/preview/${article.latestRevisionId}`}
              target="_blank"
              rel="noopener"
              className="px-3 py-2.5 text-sm font-semibold text-accent-text hover:underline"
            >
              Preview (version {article.version}) ↗
            </a>
          )}
        </nav>
      )}

      <div className="mt-5">
        {notice && !result && <FormNotice tone="success">{notice}</FormNotice>}
        {result?.formError && <FormNotice tone="error">{result.formError}</FormNotice>}
        {result?.fieldErrors && !result.formError && <FormNotice tone="error">Please correct the fields marked below.</FormNotice>}
        {article?.staged && (
          <StagedChangesNotice
            articleId={article.id}
            version={article.version}
            staged={article.staged}
            previewRevisionId={article.latestRevisionId}
            confirmDiscard={confirmDiscard}
            dirty={dirty}
            busy={busy}
          />
        )}
      </div>

      {history && article ? (
        <RevisionHistory
          articleId={article.id}
          version={article.version}
          current={article.content}
          revisions={history}
          labels={SNAPSHOT_FIELD_LABELS}
        />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[1fr_16rem]">
          <Form
            method="post"
            key={article?.version ?? "new"}
            onChange={() => setDirty(true)}
            onSubmit={() => setDirty(false)}
            className="min-w-0"
            noValidate
          >
            <input type="hidden" name="version" value={article?.version ?? 0} />
            <ArticleFields
              photoChoices={photoChoices}
              content={article?.content ?? null}
              body={body}
              values={values}
              errors={result?.fieldErrors ?? {}}
              onChange={() => setDirty(true)}
            />
            <div className="sticky bottom-0 z-10 mt-6 flex items-center gap-3 border-t border-line bg-ink py-3">
              <Button type="submit" name="intent" value="save" disabled={busy}>
                {busy ? "Saving…" : article ? "Save" : "Create draft"}
              </Button>
              {dirty && <span className="text-sm text-warning">Unsaved changes</span>}
              {!dirty && (article?.state === "published" || article?.staged) && (
                <span className="text-sm text-muted">Saving keeps the live page as it is until you publish the changes.</span>
              )}
            </div>
          </Form>
          {article && (
            <StatePanel
              article={article}
              dirty={dirty}
              staged={Boolean(article.staged)}
              publishAtError={result?.fieldErrors?.publishAt}
              busy={busy}
            />
          )}
        </div>
      )}
    </section>
  );
}

function TabLink({ to, current, children }: { to: string; current: boolean; children: string }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={current ? "border-b-2 border-accent px-3 py-2.5 text-sm font-semibold" : "px-3 py-2.5 text-sm text-muted hover:text-text"}
    >
      {children}
    </Link>
  );
}
