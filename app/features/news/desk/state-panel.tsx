import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { availableTransitions, TRANSITION_LABELS } from "../article-states";
import { STAGED_CHANGES_BLOCK_TRANSITIONS } from "../staged-changes";

/** An article's publishing buttons beside its form: the moves its state allows, and scheduling (UK time). */
export function StatePanel({
  article,
  dirty,
  staged,
  publishAtError,
  busy,
}: {
  article: { version: number; state: Parameters<typeof availableTransitions>[0]; scheduleDefault: string };
  dirty: boolean;
  staged: boolean;
  publishAtError?: string;
  busy: boolean;
}) {
  const actions = availableTransitions(article.state);
  return (
    <aside className="h-fit rounded-card border border-line p-4" aria-labelledby="state-heading">
      <h2 id="state-heading" className="text-sm font-semibold uppercase">
        Publishing
      </h2>
      {dirty && !staged && <p className="mt-2 text-sm text-warning">Save your changes first: these buttons act on the saved version.</p>}
      {staged && <p className="mt-2 text-sm text-warning">{STAGED_CHANGES_BLOCK_TRANSITIONS}</p>}
      <Form method="post" className="mt-3 grid gap-2">
        <input type="hidden" name="version" value={article.version} />
        {actions
          .filter((action) => action !== "schedule")
          .map((action) => (
            <Button
              key={action}
              type="submit"
              name="intent"
              value={action}
              variant={action === "publish" ? "primary" : "secondary"}
              disabled={busy || dirty || staged}
              className="w-full"
            >
              {TRANSITION_LABELS[action]}
            </Button>
          ))}
      </Form>
      {actions.includes("schedule") && (
        <Form method="post" className="mt-4 grid gap-2 border-t border-line pt-4">
          <input type="hidden" name="version" value={article.version} />
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Go live at (UK time)
            <input
              type="datetime-local"
              name="publishAt"
              defaultValue={article.scheduleDefault}
              required
              aria-invalid={publishAtError ? true : undefined}
              aria-describedby={publishAtError ? "publish-at-error" : undefined}
              className={inputClasses}
            />
          </label>
          {publishAtError && (
            <p id="publish-at-error" className="text-sm text-danger" role="alert">
              {publishAtError}
            </p>
          )}
          <Button type="submit" name="intent" value="schedule" variant="secondary" disabled={busy || dirty || staged} className="w-full">
            Schedule
          </Button>
        </Form>
      )}
    </aside>
  );
}
