import { z } from "~/lib/zod";

/**
 * The password rules every form and the server share: length only. The check
 * against common passwords needs a 10,000-entry list and lives in
 * password-policy.server.ts, so the list never reaches the browser.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  required: "Enter a password.",
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Password must be ${PASSWORD_MAX_LENGTH} characters or fewer.`,
  common: "This password is one of the most commonly used and easy to guess. Choose a different one.",
} as const;

/**
 * Length in characters (Unicode code points), not bytes or UTF-16 units: "é"
 * and "🏁" count as one each, as NIST SP 800-63B asks.
 */
export function passwordLength(password: string): number {
  return [...password].length;
}

/** The message for a password of the wrong length, or null when its length is fine. */
export function passwordLengthError(password: string): string | null {
  if (password.length === 0) return PASSWORD_MESSAGES.required;
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  return null;
}

/**
 * A new password in a form: a string of the right length. Spaces count and are
 * kept as typed (no trimming), since a password may begin or end with one.
 */
export const newPasswordSchema = z.string({ message: PASSWORD_MESSAGES.required }).superRefine((password, ctx) => {
  const message = passwordLengthError(password);
  if (message) ctx.addIssue({ code: "custom", message });
});
