import { data } from "react-router";
import type { Route } from "./+types/newsletter";
import { SectionHeading } from "~/components/ui/section-heading";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import {
  NEWSLETTER_RATE_LIMIT,
  newsletterRateLimitedMessage,
  parseSubscribeForm,
  SUBSCRIBED_MESSAGE,
  type SubscribeResult,
} from "~/features/newsletter/newsletter-schema";
import { subscribeToNewsletter } from "~/features/newsletter/newsletter.server";
import { readForm } from "~/lib/forms.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const form = parseSubscribeForm(await readForm(request));
  if (!form.ok) {
    if (form.honeypot) {
      context.log.info("newsletter: honeypot filled, ignoring");
      return { status: "subscribed", message: SUBSCRIBED_MESSAGE } satisfies SubscribeResult;
    }
    return data({ status: "invalid", fieldErrors: form.fieldErrors, email: form.email } satisfies SubscribeResult, {
      status: 400,
    });
  }
  // Only sign-ups that would send an e-mail count: a typing mistake above costs nothing.
  const limit = await consumeRateLimit(context.db, { key: `newsletter:${context.clientIp}`, ...NEWSLETTER_RATE_LIMIT });
  if (!limit.allowed) {
    context.log.warn({ clientIp: context.clientIp }, "newsletter: rate limited");
    return data({ status: "rate-limited", message: newsletterRateLimitedMessage(limit.retryAfterSeconds) } satisfies SubscribeResult, {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const outcome = await subscribeToNewsletter(context.db, form.value, { publicUrl: context.publicUrl });
  context.log.info({ outcome, source: form.value.source }, "newsletter subscription");
  // The same answer whatever the outcome, so the form does not reveal who subscribed.
  return { status: "subscribed", message: SUBSCRIBED_MESSAGE } satisfies SubscribeResult;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Newsletter", description: "Race reports, team news and store offers from Ridgeway Racing, by e-mail." });

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <SectionHeading
        level={1}
        eyebrow="Stay updated"
        title="Newsletter"
        description="Race reports, team news and store offers, straight to your inbox. We'll ask you to confirm by e-mail, and every e-mail has a one-click unsubscribe link."
      />
      <NewsletterForm source="newsletter-page" initialResult={actionData} />
    </section>
  );
}
