import type { Route } from "./+types/accessibility";
import { LinkButton } from "~/components/ui/link-button";
import { accessibilityStatement } from "~/features/accessibility/statement.server";
import { getSiteSettings } from "~/features/settings/site-settings.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const settings = await getSiteSettings(context);
  return { ...accessibilityStatement(), email: settings.email };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Accessibility",
    description: "How accessible the Ridgeway Racing website is, how we test it, and how to tell us about a barrier.",
  });

export default function AccessibilityPage({ loaderData: { title, html, email } }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <LinkButton to="/" variant="ghost" size="sm" className="-ml-3 mb-6">
        ← Back to Home
      </LinkButton>
      <h1 className="text-4xl font-bold uppercase sm:text-5xl">{title}</h1>
      <div className="prose-text mt-8 [overflow-wrap:anywhere]" dangerouslySetInnerHTML={{ __html: html }} />
      <p className="prose-text mt-6">
        Our e-mail address:{" "}
        <a href={`mailto:${email}`} className="text-accent-text underline">
          {email}
        </a>
      </p>
    </article>
  );
}
