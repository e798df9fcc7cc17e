import { data, Form } from "react-router";
import type { Route } from "./+types/newsletter-unsubscribe";
import { Button } from "~/components/ui/button";
import { LinkButton } from "~/components/ui/link-button";
import { unsubscribeFromNewsletter } from "~/features/newsletter/newsletter.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

function tokenFrom(url: URL): string {
  const token = url.searchParams.get("token") ?? "";
  return token.length < 200 ? token : "";
}

export function loader({ url }: Route.LoaderArgs) {
  return { hasToken: tokenFrom(url).length > 0 };
}

/**
 * Both our button and mail apps' RFC 8058 one-click requests (a POST with
 * "List-Unsubscribe=One-Click") land here; the token in the URL says who.
 */
export async function action({ url, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const token = tokenFrom(url);
  const email = token ? await unsubscribeFromNewsletter(context.db, token) : null;
  if (!email) return data({ unsubscribed: false }, { status: 400 });
  context.log.info("newsletter: unsubscribed");
  return { unsubscribed: true };
}

// A one-time link: never served from a cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { path: null, title: "Unsubscribe", description: "Stop the Ridgeway Racing newsletter." }),
];

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  let heading = "Unsubscribe";
  let text = "Press the button to stop the Ridgeway Racing newsletter. E-mails about your orders and account are not affected.";
  if (actionData?.unsubscribed) {
    heading = "You're unsubscribed";
    text = "You won't receive any more newsletter e-mails from us. You can subscribe again at any time.";
  } else if (actionData || !loaderData.hasToken) {
    heading = "Link not valid";
    text = "We couldn't find a subscription for this link. Use the link from one of our e-mails, or contact us and we'll remove you.";
  }
  const canUnsubscribe = loaderData.hasToken && !actionData;
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-4xl font-bold uppercase">{heading}</h1>
      <p className="mt-4 text-muted">{text}</p>
      <div className="mt-8 flex justify-center gap-3">
        {canUnsubscribe ? (
          <Form method="post">
            <Button type="submit">Unsubscribe</Button>
          </Form>
        ) : (
          <LinkButton to="/">Go Home</LinkButton>
        )}
      </div>
    </section>
  );
}
