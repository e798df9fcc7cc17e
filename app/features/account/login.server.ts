import { isAPIError } from "better-auth/api";
import type { RequestContext } from "~/context";
import type { Database } from "../../../db/client.server";
import { clearRateLimits, consumeRateLimit, isRateLimited, type RateLimit } from "~/lib/rate-limit.server";
import {
  accountLockedMessage,
  accountSlowedMessage,
  LOGIN_MESSAGES,
  tooManyAttemptsMessage,
  type LoginField,
  type SignInInput,
  type SignUpInput,
} from "./login-form";
import { passwordPolicyError } from "./password-policy.server";
import { dashboardFor, type AccountRole } from "./roles";
import { twoFactorStepPath } from "./two-factor-form";
import { authHeaders } from "./session.server";

/** Attempts from one client address (docs/decisions/0015). */
export const SIGN_IN_RATE_LIMIT = { limit: 3, windowMs: 10_000 } as const;
/**
 * Failed sign-ins for one e-mail address from one client address, per hour; over it, that
 * client address cannot try this account until the hour is out (docs/decisions/0041).
 */
export const SIGN_IN_FAILURE_LIMIT = { limit: 10, windowMs: 60 * 60_000 } as const;
/** Failed sign-ins for one e-mail address from all addresses together, per hour, before the back-off starts. */
export const SIGN_IN_ACCOUNT_FAILURE_LIMIT = { limit: 10, windowMs: 60 * 60_000 } as const;
/** Once the account-wide count is reached: one attempt at this account per 30 s, from anywhere. */
export const SIGN_IN_BACKOFF = { limit: 1, windowMs: 30_000 } as const;

const accountFailuresKey = (email: string) => `sign-in-failures:${email}`;
// E-mail addresses never hold a space (the form's validation), so " from " cannot be part of one.
const clientFailuresPrefix = (email: string) => `sign-in-failures:${email} from `;
const backoffKey = (email: string) => `sign-in-backoff:${email}`;

/**
 * Forgets the failed sign-ins counted against an e-mail address, from every client address, and
 * its back-off: called when the account's password is reset, as the old password's guesses are moot.
 */
export async function clearSignInLimits(db: Database, email: string): Promise<void> {
  const normalised = email.toLowerCase();
  await clearRateLimits(db, [accountFailuresKey(normalised), backoffKey(normalised)], [clientFailuresPrefix(normalised)]);
}
/** New accounts from one client address per hour. */
export const SIGN_UP_RATE_LIMIT = { limit: 10, windowMs: 60 * 60_000 } as const;

export type LoginOutcome =
  | { kind: "signed-in"; location: string; cookies: string[] }
  | { kind: "refused"; status: 400 | 401 | 429; message: string; field?: LoginField; retryAfterSeconds?: number };

function landingPage(role: AccountRole, redirectTo: string | null): string {
  return redirectTo ?? dashboardFor(role);
}

async function limited(context: RequestContext, limit: RateLimit, what: string): Promise<LoginOutcome | null> {
  const { allowed, retryAfterSeconds } = await consumeRateLimit(context.db, limit);
  if (allowed) return null;
  context.log.warn({ clientIp: context.clientIp }, `${what}: rate limited`);
  return { kind: "refused", status: 429, message: tooManyAttemptsMessage(retryAfterSeconds), retryAfterSeconds };
}

