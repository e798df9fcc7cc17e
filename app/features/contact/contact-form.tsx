import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { SelectField, TextareaField } from "~/components/ui/field-controls";
import { FormField } from "~/components/ui/form-field";
import {
  CONTACT_CATEGORIES,
  CONTACT_LIMITS,
  CONTACT_NOTICE_MS,
  DEFAULT_CONTACT_CATEGORY,
  HONEYPOT_FIELD,
  parseContactForm,
  type ContactCategory,
  type ContactFieldErrors,
  type ContactResult,
} from "./contact-schema";

interface ContactFormProps {
  /** The answer to the last submission (from the action, with or without JavaScript). */
  result: ContactResult | undefined;
  /** The category chosen when the form first shows (from ?category=). */
  initialCategory: ContactCategory;
}

/**
 * The contact form. After a message is sent, a notice takes its place for
 * CONTACT_NOTICE_MS, then the form comes back empty. Without JavaScript the
 * notice stays, with a link back to the form.
 */
export function ContactForm({ result, initialCategory }: ContactFormProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [noticeEndedFor, setNoticeEndedFor] = useState<ContactResult>();
  const sent = result?.status === "sent" ? result : undefined;
  const showNotice = sent !== undefined && noticeEndedFor !== sent;

  useEffect(() => {
    if (!showNotice) return;
    const timer = window.setTimeout(() => {
      setNoticeEndedFor(sent);
      // The notice that held focus is gone: put the visitor back at the top of the form.
      headingRef.current?.focus();
    }, CONTACT_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [showNotice, sent]);

  return (
    <section aria-labelledby="contact-form-heading" className="rounded-card border border-line bg-surface p-5 sm:p-8">
      <h2 id="contact-form-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold uppercase sm:text-3xl">
        Send Us a Message
      </h2>
      {sent && showNotice ? (
        <SentNotice mailtoHref={sent.mailtoHref} />
      ) : (
        <MessageForm
          // A sent message brings the form back cleared, with the default category.
          key={sent ? "after-sending" : initialCategory}
          result={result?.status === "sent" ? undefined : result}
          initialCategory={sent ? DEFAULT_CONTACT_CATEGORY : initialCategory}
        />
      )}
    </section>
  );
}

function SentNotice({ mailtoHref }: { mailtoHref: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div role="status" className="mt-6 rounded-card border border-success/40 bg-success/10 p-5 sm:p-6">
      <h3 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-success">
        Thank you! Your message has been sent.
      </h3>
      <p className="mt-2 text-muted">We've received your message and will get back to you as soon as possible.</p>
      <p className="mt-4 text-sm text-muted">
        Prefer your own mail app?{" "}
        <a href={mailtoHref} className="font-semibold text-accent-text underline underline-offset-2">
          Open it pre-filled
        </a>
      </p>
      <p className="mt-4 text-sm">
        <Link to="/contact" className="text-muted underline underline-offset-2 hover:text-text">
          Send another message
        </Link>
      </p>
    </div>
  );
}

interface MessageFormProps {
  result: Exclude<ContactResult, { status: "sent" }> | undefined;
  initialCategory: ContactCategory;
}

function MessageForm({ result, initialCategory }: MessageFormProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.startsWith("/contact") === true;
  // Errors found in the browser, for the result they were found after; a new result replaces them.
  const [browserCheck, setBrowserCheck] = useState<{ after: typeof result; errors: ContactFieldErrors }>();
  const errors =
    browserCheck && browserCheck.after === result ? browserCheck.errors : result?.status === "invalid" ? result.fieldErrors : {};
  const values = result?.values;

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const parsed = parseContactForm(new FormData(form));
    setBrowserCheck({ after: result, errors: parsed.ok ? {} : parsed.fieldErrors });
    if (parsed.ok) return;
    event.preventDefault();
    const firstInvalid = Object.keys(parsed.fieldErrors)[0];
    form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
  }

  return (
    <Form method="post" noValidate preventScrollReset onSubmit={checkBeforeSending} className="mt-6 grid gap-5 sm:grid-cols-2">
      {/* Hidden from people; bots that fill every field give themselves away. */}
      <div className="hidden" aria-hidden="true">
        <label>
          Website <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <FormField
        label="Full Name"
        name="name"
        autoComplete="name"
        required
        maxLength={CONTACT_LIMITS.name}
        defaultValue={values?.name}
        error={errors.name}
      />
      <FormField
        label="Email Address"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={CONTACT_LIMITS.email}
        defaultValue={values?.email}
        error={errors.email}
      />
      <FormField
        label="Subject"
        name="subject"
        required
        maxLength={CONTACT_LIMITS.subject}
        defaultValue={values?.subject}
        error={errors.subject}
        className="sm:col-span-2"
      />
      <SelectField
        label="Category"
        name="category"
        options={CONTACT_CATEGORIES}
        defaultValue={values?.category ?? initialCategory}
        error={errors.category}
        className="sm:col-span-2"
      />
      <TextareaField
        label="Message"
        name="message"
        required
        minLength={CONTACT_LIMITS.messageMin}
        maxLength={CONTACT_LIMITS.messageMax}
        rows={6}
        defaultValue={values?.message}
        error={errors.message}
        className="sm:col-span-2"
      />
      {result?.status === "rate-limited" && (
        <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm text-danger sm:col-span-2">
          {result.message}
        </p>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          {sending ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </Form>
  );
}
