import { emailSchema } from "./login-form.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES } from "./password-policy";
import { PASSWORD_RESET_MESSAGES } from "./password-reset-form";

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string; field?: "email" | "password" | "confirm" };

export function parseResetRequest(form: FormData): Parsed<{ email: string }> {
  const email = emailSchema.safeParse(form.get("email") ?? "");
  if (!email.success) return { ok: false, message: email.error.issues[0]!.message, field: "email" };
  return { ok: true, value: { email: email.data.toLowerCase() } };
}

/** The token and the new password typed twice; the policy itself is checked by resetPassword. */
export function parseNewPassword(form: FormData): Parsed<{ token: string; password: string }> {
  const token = form.get("token");
  const password = form.get("password");
  const confirm = form.get("confirmPassword");
  if (typeof token !== "string" || token === "") return { ok: false, message: PASSWORD_RESET_MESSAGES.linkInvalid };
  if (typeof password !== "string" || password === "") return { ok: false, message: PASSWORD_MESSAGES.required, field: "password" };
  // Bounded before hashing or comparing; the policy gives the exact message.
  if (password.length > PASSWORD_MAX_LENGTH * 2) return { ok: false, message: PASSWORD_MESSAGES.tooLong, field: "password" };
  if (confirm !== password) return { ok: false, message: PASSWORD_RESET_MESSAGES.passwordsDiffer, field: "confirm" };
  return { ok: true, value: { token, password } };
}