export async function signIn(request: Request, context: RequestContext, input: SignInInput): Promise<LoginOutcome> {
  const perClient = await limited(context, { key: `sign-in:${context.clientIp}`, ...SIGN_IN_RATE_LIMIT }, "sign-in");
  if (perClient) return perClient;
  // Counted per address typed, whether or not it has an account, so the caps say nothing about that.
  // The owner's own client address has its own count: an attacker's wrong guesses lock out the
  // attacker's address, not the owner (docs/decisions/0041).
  const clientFailures: RateLimit = { key: `${clientFailuresPrefix(input.email)}${context.clientIp}`, ...SIGN_IN_FAILURE_LIMIT };
  const accountFailures: RateLimit = { key: accountFailuresKey(input.email), ...SIGN_IN_ACCOUNT_FAILURE_LIMIT };
  const locked = await isRateLimited(context.db, clientFailures);
  if (locked.limited) {
    context.log.warn({ clientIp: context.clientIp }, "sign-in: failure cap for this account from this client reached");
    return {
      kind: "refused",
      status: 429,
      message: accountLockedMessage(locked.retryAfterSeconds),
      retryAfterSeconds: locked.retryAfterSeconds,
    };
  }
  // Many failures from many addresses (a botnet, say): every address, the owner's too, is slowed
  // to one attempt per back-off window for this account, but never locked out.
  if ((await isRateLimited(context.db, accountFailures)).limited) {
    const slot = await consumeRateLimit(context.db, { key: backoffKey(input.email), ...SIGN_IN_BACKOFF });
    if (!slot.allowed) {
      context.log.warn({ clientIp: context.clientIp }, "sign-in: account back-off");
      return {
        kind: "refused",
        status: 429,
        message: accountSlowedMessage(slot.retryAfterSeconds),
        retryAfterSeconds: slot.retryAfterSeconds,
      };
    }
  }
  try {
    const { headers, response } = await context.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: input.rememberMe },
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
    // Password right, two-factor on: no session yet, a challenge cookie and the code page instead.
    if ("twoFactorRedirect" in response) {
      return { kind: "signed-in", location: twoFactorStepPath(input.redirectTo), cookies: headers.getSetCookie() };
    }
    return {
      kind: "signed-in",
      location: landingPage(response.user.role as AccountRole, input.redirectTo),
      cookies: headers.getSetCookie(),
    };
  } catch (error) {
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    await consumeRateLimit(context.db, clientFailures);
    await consumeRateLimit(context.db, accountFailures);
    context.log.info({ clientIp: context.clientIp }, "sign-in: refused");
    return { kind: "refused", status: 401, message: LOGIN_MESSAGES.invalidCredentials };
  }
}

export type SignUpOutcome = { kind: "check-email" } | Extract<LoginOutcome, { kind: "refused" }>;

/**
 * Creates an account and e-mails a link to confirm its address; nobody is signed in. An address
 * that has an account already gets the same answer, and its owner an e-mail saying someone tried
 * (better-auth's generic answer for a duplicate: the password is hashed on both paths, so the
 * time taken says nothing either). The new account signs in as any other, with its password.
 */
export async function signUp(request: Request, context: RequestContext, input: SignUpInput): Promise<SignUpOutcome> {
  const policy = passwordPolicyError(input.password);
  if (policy) return { kind: "refused", status: 400, message: policy, field: "password" };
  const perClient = await limited(context, { key: `sign-up:${context.clientIp}`, ...SIGN_UP_RATE_LIMIT }, "sign-up");
  if (perClient?.kind === "refused") return perClient;
  try {
    await context.auth.api.signUpEmail({
      body: {
        name: input.name,
        email: input.email,
        password: input.password,
        role: input.role,
        rememberMe: input.rememberMe,
      },
      headers: authHeaders(request, context),
    });
    context.log.info({ role: input.role }, "sign-up: answered (a new account, or a notice to an existing one)");
    return { kind: "check-email" };
  } catch (error) {
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    context.log.warn({ code: error.body?.code }, "sign-up: refused by better-auth");
    return { kind: "refused", status: 400, message: error.body?.message ?? LOGIN_MESSAGES.unavailable };
  }
}

/** Ends the session in the database and returns the cookies that clear it in the browser. */
export async function signOut(request: Request, context: RequestContext): Promise<string[]> {
  try {
    const { headers } = await context.auth.api.signOut({ headers: authHeaders(request, context), returnHeaders: true });
    return headers.getSetCookie();
  } catch (error) {
    // No valid session to end: the visitor is signed out already. Clearing the cookies anyway does no harm.
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    return [];
  }
}
