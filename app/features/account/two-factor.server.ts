import { isAPIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { sessions, twoFactors } from "../../../db/schema";
import { brand } from "~/brand";
import type { RequestContext } from "~/context";
import { consumeRateLimit, isRateLimited, type RateLimit } from "~/lib/rate-limit.server";
import { queueAccountNotice, twoFactorChangedEmail } from "./account-emails.server";
import { tooManyAttemptsMessage } from "./login-form";
import type { AccountRole } from "./roles";
import { authHeaders, type SessionUser } from "./session.server";
import { groupSecret, TWO_FACTOR_MESSAGES, type SecondFactorMethod } from "./two-factor-form";

/**
 * Codes and passwords sent to any two-factor form from one client address:
 * the sign-in step, and turning two-factor on or off (docs/decisions/0016).
 */
export const TWO_FACTOR_RATE_LIMIT = { limit: 3, windowMs: 10_000 } as const;

type Refusal = { kind: "refused"; status: 400 | 401 | 429; message: string; retryAfterSeconds?: number };

async function limited(context: RequestContext, what: string): Promise<Refusal | null> {
  const limit: RateLimit = { key: `two-factor:${context.clientIp}`, ...TWO_FACTOR_RATE_LIMIT };
  const { allowed, retryAfterSeconds } = await consumeRateLimit(context.db, limit);
  if (allowed) return null;
  context.log.warn({ clientIp: context.clientIp }, `${what}: rate limited`);
  return { kind: "refused", status: 429, message: tooManyAttemptsMessage(retryAfterSeconds), retryAfterSeconds };
}

function errorCode(error: unknown): string | undefined {
  if (!isAPIError(error) || error.statusCode >= 500) throw error;
  return error.body?.code;
}

export type TwoFactorState =
  | { status: "off" }
  | { status: "on" }
  /** Set up with the password, waiting for the first code: the QR code and the secret to show. */
  | { status: "pending"; qrCodeDataUri: string; secret: string; otpauthUri: string };

/** Whether two-factor is on for the person, and, during set-up, what their app needs. */
export async function twoFactorState(context: RequestContext, user: SessionUser): Promise<TwoFactorState> {
  const [row] = await context.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
  if (!row) return { status: "off" };
  if (row.verified) return { status: "on" };
  const { secretConfig } = await context.auth.$context;
  // The plugin keeps the secret encrypted with the app secret; shown again only to its owner, until confirmed.
  const raw = await symmetricDecrypt({ key: secretConfig, data: row.secret });
  const totp = new TOTP({ issuer: brand.name, label: user.email, secret: Secret.fromUTF8(raw), digits: 6, period: 30 });
  const otpauthUri = totp.toString();
  const svg = await QRCode.toString(otpauthUri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  const qrCodeDataUri = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
  return { status: "pending", qrCodeDataUri, secret: groupSecret(totp.secret.base32), otpauthUri };
}

const TOTP_PERIOD_SECONDS = 30;
/** better-auth accepts a code one step either side of now; the clock may tick on between its check and ours. */
const STEP_SEARCH_WINDOW = 2;

/** The person's TOTP key as the plugin stores it: encrypted; raw bytes as UTF-8 or, from newer set-ups, `base32:`-prefixed. */
async function totpSecret(context: RequestContext, encrypted: string): Promise<Secret> {
  const { secretConfig } = await context.auth.$context;
  const raw = await symmetricDecrypt({ key: secretConfig, data: encrypted });
  return raw.startsWith("base32:") ? Secret.fromBase32(raw.slice("base32:".length).toUpperCase()) : Secret.fromUTF8(raw);
}

/**
 * Records the time step of a code better-auth has just accepted, and says whether it was the
 * first use: a step at or before the last accepted one is refused (RFC 6238 §5.2). The
 * conditional update is atomic, so two sign-ins racing with one code cannot both win, in one
 * process or several (docs/decisions/0058).
 */
async function claimTotpStep(context: RequestContext, userId: string, code: string): Promise<boolean> {
  return (await checkAndClaimTotpStep(context, userId, code, STEP_SEARCH_WINDOW)) === "claimed";
}

/**
 * Checks a code against the person's confirmed authenticator, steps now ± `window`, and claims
 * its step as claimTotpStep does: "wrong" for a code that matches no step, "used" for one whose
 * step (or a later one) was accepted already.
 */
async function checkAndClaimTotpStep(
  context: RequestContext,
  userId: string,
  code: string,
  window: number,
): Promise<"claimed" | "used" | "wrong"> {
  const [row] = await context.db.select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId));
  if (!row) return "wrong";
  const now = Date.now();
  const totp = new TOTP({ secret: await totpSecret(context, row.secret), digits: 6, period: TOTP_PERIOD_SECONDS });
  const delta = totp.validate({ token: code, timestamp: now, window });
  if (delta === null) return "wrong";
  const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
  const claimed = await context.db
    .update(twoFactors)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step))))
    .returning({ id: twoFactors.id });
  return claimed.length > 0 ? "claimed" : "used";
}

