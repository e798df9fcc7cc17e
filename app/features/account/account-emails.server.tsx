import type { Database } from "../../../db/client.server";
import { brand } from "~/brand";
import { queueEmail, type OutgoingEmail } from "~/features/mail/outbox.server";
import { emailFrame } from "~/features/mail/email-frame.server";
import type { EmailFrame } from "~/features/mail/email-layout";
import { renderEmail } from "~/features/mail/render-email.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import {
  AccountDeletedEmail,
  PasswordChangedEmail,
  ResetPasswordEmail,
  SignUpAttemptEmail,
  TwoFactorChangedEmail,
  VerificationEmail,
} from "./account-emails";

/*
 * The account e-mails better-auth asks for (password reset, address
 * verification). They go through the outbox like every other e-mail, with links
 * to our own pages: better-auth's HTTP handler is not mounted (ADR 15).
 */

export function resetPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function verifyEmailUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

export const ACCOUNT_REASON = `You receive this because it concerns your ${brand.name} account.`;

export async function resetPasswordEmail(frame: EmailFrame, to: string, name: string, url: string): Promise<OutgoingEmail> {
  return {
    to,
    subject: `Reset your ${brand.name} password`,
    ...(await renderEmail(<ResetPasswordEmail frame={frame} name={name} url={url} />)),
  };
}

export async function verificationEmail(frame: EmailFrame, to: string, name: string, url: string): Promise<OutgoingEmail> {
  return {
    to,
    subject: `Confirm your ${brand.name} e-mail address`,
    ...(await renderEmail(<VerificationEmail frame={frame} name={name} url={url} />)),
  };
}

export async function signUpAttemptEmail(frame: EmailFrame, to: string, name: string): Promise<OutgoingEmail> {
  return {
    to,
    subject: `You already have a ${brand.name} account`,
    ...(await renderEmail(<SignUpAttemptEmail frame={frame} name={name} />)),
  };
}

/** "You already have an account" e-mails to one address, whoever signs up with it; past it, the sign-up answers the same and sends nothing. */
export const SIGN_UP_NOTICE_LIMIT = { limit: 3, windowMs: 60 * 60_000 } as const;

export async function passwordChangedEmail(frame: EmailFrame, to: string, name: string, at: Date): Promise<OutgoingEmail> {
  return {
    to,
    subject: `Your ${brand.name} password was changed`,
    ...(await renderEmail(<PasswordChangedEmail frame={frame} name={name} at={at} />)),
  };
}

export async function twoFactorChangedEmail(frame: EmailFrame, to: string, name: string, on: boolean, at: Date): Promise<OutgoingEmail> {
  return {
    to,
    subject: `Two-factor sign-in turned ${on ? "on" : "off"} for your ${brand.name} account`,
    ...(await renderEmail(<TwoFactorChangedEmail frame={frame} name={name} on={on} at={at} />)),
  };
}

export async function accountDeletedEmail(frame: EmailFrame, to: string, name: string, ordersKept: number): Promise<OutgoingEmail> {
  return {
    to,
    subject: `Your ${brand.name} account has been deleted`,
    ...(await renderEmail(<AccountDeletedEmail frame={frame} name={name} ordersKept={ordersKept} />)),
    headers: { "Reply-To": brand.email },
  };
}

/** Queues a notice about the account of `user` to its address, in `db` (a transaction, when the change has one of ours). */
export async function queueAccountNotice(
  db: Pick<Database, "insert" | "select">,
  publicUrl: string,
  build: (frame: EmailFrame) => Promise<OutgoingEmail>,
): Promise<void> {
  await queueEmail(db, await build(await emailFrame(db, publicUrl, ACCOUNT_REASON)));
}

/** The hooks better-auth calls, writing to the outbox of `db`. */
export function accountEmailSenders(db: Database, publicUrl: string) {
  return {
    sendResetPassword: async ({ user, token }: { user: { email: string; name: string }; token: string }) => {
      const frame = await emailFrame(db, publicUrl, ACCOUNT_REASON);
      await queueEmail(db, await resetPasswordEmail(frame, user.email, user.name, resetPasswordUrl(publicUrl, token)));
    },
    sendVerificationEmail: async ({ user, token }: { user: { email: string; name: string }; token: string }) => {
      const frame = await emailFrame(db, publicUrl, ACCOUNT_REASON);
      await queueEmail(db, await verificationEmail(frame, user.email, user.name, verifyEmailUrl(publicUrl, token)));
    },
    // A sign-up with an address that has an account answers as a new one does; the owner is told here.
    onExistingUserSignUp: async ({ user }: { user: { email: string; name: string } }) => {
      if (!(await consumeRateLimit(db, { key: `sign-up-notice:${user.email.toLowerCase()}`, ...SIGN_UP_NOTICE_LIMIT })).allowed) return;
      await queueAccountNotice(db, publicUrl, (frame) => signUpAttemptEmail(frame, user.email, user.name));
    },
    // After better-auth has set the new password and ended the sessions; whoever reset it is told.
    onPasswordReset: async ({ user }: { user: { email: string; name: string } }) => {
      await queueAccountNotice(db, publicUrl, (frame) => passwordChangedEmail(frame, user.email, user.name, new Date()));
    },
  };
}
