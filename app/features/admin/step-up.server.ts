import { eq } from "drizzle-orm";
import { data } from "react-router";
import { sessions } from "../../../db/schema";
import type { RequestContext } from "~/context";
import { getOptionalUser } from "~/features/account/session.server";
import { normaliseTotpCode, TWO_FACTOR_MESSAGES } from "~/features/account/two-factor-form";
import { confirmIdentity, type IdentityProof } from "~/features/account/two-factor.server";
import { insertAuditEvent } from "./audit.server";
import { BACK_OFFICE_HEADERS, type StaffUser } from "./staff.server";
import { isStepUpFresh, STEP_UP_FIELDS, STEP_UP_MESSAGES, type StepUpPrompt } from "./step-up";

/**
 * Lets a sensitive change go ahead only if this session's staff member proved it was them in
 * the last STEP_UP_MINUTES (docs/decisions/0100); call it after requireStaff, before the change.
 * The time is read from the session's row, never from anything the browser sends. Without a
 * fresh confirmation it throws a 403 whose data the back office's error boundary shows as the
 * "Confirm it's you" screen, with the form's fields to send again; when that screen's code (or
 * password) comes with the form, it is checked, the confirmation recorded and audited, and the
 * action goes on with the same form. The screen's own fields are removed from `form` either way,
 * so a password never reaches the action (nor an answer that echoes the form).
 */
export async function requireStepUp(
  request: Request,
  context: RequestContext,
  staff: StaffUser,
  form: FormData,
  summary: string,
): Promise<void> {
  const code = form.get(STEP_UP_FIELDS.code);
  const password = form.get(STEP_UP_FIELDS.password);
  form.delete(STEP_UP_FIELDS.code);
  form.delete(STEP_UP_FIELDS.password);

  const user = await getOptionalUser(request, context);
  if (!user) throw data({ message: STEP_UP_MESSAGES.required }, { status: 403, headers: BACK_OFFICE_HEADERS });
  const [session] = await context.db.select({ stepUpAt: sessions.stepUpAt }).from(sessions).where(eq(sessions.id, user.sessionId));
  const now = new Date();
  if (isStepUpFresh(session?.stepUpAt ?? null, now)) return;

  const fields = [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string");
  const ask = (error: string | null, status = 403, retryAfterSeconds?: number): never => {
    const prompt: StepUpPrompt = { summary, fields, error };
    const headers = retryAfterSeconds ? { ...BACK_OFFICE_HEADERS, "Retry-After": String(retryAfterSeconds) } : BACK_OFFICE_HEADERS;
    throw data({ message: STEP_UP_MESSAGES.required, stepUp: prompt }, { status, headers });
  };

  const typedCode = typeof code === "string" ? code.trim() : "";
  const typedPassword = typeof password === "string" && password.length <= 256 ? password : "";
  let proof: IdentityProof;
  if (typedCode) {
    const digits = normaliseTotpCode(typedCode);
    if (!digits) return ask(TWO_FACTOR_MESSAGES.codeFormat);
    proof = { method: "totp", code: digits };
  } else if (typedPassword) {
    proof = { method: "password", password: typedPassword };
  } else {
    return ask(code === null && password === null ? null : STEP_UP_MESSAGES.missing);
  }

  const outcome = await confirmIdentity(request, context, staff.id, proof);
  if (outcome.kind === "refused") return ask(outcome.message, outcome.status === 429 ? 429 : 403, outcome.retryAfterSeconds);

  // Written with its audit row in one transaction, as every back-office change is; not through
  // auditedWrite, whose listeners clear page caches that a confirmation leaves as they are.
  await context.db.transaction(async (tx) => {
    await tx.update(sessions).set({ stepUpAt: now }).where(eq(sessions.id, user.sessionId));
    await insertAuditEvent(
      tx,
      staff,
      {
        action: "step_up.confirm",
        entityType: "user",
        entityId: staff.id,
        entityLabel: staff.name,
        before: null,
        after: { method: proof.method },
        reason: summary,
      },
      context.requestId ?? null,
    );
  });
  context.log.info({ method: proof.method }, "step-up: confirmed");
}
