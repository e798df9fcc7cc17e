import { data, redirect } from "react-router";
import type { Route } from "./+types/dashboard-security";
import { SectionHeading } from "~/components/ui/section-heading";
import { AccountDataSection } from "~/features/account/account-data-section";
import { EmailVerificationSection } from "~/features/account/email-section";
import { resendVerificationEmail } from "~/features/account/email-verification.server";
import { isSecurityIntent, type SecurityActionData, type SecurityIntent } from "~/features/account/security-intents";
import { deleteOwnAccount, listActiveSessions, loadSecurityOverview, signOutOtherSessions } from "~/features/account/security.server";
import { SessionsSection } from "~/features/account/sessions-section";
import { requireUser, type SessionUser } from "~/features/account/session.server";
import { normaliseTotpCode, TWO_FACTOR_MESSAGES } from "~/features/account/two-factor-form";
import { TwoFactorSection } from "~/features/account/two-factor-section";
import {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  startTwoFactorSetup,
  twoFactorState,
} from "~/features/account/two-factor.server";
import { STAFF_TWO_FACTOR_MESSAGE } from "~/features/admin/staff.server";
import { FormNotice } from "~/components/ui/form-notice";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext, type RequestContext } from "~/context";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const user = await requireUser(request, context);
  const [overview, twoFactor, sessions] = await Promise.all([
    loadSecurityOverview(context.db, user.id),
    twoFactorState(context, user),
    listActiveSessions(context.db, user.id, user.sessionId),
  ]);
  // The back office sends staff here until two-factor is on (app/features/admin/staff.server.ts).
  const staffNotice =
    url.searchParams.get("required") === "staff-two-factor" && twoFactor.status !== "on" ? STAFF_TWO_FACTOR_MESSAGE : null;
  return data({ email: user.email, ...overview, twoFactor, sessions, staffNotice }, { headers: NO_STORE });
}

type Answer = { data: SecurityActionData; status?: number; retryAfterSeconds?: number; cookies?: string[] };

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const user = await requireUser(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isSecurityIntent(intent)) throw data({ message: "Unknown form intent." }, { status: 400, headers: NO_STORE });
  if (intent === "delete-account") {
    const password = passwordOf(form);
    const refuse = (status: number, message: string, retryAfter?: number) =>
      data({ intent, tone: "error", message } satisfies SecurityActionData, {
        status,
        headers: { ...NO_STORE, ...(retryAfter ? { "Retry-After": String(retryAfter) } : {}) },
      });
    if (!password) return refuse(400, TWO_FACTOR_MESSAGES.passwordRequired);
    if (form.get("confirm") !== "yes") return refuse(400, "Tick the box to confirm that you want your account deleted.");
    const outcome = await deleteOwnAccount(request, context, user, password);
    if (outcome.kind === "refused") return refuse(outcome.status, outcome.message, outcome.retryAfterSeconds);
    const headers = new Headers(NO_STORE);
    for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
    return redirect("/", { headers });
  }
  const answer = await handle(intent, form, request, context, user);
  const headers = new Headers(NO_STORE);
  if (answer.retryAfterSeconds) headers.set("Retry-After", String(answer.retryAfterSeconds));
  for (const cookie of answer.cookies ?? []) headers.append("Set-Cookie", cookie);
  return data(answer.data, { status: answer.status ?? 200, headers });
}

async function handle(
  intent: SecurityIntent,
  form: FormData,
  request: Request,
  context: RequestContext,
  user: SessionUser,
): Promise<Answer> {
  const ok = (message: string): Answer => ({ data: { intent, tone: "success", message } });
  const fail = (status: number, message: string, retryAfterSeconds?: number): Answer => ({
    data: { intent, tone: "error", message },
    status,
    retryAfterSeconds,
  });
  switch (intent) {
    case "resend-verification": {
      const outcome = await resendVerificationEmail(request, context, user);
      if (outcome.kind === "limited") return fail(429, outcome.message, outcome.retryAfterSeconds);
      if (outcome.kind === "already-verified") return ok("Your e-mail address is already confirmed.");
      return ok(`We've sent a new confirmation link to ${user.email}. It works for 24 hours.`);
    }
    case "two-factor-start": {
      const password = passwordOf(form);
      if (!password) return fail(400, TWO_FACTOR_MESSAGES.passwordRequired);
      const outcome = await startTwoFactorSetup(request, context, password);
      if (outcome.kind === "refused") return fail(outcome.status, outcome.message, outcome.retryAfterSeconds);
      return ok("");
    }
    case "two-factor-confirm": {
      const code = normaliseTotpCode(form.get("code"));
      if (!code) return fail(400, TWO_FACTOR_MESSAGES.codeFormat);
      const outcome = await confirmTwoFactorSetup(request, context, user, code);
      if (outcome.kind === "refused") return fail(outcome.status, outcome.message, outcome.retryAfterSeconds);
      return {
        data: {
          intent,
          tone: "success",
          message: "Two-factor authentication is on. You'll be asked for a code each time you sign in.",
          backupCodes: outcome.backupCodes,
        },
        cookies: outcome.cookies,
      };
    }
    case "two-factor-cancel":
      await cancelTwoFactorSetup(context, user);
      return ok("");
    case "two-factor-disable": {
      const password = passwordOf(form);
      if (!password) return fail(400, TWO_FACTOR_MESSAGES.passwordRequired);
      const outcome = await disableTwoFactor(request, context, user, password);
      if (outcome.kind === "refused") return fail(outcome.status, outcome.message, outcome.retryAfterSeconds);
      return { ...ok("Two-factor authentication is off. Your backup codes no longer work."), cookies: outcome.cookies };
    }
    case "sign-out-others":
      await signOutOtherSessions(request, context);
      return ok("You've been signed out everywhere else.");
    default:
      return fail(400, "This form isn't available yet.");
  }
}

/** A password field, bounded before it reaches the hashing. */
function passwordOf(form: FormData): string | null {
  const password = form.get("password");
  return typeof password === "string" && password !== "" && password.length <= 256 ? password : null;
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) =>
  actionHeaders.has("Retry-After") ? { ...NO_STORE, "Retry-After": actionHeaders.get("Retry-After")! } : NO_STORE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Security Settings", description: "Your Ridgeway Racing account's security settings.", path: null });

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading level={1} eyebrow="Account" title="Security Settings" />
      {loaderData.staffNotice && <FormNotice tone="error">{loaderData.staffNotice}</FormNotice>}
      <div className="grid gap-6">
        <EmailVerificationSection email={loaderData.email} verified={loaderData.emailVerified} result={actionData} />
        <TwoFactorSection view={loaderData.twoFactor} result={actionData} />
        <SessionsSection sessions={loaderData.sessions} result={actionData} />
        <AccountDataSection result={actionData} />
      </div>
    </>
  );
}