/** Wrong step-up codes or passwords per person, on top of the per-address limit of every two-factor form (ADR 0100). */
export const STEP_UP_FAILURE_LIMIT = { limit: 10, windowMs: 15 * 60_000 } as const;

export type IdentityProof = { method: "totp"; code: string } | { method: "password"; password: string };
export type IdentityOutcome = { kind: "confirmed" } | Refusal;

/**
 * The back office's "Confirm it's you" (ADR 0100): a code from the person's authenticator app,
 * which is spent like a sign-in's (a code works once, ADR 0058), or their password. Limited per
 * client address with the other two-factor forms, and in wrong tries per person, so neither a
 * script in their browser nor a thief of their session can guess for long.
 */
export async function confirmIdentity(
  request: Request,
  context: RequestContext,
  userId: string,
  proof: IdentityProof,
): Promise<IdentityOutcome> {
  const refused = await limited(context, "step-up");
  if (refused) return refused;
  const failures: RateLimit = { key: `step-up-failures:${userId}`, ...STEP_UP_FAILURE_LIMIT };
  const locked = await isRateLimited(context.db, failures);
  if (locked.limited) {
    context.log.warn({ userId }, "step-up: too many wrong tries for this person");
    return {
      kind: "refused",
      status: 429,
      message: tooManyAttemptsMessage(locked.retryAfterSeconds),
      retryAfterSeconds: locked.retryAfterSeconds,
    };
  }
  const refuse = async (message: string): Promise<Refusal> => {
    await consumeRateLimit(context.db, failures);
    return { kind: "refused", status: 401, message };
  };
  if (proof.method === "totp") {
    // better-auth's own window: one step either side of now.
    const claim = await checkAndClaimTotpStep(context, userId, proof.code, 1);
    if (claim === "claimed") return { kind: "confirmed" };
    context.log.info({ userId, claim }, "step-up: code refused");
    return refuse(claim === "used" ? TWO_FACTOR_MESSAGES.stepUpCodeUsed : TWO_FACTOR_MESSAGES.wrongCode);
  }
  try {
    await context.auth.api.verifyPassword({ body: { password: proof.password }, headers: authHeaders(request, context) });
    return { kind: "confirmed" };
  } catch (error) {
    errorCode(error);
    context.log.info({ userId }, "step-up: password refused");
    return refuse(TWO_FACTOR_MESSAGES.wrongPassword);
  }
}

export type SetupOutcome = { kind: "ok" } | Refusal;

/** Checks the password and creates a new, unconfirmed TOTP secret (and backup codes, shown after confirmation). */
export async function startTwoFactorSetup(request: Request, context: RequestContext, password: string): Promise<SetupOutcome> {
  const refused = await limited(context, "two-factor set-up");
  if (refused) return refused;
  try {
    await context.auth.api.enableTwoFactor({ body: { password }, headers: authHeaders(request, context) });
    return { kind: "ok" };
  } catch (error) {
    const code = errorCode(error);
    if (code === "TOTP_ALREADY_ENABLED") return { kind: "refused", status: 400, message: TWO_FACTOR_MESSAGES.alreadyOn };
    return { kind: "refused", status: 400, message: TWO_FACTOR_MESSAGES.wrongPassword };
  }
}

export type ConfirmOutcome = { kind: "ok"; backupCodes: string[]; cookies: string[] } | Refusal;

/**
 * Turns two-factor on with a first code from the app, and returns the ten
 * backup codes to show once. better-auth starts a new session for this browser:
 * its cookie must go out with the response.
 */
