import type { SelfServiceRole } from "./roles";

/*
 * The /login form: one page, two modes (sign in, create account). What the page
 * and the action share; the parsing is in login-form.server.ts, so Zod stays out
 * of the client bundle (the page relies on the browser's own checks).
 */

export type LoginMode = "sign-in" | "sign-up";

export const LOGIN_LIMITS = { name: 100, email: 254 } as const;

export const LOGIN_MESSAGES = {
  emailRequired: "Enter your email address.",
  emailInvalid: "Enter a valid email address, like name@example.com.",
  emailTooLong: "That email address is too long.",
  nameRequired: "Enter your full name.",
  nameTooLong: `Keep your name to ${LOGIN_LIMITS.name} characters or fewer.`,
  roleInvalid: "Choose Team Member or Driver.",
  passwordRequired: "Enter your password.",
  /** The only answer to a failed sign-in, whether or not the e-mail has an account. */
  invalidCredentials: "Invalid email or password.",
  /** The only answer to a sign-up, whether or not the e-mail has an account already. */
  checkEmail:
    "Thanks. We've sent an e-mail to that address: follow its link to confirm the address, then sign in below. (If the address has an account already, the e-mail says how to get into it.)",
  unavailable: "We couldn't complete that just now. Please try again in a moment.",
} as const;

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many attempts. Please wait ${retryAfterSeconds} ${retryAfterSeconds === 1 ? "second" : "seconds"} and try again.`;
}

export function accountLockedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts for this email from your connection. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}, or reset your password.`;
}

/** Many failed attempts for this email from many places: sign-ins to it are slowed, and a reset ends that too. */
export function accountSlowedMessage(retryAfterSeconds: number): string {
  return `There have been many failed sign-in attempts for this email, so sign-ins to it are slowed down. Please wait ${retryAfterSeconds} ${retryAfterSeconds === 1 ? "second" : "seconds"} and try again, or reset your password.`;
}

/** What goes back into the form after a failed attempt (never the password). */
export interface LoginValues {
  email: string;
  name: string;
  role: SelfServiceRole;
  rememberMe: boolean;
}

/** The field a refusal is about, marked invalid and described by the message; none when it is about the whole form. */
export type LoginField = "name" | "email" | "password";

export type LoginActionData = { mode: LoginMode; message: string; tone?: "success"; field?: LoginField; values: LoginValues };

export interface SignInInput {
  email: string;
  password: string;
  rememberMe: boolean;
  redirectTo: string | null;
}

export interface SignUpInput extends SignInInput {
  name: string;
  role: SelfServiceRole;
}
