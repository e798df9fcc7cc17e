import { data } from "react-router";
import type { Route } from "./+types/dashboard-security";
import { SectionHeading } from "~/components/ui/section-heading";
import { EmailVerificationSection } from "~/features/account/email-section";
import { resendVerificationEmail } from "~/features/account/email-verification.server";
import { isSecurityIntent, type SecurityActionData, type SecurityIntent } from "~/features/account/security-intents";
import { loadSecurityOverview } from "~/features/account/security.server";
import { requireUser, type SessionUser } from "~/features/account/session.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const overview = await loadSecurityOverview(context.db, user.id);
  return data({ email: user.email, ...overview }, { headers: NO_STORE });
}

type Answer = { data: SecurityActionData; status?: number; headers?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isSecurityIntent(intent)) throw data({ message: "Unknown form intent." }, { status: 400, headers: NO_STORE });
  const answer = await handle(intent, form, request, context, user);
  return data(answer.data, { status: answer.status ?? 200, headers: { ...NO_STORE, ...answer.headers } });
}

async function handle(
  intent: SecurityIntent,
  _form: FormData,
  request: Request,
  context: Route.ActionArgs["context"],
  user: SessionUser,
): Promise<Answer> {
  const ok = (message: string): Answer => ({ data: { intent, tone: "success", message } });
  const fail = (status: number, message: string, retryAfterSeconds?: number): Answer => ({
    data: { intent, tone: "error", message },
    status,
    headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined,
  });
  switch (intent) {
    case "resend-verification": {
      const outcome = await resendVerificationEmail(request, context, user);
      if (outcome.kind === "limited") return fail(429, outcome.message, outcome.retryAfterSeconds);
      if (outcome.kind === "already-verified") return ok("Your e-mail address is already confirmed.");
      return ok(`We've sent a new confirmation link to ${user.email}. It works for 24 hours.`);
    }
    default:
      return fail(400, "This form isn't available yet.");
  }
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) =>
  actionHeaders.has("Retry-After") ? { ...NO_STORE, "Retry-After": actionHeaders.get("Retry-After")! } : NO_STORE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Security Settings", description: "Your Ridgeway Racing account's security settings.", path: null });

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading level={1} eyebrow="Account" title="Security Settings" />
      <div className="grid gap-6">
        <EmailVerificationSection email={loaderData.email} verified={loaderData.emailVerified} result={actionData} />
      </div>
    </>
  );
}
