import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormNotice } from "~/components/ui/form-notice";

/** The outcome the objection form reports after a choice: which way this browser now is. */
export type SeenChoice = "object" | "allow";

export const SEEN_CHOICE_MESSAGES: Record<SeenChoice, string> = {
  object: "Done: this browser no longer counts which partner logos and names you see. Your choice is kept in one cookie for a year.",
  allow: "Done: this browser counts again which partner logos and names are seen, as described above.",
};

/**
 * The one-click objection to the seen count (ADR 0145), at the foot of the privacy and cookie
 * policies: a plain form, so it works without JavaScript; the answer sets or clears the one cookie.
 */
export function SeenObjectionForm({ action, outcome }: { action: string; outcome: SeenChoice | null }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <section id="seen-count" aria-labelledby="seen-count-heading" className="mt-12 rounded-card border border-line bg-surface p-5 sm:p-6">
      <h2 id="seen-count-heading" className="text-2xl font-bold uppercase">
        Your choice about the seen count
      </h2>
      <p className="mt-2 text-muted">
        Object with one click and this browser stops counting which partner logos and names were on your screen, at once. Pages you open are
        still counted as served, as explained above.
      </p>
      <div className="mt-4">
        {outcome && <FormNotice tone="success">{SEEN_CHOICE_MESSAGES[outcome]}</FormNotice>}
        <Form method="post" action={`${action}#seen-count`} preventScrollReset className="flex flex-wrap gap-3">
          <input type="hidden" name="intent" value="seen-count" />
          <Button type="submit" name="choice" value="object" disabled={sending}>
            Don&apos;t count what I see
          </Button>
          <Button type="submit" name="choice" value="allow" variant="secondary" disabled={sending}>
            Count it again
          </Button>
        </Form>
      </div>
    </section>
  );
}
