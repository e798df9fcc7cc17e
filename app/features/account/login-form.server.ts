import { pathOnThisSite } from "~/lib/site-path";
import { z } from "~/lib/zod";
import {
  LOGIN_LIMITS,
  LOGIN_MESSAGES,
  type LoginField,
  type LoginMode,
  type LoginValues,
  type SignInInput,
  type SignUpInput,
} from "./login-form";
import { passwordLengthError } from "./password-policy";
import { isSelfServiceRole } from "./roles";

const singleLine = (value: string) => value.replace(/\s+/g, " ").trim();

export const emailSchema = z
  .string({ message: LOGIN_MESSAGES.emailRequired })
  .trim()
  .min(1, LOGIN_MESSAGES.emailRequired)
  .max(LOGIN_LIMITS.email, LOGIN_MESSAGES.emailTooLong)
  .pipe(z.email({ message: LOGIN_MESSAGES.emailInvalid }));

const nameSchema = z
  .string({ message: LOGIN_MESSAGES.nameRequired })
  .transform(singleLine)
  .pipe(z.string().min(1, LOGIN_MESSAGES.nameRequired).max(LOGIN_LIMITS.name, LOGIN_MESSAGES.nameTooLong));

function text(form: FormData, field: string): string {
  const value = form.get(field);
  return typeof value === "string" ? value : "";
}

export function loginMode(form: FormData): LoginMode | null {
  const intent = form.get("intent");
  return intent === "sign-in" || intent === "sign-up" ? intent : null;
}

export function loginValues(form: FormData): LoginValues {
  const role = form.get("role");
  return {
    email: text(form, "email").slice(0, LOGIN_LIMITS.email),
    name: text(form, "name").slice(0, LOGIN_LIMITS.name),
    role: isSelfServiceRole(role) ? role : "team_member",
    rememberMe: form.get("rememberMe") === "on",
  };
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string; field?: LoginField };

export function parseSignIn(form: FormData): Parsed<SignInInput> {
  const email = emailSchema.safeParse(form.get("email") ?? "");
  if (!email.success) return { ok: false, message: email.error.issues[0]!.message, field: "email" };
  const password = text(form, "password");
  if (password === "") return { ok: false, message: LOGIN_MESSAGES.passwordRequired, field: "password" };
  return {
    ok: true,
    value: {
      email: email.data.toLowerCase(),
      password,
      rememberMe: form.get("rememberMe") === "on",
      redirectTo: pathOnThisSite(form.get("redirectTo")),
    },
  };
}

/** Sign-up checks everything but the common-password list (the server adds that). */
export function parseSignUp(form: FormData): Parsed<SignUpInput> {
  const name = nameSchema.safeParse(form.get("name") ?? "");
  if (!name.success) return { ok: false, message: name.error.issues[0]!.message, field: "name" };
  const role = form.get("role");
  // Anything but the two self-service roles ("admin" included) is refused, not quietly changed.
  if (!isSelfServiceRole(role)) return { ok: false, message: LOGIN_MESSAGES.roleInvalid };
  const email = emailSchema.safeParse(form.get("email") ?? "");
  if (!email.success) return { ok: false, message: email.error.issues[0]!.message, field: "email" };
  const password = text(form, "password");
  const passwordError = passwordLengthError(password);
  if (passwordError) return { ok: false, message: passwordError, field: "password" };
  return {
    ok: true,
    value: {
      name: name.data,
      role,
      email: email.data.toLowerCase(),
      password,
      rememberMe: form.get("rememberMe") === "on",
      redirectTo: pathOnThisSite(form.get("redirectTo")),
    },
  };
}
