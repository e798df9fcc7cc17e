import { data } from "react-router";
import type { Route } from "./+types/contact";
import { brand } from "~/brand";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { ContactDetails } from "~/features/contact/contact-details";
import { ContactForm } from "~/features/contact/contact-form";
import { contactMailtoHref } from "~/features/contact/contact-mailto";
import {
  contactValues,
  echoContactValues,
  DEFAULT_CONTACT_CATEGORY,
  isContactCategory,
  isHoneypotFilled,
  parseContactForm,
  rateLimitedMessage,
  type ContactResult,
} from "~/features/contact/contact-schema";
import { CONTACT_RATE_LIMIT, saveContactMessage } from "~/features/contact/contact.server";
import { getSiteSettings } from "~/features/settings/site-settings.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { appContext } from "~/context";

export async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  // Links such as the sponsorship packages' "Get Started" choose the category.
  const category = url.searchParams.get("category");
  const { email, phone, address, officeHours, socials } = await getSiteSettings(context);
  return {
    category: isContactCategory(category) ? category : DEFAULT_CONTACT_CATEGORY,
    contact: { email, phone, address, officeHours, socials },
  };
}

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const form = await readForm(request);
  const { email: teamEmail } = await getSiteSettings(context);
  if (isHoneypotFilled(form)) {
    context.log.info("contact: honeypot filled, ignoring");
    return { status: "sent", mailtoHref: contactMailtoHref(teamEmail, echoContactValues(contactValues(form))) } satisfies ContactResult;
  }
  const parsed = parseContactForm(form);
  if (!parsed.ok) {
    return data({ status: "invalid", fieldErrors: parsed.fieldErrors, values: parsed.values } satisfies ContactResult, {
      status: 400,
    });
  }
  // Only messages that would be stored count towards the limit: typing mistakes cost nothing.
  const limit = await consumeRateLimit(context.db, { key: `contact:${context.clientIp}`, ...CONTACT_RATE_LIMIT });
  if (!limit.allowed) {
    context.log.warn({ clientIp: context.clientIp }, "contact: rate limited");
    return data(
      {
        status: "rate-limited",
        message: rateLimitedMessage(limit.retryAfterSeconds),
        values: echoContactValues(contactValues(form)),
      } satisfies ContactResult,
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  await saveContactMessage(context.db, parsed.value, teamEmail, context.publicUrl);
  context.log.info({ category: parsed.value.category }, "contact: message stored");
  return { status: "sent", mailtoHref: contactMailtoHref(teamEmail, parsed.value) } satisfies ContactResult;
}

// A document response only carries the headers this returns: pass on the action's Retry-After.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact",
    description: `Get in touch with ${brand.name}: sponsorship, media requests, fan questions and careers. Send us a message or call the team.`,
  });

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <LinkButton to="/" variant="ghost" size="sm" className="-ml-3 mb-6">
        ← Back to Home
      </LinkButton>
      <SectionHeading
        level={1}
        eyebrow="We'd love to hear from you"
        title="Contact Us"
        description="Questions about the team, sponsorship, media or careers? Send us a message and the right person will reply."
      />
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ContactForm result={actionData} initialCategory={loaderData.category} />
        </div>
        <ContactDetails settings={loaderData.contact} />
      </div>
    </div>
  );
}
