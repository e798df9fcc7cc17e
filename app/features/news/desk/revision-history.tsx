import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { changedFields, type ArticleContent, type ArticleSnapshot, type SNAPSHOT_CONTENT_FIELDS } from "../article-snapshot";
import { richTextPlainText } from "../rich-text";
import { formatUkDateTime } from "~/lib/dates";

type Field = (typeof SNAPSHOT_CONTENT_FIELDS)[number];

interface RevisionRow {
  id: number;
  version: number;
  action: string;
  snapshot: ArticleSnapshot;
  createdAt: string;
  authorName: string | null;
  changed: Field[];
}

const ACTION_LABELS: Record<string, string> = {
  import: "Imported from the site's content files",
  create: "Created",
  save: "Saved",
  submit: "Submitted for review",
  schedule: "Scheduled",
  publish: "Published",
  unpublish: "Unpublished",
  archive: "Archived",
  restore: "Restored an earlier version",
  stage: "Saved changes, not published",
  "restore-staged": "Restored an earlier version as changes, not published",
  "publish-changes": "Published the saved changes",
  "discard-changes": "Discarded the unpublished changes",
};

function shown(snapshot: Pick<ArticleSnapshot, Field>, field: Field): string {
  const value = snapshot[field];
  if (field === "body") return richTextPlainText(snapshot.body.content);
  return typeof value === "string" ? value : "—";
}

/**
 * The History tab: every revision, newest first, with what it changed; each can be compared
 * with the current text, previewed as it was, or restored (which saves it as a new revision).
 */
export function RevisionHistory({
  articleId,
  version,
  current,
  revisions,
  labels,
}: {
  articleId: string;
  version: number;
  current: ArticleContent;
  revisions: RevisionRow[];
  labels: Record<Field, string>;
}) {
  const currentSnapshot = { ...current, status: "", publishAt: null };
  return (
    <ol className="grid gap-3">
      {revisions.map((revision, index) => {
        const differences = changedFields(revision.snapshot, currentSnapshot);
        return (
          <li key={revision.id} className="rounded-card border border-line p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold">
                {ACTION_LABELS[revision.action] ?? revision.action} · version {revision.version}
                {index === 0 && <span className="ml-2 text-sm font-normal text-muted">(current)</span>}
              </p>
              <p className="text-sm text-muted">
                {formatUkDateTime(revision.createdAt)} · {revision.authorName ?? "someone no longer on the staff"}
              </p>
            </div>
            {revision.changed.length > 0 && (
              <p className="mt-1 text-sm text-muted">Changed: {revision.changed.map((field) => labels[field]).join(", ")}</p>
            )}
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <a
                href={`/admin/news/${articleId}/preview/${revision.id}`}
                target="_blank"
                rel="noopener"
                className="text-sm font-semibold text-accent-text hover:underline"
              >
                Preview this version ↗
              </a>
              {differences.length > 0 && (
                <Form method="post">
                  <input type="hidden" name="version" value={version} />
                  <input type="hidden" name="revisionId" value={revision.id} />
                  <Button type="submit" name="intent" value="restore" variant="secondary" size="sm">
                    Restore this version
                  </Button>
                </Form>
              )}
            </div>
            {differences.length > 0 && (
              <details className="mt-3">
                <summary className="cursor-pointer text-sm font-semibold">Compare with the current text ({differences.length})</summary>
                <dl className="mt-2 grid gap-3 text-sm">
                  {differences.map((field) => (
                    <div key={field} className="grid gap-1">
                      <dt className="font-semibold">{labels[field]}</dt>
                      <dd className="grid gap-1 sm:grid-cols-2">
                        <p className="whitespace-pre-wrap rounded bg-danger/10 p-2">
                          <span className="sr-only">This version: </span>
                          {shown(revision.snapshot, field)}
                        </p>
                        <p className="whitespace-pre-wrap rounded bg-success/10 p-2">
                          <span className="sr-only">Current: </span>
                          {shown(currentSnapshot, field)}
                        </p>
                      </dd>
                    </div>
                  ))}
                </dl>
              </details>
            )}
          </li>
        );
      })}
    </ol>
  );
}
