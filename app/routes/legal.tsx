import { data } from "react-router";
import type { Route } from "./+types/legal";
import { LinkButton } from "~/components/ui/link-button";
import { getLegalDocument, isLegalSlug } from "~/features/legal/legal.server";
import { formatCalendarDate } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const slug = url.pathname.replace(/^\/|\/$/g, "");
  const document = isLegalSlug(slug) ? await getLegalDocument(context.db, slug) : null;
  if (!document) throw data(null, { status: 404 });
  return document;
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData ? pageMeta(args, { title: args.loaderData.title, description: args.loaderData.description }) : [];

export default function LegalPage({ loaderData: document }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <LinkButton to="/" variant="ghost" size="sm" className="-ml-3 mb-6">
        ← Back to Home
      </LinkButton>
      <h1 className="text-4xl font-bold uppercase sm:text-5xl">{document.title}</h1>
      <p className="mt-3 text-sm text-muted">
        Last updated: <time dateTime={document.revisedOn}>{formatCalendarDate(document.revisedOn)}</time>
      </p>
      <div className="prose-text mt-8" dangerouslySetInnerHTML={{ __html: document.html }} />
    </article>
  );
}
