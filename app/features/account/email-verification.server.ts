import { isAPIError } from "better-auth/api";
import type { RequestContext } from "~/context";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { tooManyAttemptsMessage } from "./login-form";
import { authHeaders, type SessionUser } from "./session.server";

/** Verification e-mails one person can ask for again, per hour (the sign-up e-mail does not count). */
export const VERIFICATION_RESEND_LIMIT = { limit: 3, windowMs: 60 * 60_000 } as const;

export type VerifyOutcome = "verified" | "expired" | "invalid";

/**
 * Confirms the address a verification link was sent to. Opening the link again
 * later says "verified" again: the address stays confirmed.
 */
export async function verifyEmailToken(context: RequestContext, token: string): Promise<VerifyOutcome> {
  if (token === "" || token.length > 2048) return "invalid";
  try {
    await context.auth.api.verifyEmail({ query: { token } });
    return "verified";
  } catch (error) {
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    return error.body?.code === "TOKEN_EXPIRED" ? "expired" : "invalid";
  }
}

export type ResendOutcome =
  { kind: "sent" } | { kind: "already-verified" } | { kind: "limited"; message: string; retryAfterSeconds: number };

/** Sends the signed-in person a fresh verification link, a few times an hour at most. */
export async function resendVerificationEmail(request: Request, context: RequestContext, user: SessionUser): Promise<ResendOutcome> {
  const limit = await consumeRateLimit(context.db, { key: `verify-resend:${user.id}`, ...VERIFICATION_RESEND_LIMIT });
  if (!limit.allowed) {
    return { kind: "limited", message: tooManyAttemptsMessage(limit.retryAfterSeconds), retryAfterSeconds: limit.retryAfterSeconds };
  }
  try {
    await context.auth.api.sendVerificationEmail({ body: { email: user.email }, headers: authHeaders(request, context) });
    return { kind: "sent" };
  } catch (error) {
    if (isAPIError(error) && error.body?.code === "EMAIL_ALREADY_VERIFIED") return { kind: "already-verified" };
    throw error;
  }
}
