import type { Database } from "../../../db/client.server";
import { brand } from "~/brand";
import { queueEmail, type OutgoingEmail } from "~/features/mail/outbox.server";
import { EMAIL_VERIFICATION_LINK_HOURS, RESET_LINK_MINUTES } from "./token-lifetimes";

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

export function resetPasswordEmail(to: string, name: string, url: string): OutgoingEmail {
  return {
    to,
    subject: `Reset your ${brand.name} password`,
    text: [
      `Hello ${name},`,
      "",
      `Someone (we hope you) asked to reset the password of your ${brand.name} account.`,
      "Choose a new password by opening this link:",
      url,
      "",
      `The link works once, for ${RESET_LINK_MINUTES} minutes. Setting a new password signs you out everywhere else.`,
      "If you didn't ask for this, ignore this e-mail: your password stays as it is.",
      "",
      `${brand.name}`,
    ].join("\n"),
  };
}

export function verificationEmail(to: string, name: string, url: string): OutgoingEmail {
  return {
    to,
    subject: `Confirm your ${brand.name} e-mail address`,
    text: [
      `Hello ${name},`,
      "",
      `Welcome to ${brand.name}. Please confirm that this is your e-mail address by opening this link:`,
      url,
      "",
      `The link works for ${EMAIL_VERIFICATION_LINK_HOURS} hours. You can ask for a new one from the Security page of your dashboard.`,
      "If you didn't create an account, ignore this e-mail.",
      "",
      `${brand.name}`,
    ].join("\n"),
  };
}

/** The two hooks better-auth calls, writing to the outbox of `db`. */
export function accountEmailSenders(db: Database, publicUrl: string) {
  return {
    sendResetPassword: async ({ user, token }: { user: { email: string; name: string }; token: string }) => {
      await queueEmail(db, resetPasswordEmail(user.email, user.name, resetPasswordUrl(publicUrl, token)));
    },
    sendVerificationEmail: async ({ user, token }: { user: { email: string; name: string }; token: string }) => {
      await queueEmail(db, verificationEmail(user.email, user.name, verifyEmailUrl(publicUrl, token)));
    },
  };
}
