import { data } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { LinkButton } from "~/components/ui/link-button";
import { confirmSubscription } from "~/features/newsletter/newsletter.server";
import { pageMeta } from "~/lib/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const confirmed = token.length > 0 && token.length < 200 && (await confirmSubscription(context.db, token));
  return data({ confirmed }, { status: confirmed ? 200 : 400 });
}

// A one-time link: never served from a cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { path: null, title: "Newsletter confirmation", description: "Confirm your Ridgeway Racing newsletter subscription." }),
];

export default function NewsletterConfirmPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-4xl font-bold uppercase">
        {loaderData.confirmed ? "You're subscribed" : "Link not valid"}
      </h1>
      <p className="mt-4 text-muted">
        {loaderData.confirmed
          ? "Thanks for confirming. Race reports and team news will be on their way."
          : "This confirmation link has expired or has already been used. Subscribe again from the form at the bottom of any page and we'll send a fresh one."}
      </p>
      <div className="mt-8">
        <LinkButton to="/">Go Home</LinkButton>
      </div>
    </section>
  );
}
