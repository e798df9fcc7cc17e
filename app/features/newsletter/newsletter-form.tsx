import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import type { SubscribeResult } from "./newsletter-schema";
import { NEWSLETTER_CONSENT_TEXT, type NewsletterSource } from "./newsletter-text";

interface NewsletterFormProps {
  source: NewsletterSource;
  /** The result of a submission made without JavaScript (the /newsletter page). */
  initialResult?: SubscribeResult;
}

export function NewsletterForm({ source, initialResult }: NewsletterFormProps) {
  const id = useId();
  const fetcher = useFetcher<SubscribeResult>({ key: `newsletter${id}` });
  const result = fetcher.data ?? initialResult;
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.status === "subscribed") formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);

  const errors = result?.status === "invalid" ? result.fieldErrors : {};
  return (
    <fetcher.Form ref={formRef} method="post" action="/newsletter" className="flex flex-col gap-3" noValidate>
      <input type="hidden" name="source" value={source} />
      {/* Hidden from people; bots that fill every field give themselves away. */}
      <div className="hidden" aria-hidden="true">
        <label>
          Website <input type="text" name="website" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <FormField
        label="Email address"
        hideLabel
        name="email"
        type="email"
        autoComplete="email"
        placeholder="Your email address"
        required
        maxLength={254}
        defaultValue={result?.status === "invalid" ? result.email : undefined}
        error={errors.email}
        disabled={busy}
      />
      <div>
        <label className="flex items-start gap-2 text-sm text-muted">
          <input
            type="checkbox"
            name="consent"
            value="yes"
            required
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
            className="mt-1 size-4 shrink-0 accent-(--color-accent)"
            disabled={busy}
          />
          <span>{NEWSLETTER_CONSENT_TEXT}</span>
        </label>
        {errors.consent && (
          <p id={`${id}-consent-error`} className="mt-1 text-sm text-danger" role="alert">
            {errors.consent}
          </p>
        )}
      </div>
      <Button type="submit" size="sm" className="self-start" disabled={busy}>
        {busy ? "Subscribing..." : "Subscribe"}
      </Button>
      <p role="status" className="text-sm text-success empty:hidden">
        {result?.status === "subscribed" ? result.message : ""}
      </p>
      {result?.status === "rate-limited" && (
        <p role="alert" className="text-sm text-danger">
          {result.message}
        </p>
      )}
    </fetcher.Form>
  );
}
