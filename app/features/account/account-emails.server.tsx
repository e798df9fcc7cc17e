import type { Database } from "../../../db/client.server";
import { brand } from "~/brand";
import { queueEmail, type OutgoingEmail } from "~/features/mail/outbox.server";
import { emailFrame } from "~/features/mail/email-frame.server";
import type { EmailFrame } from "~/features/mail/email-layout";
import { renderEmail } from "~/features/mail/render-email.server";
import { ResetPasswordEmail, VerificationEmail } from "./account-emails";

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

const ACCOUNT_REASON = `You receive this because it concerns your ${brand.name} account.`;

export async function resetPasswordEmail(frame: EmailFrame, to: string, name: string, url: string): Promise<OutgoingEmail> {
  return { to, subject: `Reset your ${brand.name} password`, ...(await renderEmail(<ResetPasswordEmail frame={frame} name={name} url={url} />)) };
}

export async function verificationEmail(frame: EmailFrame, to: string, name: string, url: string): Promise<OutgoingEmail> {
  return { to, subject: `Confirm your ${brand.name} e-mail address`, ...(await renderEmail(<VerificationEmail frame={frame} name={name} url={url} />)) };
}

/** The two hooks better-auth calls, writing to the outbox of `db`. */
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
  };
}
