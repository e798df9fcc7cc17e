import { data, Form } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { Button } from "~/components/ui/button";
import { LinkButton } from "~/components/ui/link-button";
import { confirmationLinkState, confirmSubscription } from "~/features/newsletter/newsletter.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

function tokenFrom(url: URL): string {
  const token = url.searchParams.get("token") ?? "";
  return token.length < 200 ? token : "";
}

/**
 * Opening the link only shows where it stands: mail providers' link scanners open every link in
 * a message, and a GET that confirmed would subscribe people who never clicked (and spend the
 * link before they did). The button below POSTs, and that confirms.
 */
export async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const token = tokenFrom(url);
  const state = token ? await confirmationLinkState(context.db, token) : "invalid";
  return data({ state }, { status: state === "invalid" ? 400 : 200 });
}

export async function action({ url, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const token = tokenFrom(url);
  const outcome = token ? await confirmSubscription(context.db, token) : "invalid";
  if (outcome === "invalid") return data({ state: "invalid" as const }, { status: 400 });
  if (outcome === "confirmed") context.log.info("newsletter: subscription confirmed");
  return { state: "confirmed" as const };
}

// A one-time link: never served from a cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { path: null, title: "Newsletter confirmation", description: "Confirm your Ridgeway Racing newsletter subscription." }),
];

const COPY = {
  pending: {
    heading: "Confirm your subscription",
    text: "Press the button to start receiving race reports and team news from Ridgeway Racing by e-mail.",
  },
  confirmed: {
    heading: "You're subscribed",
    text: "Thanks for confirming. Race reports and team news will be on their way.",
  },
  invalid: {
    heading: "Link not valid",
    text: "This confirmation link has expired, or the address has unsubscribed since. Subscribe again from the form at the bottom of any page and we'll send a fresh one.",
  },
} as const;

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  const copy = COPY[state];
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-4xl font-bold uppercase">{copy.heading}</h1>
      <p className="mt-4 text-muted">{copy.text}</p>
      <div className="mt-8 flex justify-center">
        {state === "pending" ? (
          <Form method="post">
            <Button type="submit">Confirm subscription</Button>
          </Form>
        ) : (
          <LinkButton to="/">Go Home</LinkButton>
        )}
      </div>
    </section>
  );
}
