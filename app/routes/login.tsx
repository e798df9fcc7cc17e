import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { FormField } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import {
  LOGIN_LIMITS,
  LOGIN_MESSAGES,
  type LoginActionData,
  type LoginField,
  type LoginMode,
  type LoginValues,
} from "~/features/account/login-form";
import { loginMode, loginValues, parseSignIn, parseSignUp } from "~/features/account/login-form.server";
import { signIn, signUp } from "~/features/account/login.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/features/account/password-policy";
import { pathOnThisSite } from "~/lib/site-path";
import { ROLE_LABELS, SELF_SERVICE_ROLES } from "~/features/account/roles";
import { getOptionalUser } from "~/features/account/session.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  if (await getOptionalUser(request, context)) throw redirect("/", { headers: NO_STORE });
  return data(null, { headers: NO_STORE });
}

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const form = await readForm(request);
  const mode = loginMode(form);
  if (!mode) throw data({ message: "Unknown form intent." }, { status: 400 });
  const values = loginValues(form);
  const refuse = (status: number, message: string, field?: LoginField, headers: Record<string, string> = {}) =>
    data({ mode, message, field, values } satisfies LoginActionData, { status, headers: { ...NO_STORE, ...headers } });

  let outcome;
  if (mode === "sign-in") {
    const parsed = parseSignIn(form);
    if (!parsed.ok) return refuse(400, parsed.message, parsed.field);
    outcome = await signIn(request, context, parsed.value);
  } else {
    const parsed = parseSignUp(form);
    if (!parsed.ok) return refuse(400, parsed.message, parsed.field);
    outcome = await signUp(request, context, parsed.value);
    // The same page for a new account and for an address that has one (ADR 0099): the sign-in form, and where to look.
    if (outcome.kind === "check-email") {
      return data({ mode: "sign-in", message: LOGIN_MESSAGES.checkEmail, tone: "success", values } satisfies LoginActionData, {
        headers: NO_STORE,
      });
    }
  }
  if (outcome.kind === "refused") {
    return refuse(
      outcome.status,
      outcome.message,
      outcome.field,
      outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {},
    );
  }
  const headers = new Headers(NO_STORE);
  for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
  return redirect(outcome.location, { headers });
}

// A document response only carries the headers this returns: pass on Retry-After.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

/** The mode the address asks for; a form posts to its own mode's address (modeHref). */
function modeOf(search: string): LoginMode {
  return new URLSearchParams(search).get("mode") === "create" ? "sign-up" : "sign-in";
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: modeOf(args.location.search) === "sign-up" ? "Create Account" : "Sign In",
    description: "Sign in to your Ridgeway Racing account, or create one as a team member or driver.",
    path: null,
  });

export default function LoginPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const mode: LoginMode = actionData?.mode ?? modeOf(searchParams.toString());
  const redirectTo = pathOnThisSite(searchParams.get("redirectTo"));
  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:px-6">
      <SectionHeading
        level={1}
        align="center"
        eyebrow="Ridgeway Racing"
        title={mode === "sign-in" ? "Sign In" : "Create Account"}
        description={mode === "sign-in" ? "Welcome back. Sign in to your dashboard." : "Join as a team member or a driver."}
      />
      <ModeSwitch mode={mode} redirectTo={redirectTo} />
      {/* Keyed by mode so switching starts a fresh form. */}
      <LoginForm key={mode} mode={mode} redirectTo={redirectTo} result={actionData?.mode === mode ? actionData : undefined} />
    </section>
  );
}

function modeHref(mode: LoginMode, redirectTo: string | null): string {
  const params = new URLSearchParams();
  if (mode === "sign-up") params.set("mode", "create");
  if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}

