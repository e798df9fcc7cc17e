/** The second step of sign-in and the two-factor set-up: what the pages and actions share. */

export type SecondFactorMethod = "totp" | "backup";

export const TWO_FACTOR_MESSAGES = {
  codeFormat: "Enter the 6-digit code from your authenticator app.",
  backupCodeFormat: "Enter one of your backup codes, like abcde-12345.",
  wrongCode: "That code didn't work. Check the time on your phone and try the newest code.",
  codeUsed: "That code has been used already. Sign in again and enter the next code from your app.",
  stepUpCodeUsed: "That code has been used already. Wait for the next code in your app and enter that one.",
  wrongBackupCode: "That backup code didn't work, or it has been used already.",
  challengeExpired: "Your sign-in has timed out or had too many wrong codes. Sign in again with your password.",
  locked: "Too many wrong codes for this account. Wait 15 minutes, then sign in again.",
  wrongPassword: "That password isn't right.",
  passwordRequired: "Enter your password.",
  alreadyOn: "Two-factor authentication is already on.",
  noSetup: "Start the set-up again: enter your password to get a new QR code.",
} as const;

/** A TOTP code as typed ("123 456", "123-456") reduced to its digits, or null when it cannot be one. */
export function normaliseTotpCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const digits = value.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** A backup code as typed (spaces around it dropped), or null when it cannot be one. */
export function normaliseBackupCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim();
  return /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(code) ? (code.includes("-") ? code : `${code.slice(0, 5)}-${code.slice(5)}`) : null;
}

/** A base32 secret in groups of four, easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The sign-in's second step, keeping where the person was going. */
export function twoFactorStepPath(redirectTo: string | null, method: SecondFactorMethod = "totp"): string {
  const params = new URLSearchParams();
  if (method === "backup") params.set("method", "backup");
  if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/login/two-factor?${query}` : "/login/two-factor";
}
