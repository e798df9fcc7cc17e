import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login-two-factor";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { pathOnThisSite } from "~/lib/site-path";
import { dashboardFor } from "~/features/account/roles";
import { getOptionalUser } from "~/features/account/session.server";
import {
  normaliseBackupCode,
  normaliseTotpCode,
  twoFactorStepPath,
  TWO_FACTOR_MESSAGES,
  type SecondFactorMethod,
} from "~/features/account/two-factor-form";
import { verifySecondFactor } from "~/features/account/two-factor.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

const NO_STORE = { "Cache-Control": "no-store" };
/** The challenge cookie better-auth sets after a right password (prefixed __Secure- over HTTPS). */
const CHALLENGE_COOKIE_SUFFIX = "ridgeway.two_factor=";

const methodOf = (value: unknown): SecondFactorMethod => (value === "backup" ? "backup" : "totp");

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  if (await getOptionalUser(request, context)) throw redirect("/", { headers: NO_STORE });
  // Without a challenge there is nothing to answer: the password comes first.
  if (!request.headers.get("cookie")?.includes(CHALLENGE_COOKIE_SUFFIX)) throw redirect("/login", { headers: NO_STORE });
  return data(null, { headers: NO_STORE });
}

type ActionData = { message: string; restart: boolean };

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const form = await readForm(request);
  const method = methodOf(form.get("method"));
  const redirectTo = pathOnThisSite(form.get("redirectTo"));
  const refuse = (status: number, message: string, extra: Record<string, string> = {}) =>
    data({ message, restart: false } satisfies ActionData, { status, headers: { ...NO_STORE, ...extra } });

  const code = method === "totp" ? normaliseTotpCode(form.get("code")) : normaliseBackupCode(form.get("code"));
  if (!code) return refuse(400, method === "totp" ? TWO_FACTOR_MESSAGES.codeFormat : TWO_FACTOR_MESSAGES.backupCodeFormat);

  const outcome = await verifySecondFactor(request, context, { method, code });
  if (outcome.kind === "refused") {
    return refuse(outcome.status, outcome.message, outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {});
  }
  if (outcome.kind === "restart") {
    return data({ message: outcome.message, restart: true } satisfies ActionData, { status: 401, headers: NO_STORE });
  }
  const headers = new Headers(NO_STORE);
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  return redirect(redirectTo ?? dashboardFor(outcome.role), { headers });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Two-Factor Sign In", description: "Enter your two-factor code to finish signing in.", path: null });

export default function TwoFactorSignInPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const method = methodOf(searchParams.get("method"));
  const redirectTo = pathOnThisSite(searchParams.get("redirectTo"));
  const navigation = useNavigation();
  const processing = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:px-6">
      <SectionHeading
        level={1}
        align="center"
        eyebrow="Sign In"
        title="Two-Factor Check"
        description={
          method === "totp"
            ? "Open your authenticator app and enter the 6-digit code for Ridgeway Racing."
            : "Enter one of the backup codes you saved when you turned on two-factor. Each works once."
        }
      />
      <div className="rounded-card border border-line bg-surface p-5 sm:p-8">
        {actionData && <FormNotice tone="error">{actionData.message}</FormNotice>}
        {actionData?.restart ? (
          <LinkButton to="/login" size="lg" className="w-full">
            Sign In Again
          </LinkButton>
        ) : (
          <>
            {/* Keyed by method so switching starts with an empty field. */}
            <Form key={method} method="post" className="grid gap-5">
              <input type="hidden" name="method" value={method} />
              {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
              <fieldset disabled={processing} className="grid gap-5">
                <legend className="sr-only">{method === "totp" ? "Authentication code" : "Backup code"}</legend>
                {method === "totp" ? (
                  <FormField
                    label="Authentication Code"
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9 \-]*"
                    maxLength={9}
                    required
                    autoFocus
                  />
                ) : (
                  <FormField label="Backup Code" name="code" autoComplete="off" spellCheck={false} maxLength={20} required autoFocus />
                )}
              </fieldset>
              <Button type="submit" size="lg" className="w-full" disabled={processing}>
                {processing ? "Processing..." : "Verify"}
              </Button>
            </Form>
            <p className="mt-6 text-center text-sm">
              <Link
                to={twoFactorStepPath(redirectTo, method === "totp" ? "backup" : "totp")}
                replace
                className="font-medium text-accent-text underline-offset-4 hover:underline"
              >
                {method === "totp" ? "Use a backup code" : "Use your authenticator app"}
              </Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