function ModeSwitch({ mode, redirectTo }: { mode: LoginMode; redirectTo: string | null }) {
  const tab = (target: LoginMode, label: string) => (
    <Link
      to={modeHref(target, redirectTo)}
      replace
      preventScrollReset
      aria-current={mode === target ? "page" : undefined}
      className={cx(
        "flex flex-1 items-center justify-center rounded-full px-4 py-2 text-center text-sm font-semibold uppercase tracking-wide transition-colors",
        mode === target ? "bg-accent text-white" : "text-muted hover:text-text",
      )}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Sign in or create account" className="mb-6 flex gap-1 rounded-full border border-line bg-surface p-1">
      {tab("sign-in", "Sign In")}
      {tab("sign-up", "Create Account")}
    </nav>
  );
}

function LoginForm({ mode, redirectTo, result }: { mode: LoginMode; redirectTo: string | null; result: LoginActionData | undefined }) {
  const navigation = useNavigation();
  const processing = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const noticeRef = useRef<HTMLDivElement>(null);
  const values: Partial<LoginValues> = result?.values ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  // A refusal about one field is shown under it and takes the visitor there; any other above the form.
  const fieldError = (field: LoginField) => (result?.field === field ? result.message : undefined);

  useEffect(() => {
    if (!result) return;
    const field = result.field && formRef.current?.elements.namedItem(result.field);
    if (field instanceof HTMLInputElement) field.focus();
    else noticeRef.current?.focus();
  }, [result]);

  return (
    <div className="rounded-card border border-line bg-surface p-5 sm:p-8">
      <div ref={noticeRef} tabIndex={-1} aria-live="polite" className="outline-none">
        {result && !result.field && (
          <p
            role={result.tone === "success" ? "status" : "alert"}
            className={cx(
              "mb-5 rounded-lg border px-4 py-3 text-sm font-medium",
              result.tone === "success" ? "border-success/50 bg-success/10 text-success" : "border-danger/50 bg-danger/10 text-danger",
            )}
          >
            {result.message}
          </p>
        )}
      </div>
      <Form ref={formRef} method="post" action={modeHref(mode, redirectTo)} className="grid gap-5">
        <input type="hidden" name="intent" value={mode} />
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <fieldset disabled={processing} className="grid gap-5">
          <legend className="sr-only">{mode === "sign-in" ? "Sign in" : "Create account"}</legend>
          {mode === "sign-up" && (
            <FormField
              label="Full Name"
              name="name"
              autoComplete="name"
              required
              maxLength={LOGIN_LIMITS.name}
              defaultValue={values.name}
              error={fieldError("name")}
            />
          )}
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete={mode === "sign-in" ? "username" : "email"}
            required
            maxLength={LOGIN_LIMITS.email}
            defaultValue={values.email}
            error={fieldError("email")}
          />
          <FormField
            label="Password"
            name="password"
            type="password"
            autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
            required
            minLength={mode === "sign-up" ? PASSWORD_MIN_LENGTH : undefined}
            maxLength={PASSWORD_MAX_LENGTH * 2}
            error={fieldError("password")}
            hint={mode === "sign-up" ? `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.` : undefined}
          />
          {mode === "sign-up" && <RoleChoice defaultRole={values.role ?? "team_member"} />}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="rememberMe"
                defaultChecked={values.rememberMe ?? false}
                className="size-5 accent-(--color-accent)"
              />
              Remember me
            </label>
            {mode === "sign-in" && (
              <Link to="/forgot-password" className="text-sm font-medium text-accent-text underline-offset-4 hover:underline">
                Forgot password?
              </Link>
            )}
          </div>
        </fieldset>
        <Button type="submit" size="lg" className="w-full" disabled={processing}>
          {processing ? "Processing..." : mode === "sign-in" ? "Sign In" : "Create Account"}
        </Button>
      </Form>
    </div>
  );
}

function RoleChoice({ defaultRole }: { defaultRole: string }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium text-text">I am a</legend>
      <div className="grid grid-cols-2 gap-2">
        {SELF_SERVICE_ROLES.map((role) => (
          <label
            key={role}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line bg-ink px-3 py-2 text-sm has-checked:border-accent-text"
          >
            <input
              type="radio"
              name="role"
              value={role}
              defaultChecked={role === defaultRole}
              required
              className="size-4 accent-(--color-accent)"
            />
            {ROLE_LABELS[role]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