export async function confirmTwoFactorSetup(
  request: Request,
  context: RequestContext,
  user: SessionUser,
  code: string,
): Promise<ConfirmOutcome> {
  const refused = await limited(context, "two-factor confirmation");
  if (refused) return refused;
  let cookies: string[];
  try {
    const { headers } = await context.auth.api.verifyTOTP({
      body: { code },
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
    cookies = headers.getSetCookie();
  } catch (error) {
    const code = errorCode(error);
    if (code === "TOTP_NOT_ENABLED") return { kind: "refused", status: 400, message: TWO_FACTOR_MESSAGES.noSetup };
    return { kind: "refused", status: 400, message: TWO_FACTOR_MESSAGES.wrongCode };
  }
  // The confirming code is spent too: it cannot then complete a sign-in elsewhere.
  await claimTotpStep(context, user.id, code);
  const { backupCodes } = await context.auth.api.viewBackupCodes({ body: { userId: user.id } });
  await queueAccountNotice(context.db, context.publicUrl, (frame) => twoFactorChangedEmail(frame, user.email, user.name, true, new Date()));
  context.log.info("two-factor: turned on");
  return { kind: "ok", backupCodes, cookies };
}

/** Drops a set-up that was never confirmed (two-factor that is on is left alone). */
export async function cancelTwoFactorSetup(context: RequestContext, user: SessionUser): Promise<void> {
  await context.db.delete(twoFactors).where(and(eq(twoFactors.userId, user.id), eq(twoFactors.verified, false)));
}

export type DisableOutcome = { kind: "ok"; cookies: string[] } | Refusal;

/** Turns two-factor off; the password is required. */
export async function disableTwoFactor(
  request: Request,
  context: RequestContext,
  user: SessionUser,
  password: string,
): Promise<DisableOutcome> {
  const refused = await limited(context, "two-factor turn-off");
  if (refused) return refused;
  let cookies: string[];
  try {
    const { headers } = await context.auth.api.disableTwoFactor({
      body: { password },
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
    cookies = headers.getSetCookie();
  } catch (error) {
    errorCode(error);
    return { kind: "refused", status: 400, message: TWO_FACTOR_MESSAGES.wrongPassword };
  }
  await queueAccountNotice(context.db, context.publicUrl, (frame) =>
    twoFactorChangedEmail(frame, user.email, user.name, false, new Date()),
  );
  context.log.info("two-factor: turned off");
  return { kind: "ok", cookies };
}

export type SecondStepOutcome =
  | { kind: "signed-in"; role: AccountRole; cookies: string[] }
  /** The challenge is gone (timed out, spent, too many wrong codes): back to the password. */
  | { kind: "restart"; message: string }
  | Refusal;

/**
 * The second step of sign-in: a code from the app or a backup code, checked
 * against the challenge better-auth left in a signed cookie after the password.
 */
export async function verifySecondFactor(
  request: Request,
  context: RequestContext,
  { method, code }: { method: SecondFactorMethod; code: string },
): Promise<SecondStepOutcome> {
  const refused = await limited(context, "two-factor sign-in");
  if (refused) return refused;
  const headers = authHeaders(request, context);
  try {
    const answer =
      method === "totp"
        ? await context.auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true })
        : await context.auth.api.verifyBackupCode({ body: { code }, headers, returnHeaders: true });
    const { token } = answer.response;
    const user = answer.response.user as Record<string, unknown> & { id: string };
    if (method === "totp" && !(await claimTotpStep(context, user.id, code))) {
      // better-auth has already spent the challenge and started a session for this code: end the
      // session before anyone can use it; the person starts again with their password.
      if (token) await context.db.delete(sessions).where(eq(sessions.token, token));
      context.log.warn({ userId: user.id }, "two-factor sign-in: a code was used twice");
      return { kind: "restart", message: TWO_FACTOR_MESSAGES.codeUsed };
    }
    // Password and second factor just now: the back office's step-up is fresh (ADR 0100).
    if (token) await context.db.update(sessions).set({ stepUpAt: new Date() }).where(eq(sessions.token, token));
    return { kind: "signed-in", role: user.role as AccountRole, cookies: answer.headers.getSetCookie() };
  } catch (error) {
    const code = errorCode(error);
    context.log.info({ code }, "two-factor sign-in: refused");
    if (code === "INVALID_CODE") return { kind: "refused", status: 401, message: TWO_FACTOR_MESSAGES.wrongCode };
    if (code === "INVALID_BACKUP_CODE") return { kind: "refused", status: 401, message: TWO_FACTOR_MESSAGES.wrongBackupCode };
    if (code === "ACCOUNT_TEMPORARILY_LOCKED") return { kind: "refused", status: 429, message: TWO_FACTOR_MESSAGES.locked };
    return { kind: "restart", message: TWO_FACTOR_MESSAGES.challengeExpired };
  }
}
