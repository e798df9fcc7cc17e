import { z } from "~/lib/zod";
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from "./avatar";
import { LOGIN_LIMITS, LOGIN_MESSAGES } from "./login-form";

export interface ProfileChanges {
  name: string;
  /** The uploaded picture, when one was chosen. */
  avatar: File | null;
}

const nameSchema = z
  .string({ message: LOGIN_MESSAGES.nameRequired })
  .transform((value) => value.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, LOGIN_MESSAGES.nameRequired).max(LOGIN_LIMITS.name, LOGIN_MESSAGES.nameTooLong));

export function parseProfileForm(form: FormData): { ok: true; value: ProfileChanges } | { ok: false; message: string } {
  const name = nameSchema.safeParse(form.get("name") ?? "");
  if (!name.success) return { ok: false, message: name.error.issues[0]!.message };
  const file = form.get("avatar");
  // A file input left empty still sends a nameless, empty part.
  const avatar = file instanceof File && file.size > 0 ? file : null;
  if (avatar && avatar.size > AVATAR_MAX_BYTES) return { ok: false, message: AVATAR_MESSAGES.tooLarge };
  return { ok: true, value: { name: name.data, avatar } };
}
