import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/setup";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { getOptionalUser } from "~/features/account/session.server";
import { FIRST_ADMIN_MESSAGES, FIRST_ADMIN_SETUP_PATH, SETUP_CODE_MAX_LENGTH } from "~/features/admin/first-admin";
import { claimFirstAdmin, hasAnyAdmin, hasTwoFactor } from "~/features/admin/first-admin.server";
import { BACK_OFFICE_HEADERS } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

/*
 * The first admin's set-up (ADR 0108): open only while no account holds the admin role, to a
 * signed-in account with two-factor on that enters the code the server printed to its log.
 * Outside the back office's layout, whose gate would turn everyone away before there is an admin.
 */

const SIGN_IN_PATH = `/login?redirectTo=${encodeURIComponent(FIRST_ADMIN_SETUP_PATH)}`;
const notFound = () => data(null, { status: 404, headers: BACK_OFFICE_HEADERS });

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  // Closed for everyone once there is an admin, before anything else is looked at.
  if (await hasAnyAdmin(context.db)) throw notFound();
  const user = await getOptionalUser(request, context);
  if (!user) throw redirect(SIGN_IN_PATH, { headers: BACK_OFFICE_HEADERS });
  return data({ name: user.name, email: user.email, twoFactor: await hasTwoFactor(context.db, user.id) }, { headers: BACK_OFFICE_HEADERS });
}

type ActionData = { message: string; outcome: "refused" | "closed" | "needs-two-factor" };

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  if (await hasAnyAdmin(context.db)) throw notFound();
  const user = await getOptionalUser(request, context);
  if (!user) throw redirect(SIGN_IN_PATH, { headers: BACK_OFFICE_HEADERS });
  const form = await readForm(request);
  const answer = deskAnswer<ActionData>;

  const claim = await claimFirstAdmin(context, user, form.get("code"));
  switch (claim.kind) {
    case "granted":
      return redirect("/admin", { headers: BACK_OFFICE_HEADERS });
    case "closed":
      // Someone else's claim won while this one was on its way.
      return answer({ message: FIRST_ADMIN_MESSAGES.alreadySetUp, outcome: "closed" }, 409);
    case "needs-two-factor":
      return answer({ message: FIRST_ADMIN_MESSAGES.needsTwoFactor, outcome: "needs-two-factor" }, 409);
    case "too-many-tries":
      return answer(
        { message: FIRST_ADMIN_MESSAGES.tooManyTries(Math.max(1, Math.ceil(claim.retryAfterSeconds / 60))), outcome: "refused" },
        429,
        { "Retry-After": String(claim.retryAfterSeconds) },
      );
    case "bad-code":
      return answer({ message: FIRST_ADMIN_MESSAGES.codeFormat, outcome: "refused" }, 400);
    case "wrong-code":
      return answer({ message: FIRST_ADMIN_MESSAGES.wrongCode, outcome: "refused" }, 403);
  }
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Set Up the First Admin", description: "Make the first admin of this site.", path: null });

export default function FirstAdminSetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const processing = navigation.state !== "idle" && navigation.formMethod === "POST";
  const needsTwoFactor = !loaderData.twoFactor || actionData?.outcome === "needs-two-factor";
  const closed = actionData?.outcome === "closed";
  return (
    <section className="mx-auto max-w-md px-4 py-12 sm:px-6 sm:py-16">
      <SectionHeading
        level={1}
        align="center"
        eyebrow="Back office"
        title="Set Up the First Admin"
        description="This site has no admin yet. The admin gives everyone else their roles, so this is done once, by whoever runs the server."
      />
      <div className="rounded-card border border-line bg-surface p-5 sm:p-8">
        {closed ? (
          <>
            <FormNotice tone="info">{FIRST_ADMIN_MESSAGES.alreadySetUp}</FormNotice>
            <LinkButton to="/dashboard" size="lg" className="w-full">
              Your account
            </LinkButton>
          </>
        ) : needsTwoFactor ? (
          <>
            <FormNotice tone={actionData ? "error" : "info"}>{FIRST_ADMIN_MESSAGES.needsTwoFactor}</FormNotice>
            <LinkButton to="/dashboard/security" size="lg" className="w-full">
              Turn On Two-Factor
            </LinkButton>
          </>
        ) : (
          <>
            {actionData && <FormNotice tone="error">{actionData.message}</FormNotice>}
            <p className="mb-5 text-sm text-muted">
              You are signed in as <strong className="break-words font-semibold text-text">{loaderData.name}</strong> (
              <span className="break-words">{loaderData.email}</span>). Entering the code makes this account the admin.
            </p>
            {/* Keyed by the message, so a wrong code is not left in the field to be sent again. */}
            <Form key={actionData?.message ?? ""} method="post" className="grid gap-5">
              <fieldset disabled={processing} className="grid gap-5">
                <legend className="sr-only">Set-up code</legend>
                <FormField
                  label="Set-up code"
                  name="code"
                  hint="The server printed it to its log when it started (the line that says “first admin set-up code”), or it is the FIRST_ADMIN_CODE you set."
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={SETUP_CODE_MAX_LENGTH + 20}
                  required
                  autoFocus
                />
              </fieldset>
              <Button type="submit" size="lg" className="w-full" disabled={processing}>
                {processing ? "Checking..." : "Make Me the Admin"}
              </Button>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}
