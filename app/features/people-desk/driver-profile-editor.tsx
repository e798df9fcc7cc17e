import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/field-controls";
import { FormField } from "~/components/ui/form-field";
import { FormNotice } from "~/components/ui/form-notice";
import type { DriverChangeView } from "./driver-changes.server";
import { formatUkDateTime } from "~/lib/dates";

interface Answer {
  tone: "error" | "success";
  message: string;
  errors: Record<string, string>;
  values: { bio: string; image: string } | null;
}

/**
 * The driver's own profile on their dashboard: their bio and photo, sent to the team for
 * approval, with where the last one they sent stands (waiting, published, or turned down and why).
 */
export function DriverProfileEditor({
  published,
  change,
  answer,
}: {
  published: { bio: string; image: string };
  change: DriverChangeView | null;
  answer: Answer | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const pending = change?.status === "pending" ? change : null;
  // What the form starts from: what was just typed (after a refusal), the waiting change, or the published profile.
  const start = answer?.values ?? (pending ? { bio: pending.bio, image: pending.image } : published);
  return (
    <section aria-labelledby="my-profile-heading" className="mt-12 rounded-card border border-line bg-surface p-5 sm:p-8">
      <h2 id="my-profile-heading" className="mb-2 text-2xl font-bold uppercase">
        Your Profile
      </h2>
      <p className="mb-5 text-sm text-muted">
        Update the bio and photo on your driver page. The team checks each change before it goes on the site.
      </p>
      {answer && <FormNotice tone={answer.tone}>{answer.message}</FormNotice>}
      {change && (
        <div className="mb-5 text-sm" data-testid="driver-change-status">
          {change.status === "pending" && (
            <p>
              <strong>Waiting for approval</strong> since {formatUkDateTime(change.submittedAt)}. Sending again replaces it.
            </p>
          )}
          {change.status === "approved" && change.decidedAt && (
            <p className="text-success">Your last change was approved on {formatUkDateTime(change.decidedAt)} and is on the site.</p>
          )}
          {change.status === "rejected" && (
            <div className="rounded-lg border border-danger/50 bg-danger/10 p-3">
              <p className="font-semibold text-danger">Your last change was not approved.</p>
              <p className="mt-1 break-words">The team said: “{change.reason}”</p>
            </div>
          )}
        </div>
      )}
      <Form method="post" noValidate className="grid gap-5" key={`${change?.id ?? 0}-${change?.status ?? ""}`}>
        <TextareaField
          label="Bio"
          name="bio"
          defaultValue={start.bio}
          error={answer?.errors.bio}
          hint="Paragraphs separated by a blank line."
          rows={10}
        />
        <FormField
          label="Photo"
          name="image"
          defaultValue={start.image}
          error={answer?.errors.image}
          hint="A picture already on the site, as a path (/media/drivers/…). Ask the team office to add a new one."
          autoComplete="off"
          spellCheck={false}
        />
        <div>
          <Button type="submit" disabled={sending}>
            {sending ? "Sending..." : "Send for approval"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
