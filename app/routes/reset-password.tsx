import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/features/account/password-policy";
import { PASSWORD_RESET_MESSAGES } from "~/features/account/password-reset-form";
import { parseNewPassword } from "~/features/account/password-reset-form.server";
import { isResetTokenUsable, resetPassword } from "~/features/account/password-reset.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

const NO_STORE = { "Cache-Control": "no-store" };
/** Where a successful reset lands (post, redirect, get): a 200 page, not the spent link's 400. */
export const PASSWORD_CHANGED_PATH = "/reset-password?changed=1";

export async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const { searchParams } = url;
  if (searchParams.has("changed")) return data({ token: null, changed: true }, { headers: NO_STORE });
  const token = searchParams.get("token") ?? "";
  const usable = await isResetTokenUsable(context, token);
  // The token goes back into the form only while it works.
  return data({ token: usable ? token : null, changed: false }, { status: usable ? 200 : 400, headers: NO_STORE });
}

type ActionData = { message: string; field?: "password" | "confirm" };

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const form = await readForm(request);
  const parsed = parseNewPassword(form);
  if (!parsed.ok) {
    return data({ message: parsed.message, field: parsed.field === "email" ? undefined : parsed.field } satisfies ActionData, {
      status: 400,
      headers: NO_STORE,
    });
  }
  const outcome = await resetPassword(request, context, parsed.value);
  if (outcome.kind === "refused") {
    return data({ message: outcome.message, field: outcome.field } satisfies ActionData, {
      status: outcome.status,
      headers: { ...NO_STORE, ...(outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {}) },
    });
  }
  return redirect(PASSWORD_CHANGED_PATH, { headers: NO_STORE });
}

// The address holds a one-time token: never cached, never sent on as a referrer.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({
  ...NO_STORE,
  "Referrer-Policy": "no-referrer",
  ...(actionHeaders.has("Retry-After") ? { "Retry-After": actionHeaders.get("Retry-After")! } : {}),
});

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Choose a New Password", description: "Set a new password for your Ridgeway Racing account.", path: null });

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.changed) {
    return (
      <ResetFrame title="Password Changed">
        <FormNotice tone="success">{PASSWORD_RESET_MESSAGES.done}</FormNotice>
        <LinkButton to="/login" size="lg" className="w-full">
          Sign In
        </LinkButton>
      </ResetFrame>
    );
  }
  // A link found spent when the form was sent counts as spent too.
  const linkInvalid = !loaderData.token || actionData?.message === PASSWORD_RESET_MESSAGES.linkInvalid;
  if (linkInvalid) {
    return (
      <ResetFrame title="Link Not Valid">
        <FormNotice tone="error">{PASSWORD_RESET_MESSAGES.linkInvalid}</FormNotice>
        <LinkButton to="/forgot-password" size="lg" className="w-full">
          Get a New Link
        </LinkButton>
      </ResetFrame>
    );
  }
  return <NewPasswordForm token={loaderData.token!} result={actionData} />;
}

function ResetFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:px-6">
      <SectionHeading level={1} align="center" eyebrow="Account" title={title} />
      <div className="rounded-card border border-line bg-surface p-5 sm:p-8">{children}</div>
    </section>
  );
}

function NewPasswordForm({ token, result: error }: { token: string; result: ActionData | undefined }) {
  const navigation = useNavigation();
  const processing = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <ResetFrame title="Choose a New Password">
      {error && !error.field && <FormNotice tone="error">{error.message}</FormNotice>}
      <Form method="post" className="grid gap-5">
        <input type="hidden" name="token" value={token} />
        <fieldset disabled={processing} className="grid gap-5">
          <legend className="sr-only">New password</legend>
          <FormField
            label="New Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH * 2}
            hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`}
            error={error?.field === "password" ? error.message : undefined}
          />
          <FormField
            label="Confirm New Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX_LENGTH * 2}
            error={error?.field === "confirm" ? error.message : undefined}
          />
        </fieldset>
        <Button type="submit" size="lg" className="w-full" disabled={processing}>
          {processing ? "Processing..." : "Set New Password"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-muted">
        <Link to="/login" className="font-medium text-accent-text underline-offset-4 hover:underline">
          Back to Sign In
        </Link>
      </p>
    </ResetFrame>
  );
}
