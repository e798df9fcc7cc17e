import { Form, Link, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { FormNotice } from "~/components/ui/form-notice";
import { STEP_UP_FIELDS, STEP_UP_MINUTES, type StepUpPrompt } from "./step-up";

/**
 * "Confirm it's you" (ADR 0100): shown by the back office's error boundary when a sensitive
 * change was refused for want of a fresh confirmation. It posts the refused form's fields again,
 * to the same address, with a code from the authenticator app (or the password): one press
 * confirms and makes the change, so nothing typed is lost. Works without JavaScript.
 */
export function StepUpScreen({ prompt }: { prompt: StepUpPrompt }) {
  const location = useLocation();
  const sending = useNavigation().state === "submitting";
  const here = location.pathname + location.search;
  return (
    <section aria-labelledby="step-up-heading" className="mx-auto w-full max-w-md px-4 py-10 sm:px-6 sm:py-16">
      <p className="mb-2 text-sm font-semibold uppercase tracking-[0.2em] text-accent-text">Back office</p>
      <h1 id="step-up-heading" className="text-3xl font-bold uppercase sm:text-4xl">
        Confirm it&rsquo;s you
      </h1>
      <p className="mt-3 text-muted">
        You&rsquo;re about to: <strong className="break-words font-semibold text-text">{prompt.summary}</strong>.
      </p>
      <p className="mt-2 text-sm text-muted">
        Changes like this need a code from your authenticator app (or your password) given in the last {STEP_UP_MINUTES} minutes, so that
        nobody else can make them from your browser.
      </p>
      <div className="mt-6 rounded-card border border-line bg-surface p-5 sm:p-8">
        {prompt.error && <FormNotice tone="error">{prompt.error}</FormNotice>}
        {/* Keyed by the message, so a wrong code is not left in the field to be sent again. */}
        <Form key={prompt.error ?? ""} method="post" action={here} className="grid gap-5">
          {prompt.fields.map(([name, value], index) => (
            <input key={`${index}-${name}`} type="hidden" name={name} value={value} />
          ))}
          <FormField
            label="Code from your authenticator app"
            name={STEP_UP_FIELDS.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 \-]*"
            maxLength={9}
            autoFocus={!prompt.error}
          />
          <details className="group rounded-lg border border-line px-4">
            <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium">Use your password instead</summary>
            <FormField
              label="Your password"
              name={STEP_UP_FIELDS.password}
              type="password"
              autoComplete="current-password"
              maxLength={256}
              className="pb-4"
            />
          </details>
          <Button type="submit" size="lg" className="w-full">
            {sending ? "Checking..." : "Confirm and continue"}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm">
          <Link to={here} className="inline-flex min-h-11 items-center font-medium text-accent-text underline-offset-4 hover:underline">
            Cancel and go back
          </Link>
        </p>
      </div>
    </section>
  );
}
