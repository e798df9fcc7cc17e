import { Form } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { LinkButton } from "~/components/ui/link-button";
import { SNAPSHOT_FIELD_LABELS, type SNAPSHOT_CONTENT_FIELDS } from "../article-snapshot";
import { formatUkDateTime } from "~/lib/dates";

/**
 * The notice on a live article with staged changes (ADR 0109): when and by whom they were saved,
 * what they change, and Preview / Publish changes / Discard changes. Discarding asks first, on
 * its own step (`?confirm=discard`), so it works without JavaScript.
 */
export function StagedChangesNotice({
  articleId,
  version,
  staged,
  previewRevisionId,
  confirmDiscard,
  dirty,
  busy,
}: {
  articleId: string;
  version: number;
  staged: { at: string; byName: string | null; changed: Array<(typeof SNAPSHOT_CONTENT_FIELDS)[number]> };
  previewRevisionId: number | null;
  confirmDiscard: boolean;
  dirty: boolean;
  busy: boolean;
}) {
  const base = `/admin/news/${articleId}`;
  return (
    <section
      id="staged-changes"
      aria-labelledby="staged-changes-heading"
      className="mb-5 rounded-card border-2 border-warning bg-warning/10 p-4"
    >
      <h2 id="staged-changes-heading" className="text-base font-bold uppercase text-warning">
        Unpublished changes
      </h2>
      <p className="mt-1 text-sm">
        Saved {formatUkDateTime(staged.at)} (UK time) by {staged.byName ?? "a former member of staff"}. The live page still shows the
        published version until these changes are published.
      </p>
      {staged.changed.length > 0 && (
        <p className="mt-1 text-sm text-muted">Changed: {staged.changed.map((field) => SNAPSHOT_FIELD_LABELS[field]).join(", ")}.</p>
      )}
      {dirty && (
        <p className="mt-2 text-sm font-semibold text-warning">
          You have edits that are not saved: save them first, or they are not part of what you publish.
        </p>
      )}
      {confirmDiscard ? (
        <Form method="post" className="mt-3 grid gap-3">
          <input type="hidden" name="version" value={version} />
          <p className="text-sm font-semibold" role="status">
            Discard these changes? The editor goes back to the live version. The discarded text stays in History.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="discard_changes" disabled={busy} className="w-full sm:w-auto">
              Yes, discard changes
            </Button>
            <LinkButton to={base} variant="secondary" className="w-full sm:w-auto">
              Keep changes
            </LinkButton>
          </div>
        </Form>
      ) : (
        <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <input type="hidden" name="version" value={version} />
          <Button type="submit" name="intent" value="publish_changes" disabled={busy || dirty} className="w-full sm:w-auto">
            Publish changes
          </Button>
          {previewRevisionId && (
            <a
              href={`${base}/preview/${previewRevisionId}`}
              target="_blank"
              rel="noopener"
              className={cx(buttonClasses("secondary"), "w-full sm:w-auto")}
            >
              Preview changes ↗
            </a>
          )}
          <LinkButton to={`${base}?confirm=discard#staged-changes`} variant="secondary" className="w-full sm:w-auto">
            Discard changes…
          </LinkButton>
        </Form>
      )}
    </section>
  );
}
