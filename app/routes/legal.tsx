import { data } from "react-router";
import type { Route } from "./+types/legal";
import { LinkButton } from "~/components/ui/link-button";
import { getLegalDocument, isLegalSlug } from "~/features/legal/legal.server";
import { SeenObjectionForm } from "~/features/partners/seen-objection";
import { applySeenChoice } from "~/features/partners/seen-objection.server";
import { readForm } from "~/lib/forms.server";
import { formatCalendarDate } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const slug = url.pathname.replace(/^\/|\/$/g, "");
  const document = isLegalSlug(slug) ? await getLegalDocument(context.db, slug) : null;
  if (!document) throw data(null, { status: 404 });
  return { ...document, path: `/${slug}` };
}

/** The policies that describe the seen count carry its objection (ADR 0145). */
const SEEN_COUNT_POLICIES = new Set(["/privacy", "/cookies"]);

const NO_STORE = { "Cache-Control": "no-store" };

export async function action({ request, url, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  if (!SEEN_COUNT_POLICIES.has(url.pathname))
    throw data({ message: "This page takes no form." }, { status: 405, headers: { Allow: "GET, HEAD" } });
  const outcome = applySeenChoice(await readForm(request), context);
  if (!outcome.ok) return data({ seenChoice: null, message: outcome.message }, { status: 400, headers: NO_STORE });
  return data({ seenChoice: outcome.choice, message: null }, { headers: NO_STORE });
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData ? pageMeta(args, { title: args.loaderData.title, description: args.loaderData.description }) : [];

export default function LegalPage({ loaderData: document, actionData }: Route.ComponentProps) {
  const { path } = document;
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
      {SEEN_COUNT_POLICIES.has(path) && <SeenObjectionForm action={path} outcome={actionData?.seenChoice ?? null} />}
      {actionData?.message && <p role="alert">{actionData.message}</p>}
    </article>
  );
}
