import { data } from "react-router";
import type { Route } from "./+types/verify-email";
import { LinkButton } from "~/components/ui/link-button";
import { verifyEmailToken } from "~/features/account/email-verification.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

/*
 * The link in the verification e-mail. It confirms on opening (a GET): unlike
 * a newsletter unsubscribe, a mail scanner following it proves only what it
 * claims, that the message reached that mailbox.
 */
export async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const token = url.searchParams.get("token") ?? "";
  const outcome = await verifyEmailToken(context, token);
  return data({ outcome }, { status: outcome === "verified" ? 200 : 400 });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { path: null, title: "E-mail confirmation", description: "Confirm the e-mail address of your Ridgeway Racing account." });

const TEXT = {
  verified: {
    title: "E-mail Confirmed",
    body: "Thanks: your e-mail address is confirmed. Password reset links and account messages will reach you here.",
  },
  expired: {
    title: "Link Expired",
    body: "This confirmation link has expired. Sign in and ask for a new one from the Security page of your dashboard.",
  },
  invalid: {
    title: "Link Not Valid",
    body: "This confirmation link is not valid. Check that you opened the whole link, or ask for a new one from the Security page of your dashboard.",
  },
} as const;

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  const text = TEXT[loaderData.outcome];
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-4xl font-bold uppercase">{text.title}</h1>
      <p className="mt-4 text-muted">{text.body}</p>
      <div className="mt-8">
        <LinkButton to="/dashboard/security">Go to Security Settings</LinkButton>
      </div>
    </section>
  );
}
