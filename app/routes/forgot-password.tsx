import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { LOGIN_LIMITS } from "~/features/account/login-form";
import { PASSWORD_RESET_MESSAGES } from "~/features/account/password-reset-form";
import { parseResetRequest } from "~/features/account/password-reset-form.server";
import { requestPasswordReset } from "~/features/account/password-reset.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

const NO_STORE = { "Cache-Control": "no-store" };

type ActionData = { sent: true; message: string } | { sent: false; message: string; email: string };

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const form = await readForm(request);
  const typed = String(form.get("email") ?? "").slice(0, LOGIN_LIMITS.email);
  const parsed = parseResetRequest(form);
  if (!parsed.ok) {
    return data({ sent: false, message: parsed.message, email: typed } satisfies ActionData, { status: 400, headers: NO_STORE });
  }
  const outcome = await requestPasswordReset(request, context, parsed.value.email);
  if (outcome.kind === "limited") {
    return data({ sent: false, message: outcome.message, email: typed } satisfies ActionData, {
      status: 429,
      headers: { ...NO_STORE, "Retry-After": String(outcome.retryAfterSeconds) },
    });
  }
  return data({ sent: true, message: PASSWORD_RESET_MESSAGES.requested } satisfies ActionData, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => (actionHeaders.has("Retry-After") ? actionHeaders : NO_STORE);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Forgot Password",
    description: "Get a link to choose a new password for your Ridgeway Racing account.",
    path: null,
  });

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const processing = navigation.state !== "idle" && navigation.formAction === "/forgot-password";
  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:px-6">
      <SectionHeading
        level={1}
        align="center"
        eyebrow="Account"
        title="Forgot Password"
        description="Enter the e-mail address of your account and we'll send you a link to choose a new password."
      />
      <div className="rounded-card border border-line bg-surface p-5 sm:p-8">
        {actionData && <FormNotice tone={actionData.sent ? "success" : "error"}>{actionData.message}</FormNotice>}
        <Form method="post" action="/forgot-password" className="grid gap-5">
          <fieldset disabled={processing} className="grid gap-5">
            <legend className="sr-only">Request a password reset link</legend>
            <FormField
              // A fresh, empty field after a link was sent.
              key={actionData?.sent ? "sent" : "typing"}
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={LOGIN_LIMITS.email}
              defaultValue={actionData && !actionData.sent ? actionData.email : undefined}
            />
          </fieldset>
          <Button type="submit" size="lg" className="w-full" disabled={processing}>
            {processing ? "Processing..." : "Send Reset Link"}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm text-muted">
          Remembered it?{" "}
          <Link to="/login" className="font-medium text-accent-text underline-offset-4 hover:underline">
            Back to Sign In
          </Link>
        </p>
      </div>
    </section>
  );
}
