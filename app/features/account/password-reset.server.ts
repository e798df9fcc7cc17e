import { isAPIError } from "better-auth/api";
import type { RequestContext } from "~/context";
import { consumeRateLimit, type RateLimit } from "~/lib/rate-limit.server";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { tooManyAttemptsMessage } from "./login-form";
import { clearSignInLimits } from "./login.server";
import { PASSWORD_RESET_MESSAGES } from "./password-reset-form";
import { RESET_LINK_IDENTIFIER_PREFIX } from "./reset-links.server";
import { passwordPolicyError } from "./password-policy.server";
import { authHeaders } from "./session.server";

/** Reset e-mails asked for from one client address. */
export const RESET_REQUEST_CLIENT_LIMIT = { limit: 5, windowMs: 15 * 60_000 } as const;
/** Reset e-mails sent to one address, whoever asks; over it, the form answers the same and sends nothing. */
export const RESET_REQUEST_EMAIL_LIMIT = { limit: 3, windowMs: 60 * 60_000 } as const;
/** New passwords submitted from one client address (each needs a valid link). */
export const RESET_SUBMIT_CLIENT_LIMIT = { limit: 10, windowMs: 15 * 60_000 } as const;

export type ResetRequestOutcome = { kind: "sent" } | { kind: "limited"; message: string; retryAfterSeconds: number };

/**
 * Sends a reset link when the address has an account. The answer is the same
 * whether or not it has one (and whether or not the per-address cap held it
 * back), so the form cannot be used to find out who is registered.
 */
export async function requestPasswordReset(request: Request, context: RequestContext, email: string): Promise<ResetRequestOutcome> {
  const perClient = await consumeRateLimit(context.db, {
    key: `reset-request:${context.clientIp}`,
    ...RESET_REQUEST_CLIENT_LIMIT,
  });
  if (!perClient.allowed) {
    context.log.warn({ clientIp: context.clientIp }, "password reset request: rate limited");
    return {
      kind: "limited",
      message: tooManyAttemptsMessage(perClient.retryAfterSeconds),
      retryAfterSeconds: perClient.retryAfterSeconds,
    };
  }
  const perEmail: RateLimit = { key: `reset-request-email:${email}`, ...RESET_REQUEST_EMAIL_LIMIT };
  if (!(await consumeRateLimit(context.db, perEmail)).allowed) {
    context.log.warn("password reset request: per-address cap reached, nothing sent");
    return { kind: "sent" };
  }
  await context.auth.api.requestPasswordReset({ body: { email }, headers: authHeaders(request, context) });
  return { kind: "sent" };
}

/** Whether a reset link still works (exists, unused, not expired), to say so before a password is typed. */
export async function isResetTokenUsable(context: RequestContext, token: string): Promise<boolean> {
  if (!isPlausibleToken(token)) return false;
  const { internalAdapter } = await context.auth.$context;
  const verification = await internalAdapter.findVerificationValue(`${RESET_LINK_IDENTIFIER_PREFIX}${token}`);
  return verification !== null && verification !== undefined && verification.expiresAt > new Date();
}

export type ResetOutcome =
  { kind: "done" } | { kind: "refused"; status: 400 | 429; message: string; field?: "password"; retryAfterSeconds?: number };

/**
 * Sets a new password with a reset link's token. The token is spent in the same
 * transaction, and every session of the account is ended (better-auth's
 * revokeSessionsOnPasswordReset), so whoever had the old password is signed out.
 */
export async function resetPassword(
  request: Request,
  context: RequestContext,
  input: { token: string; password: string },
): Promise<ResetOutcome> {
  const limit = await consumeRateLimit(context.db, { key: `reset-submit:${context.clientIp}`, ...RESET_SUBMIT_CLIENT_LIMIT });
  if (!limit.allowed) {
    return {
      kind: "refused",
      status: 429,
      message: tooManyAttemptsMessage(limit.retryAfterSeconds),
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  if (!isPlausibleToken(input.token)) return { kind: "refused", status: 400, message: PASSWORD_RESET_MESSAGES.linkInvalid };
  const policy = passwordPolicyError(input.password);
  if (policy) return { kind: "refused", status: 400, message: policy, field: "password" };
  // Whose password this link resets, read before better-auth spends the token.
  const owner = await resetLinkOwnerEmail(context, input.token);
  try {
    await context.auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: authHeaders(request, context),
    });
  } catch (error) {
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    context.log.info({ code: error.body?.code }, "password reset: refused");
    return { kind: "refused", status: 400, message: PASSWORD_RESET_MESSAGES.linkInvalid };
  }
  // The guesses at the old password no longer matter: the account's sign-in limits start afresh.
  if (owner) await clearSignInLimits(context.db, owner);
  context.log.info("password reset: new password set, sessions ended, sign-in limits cleared");
  return { kind: "done" };
}

async function resetLinkOwnerEmail(context: RequestContext, token: string): Promise<string | null> {
  const { internalAdapter } = await context.auth.$context;
  const verification = await internalAdapter.findVerificationValue(`${RESET_LINK_IDENTIFIER_PREFIX}${token}`);
  if (!verification) return null;
  const [user] = await context.db.select({ email: users.email }).from(users).where(eq(users.id, verification.value));
  return user?.email ?? null;
}

/** better-auth's reset tokens are 24 letters and digits; anything else is not worth a query. */
function isPlausibleToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(token);
}
