import { data } from "react-router";
import { isRequestBodyTooLarge } from "./request-body";

export type FormBody = { ok: true; form: FormData } | { ok: false; status: 400 | 413; message: string };

/**
 * Reads a submitted form. A body that is not a form (wrong content type,
 * malformed) is the sender's mistake: 400, not a 500; one over its route's size
 * limit (counted while it streams: server/body-limit.ts) is a 413. So is a field
 * holding a null character, which the database cannot store in text and would
 * otherwise refuse deep inside an action, a 400.
 */
export async function parseFormBody(request: Request): Promise<FormBody> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    return { ok: false, status: 400, message: "Send the form as a form submission." };
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    if (isRequestBodyTooLarge(error)) return { ok: false, status: 413, message: "The form is too large." };
    return { ok: false, status: 400, message: "The form could not be read." };
  }
  for (const value of form.values()) {
    if (typeof value === "string" && value.includes("\u0000")) {
      return { ok: false, status: 400, message: "The form contains a character that cannot be saved. Please remove it and try again." };
    }
  }
  return { ok: true, form };
}

/** parseFormBody for actions that have nothing better to say than its message: throws the refusal. */
export async function readForm(request: Request): Promise<FormData> {
  const body = await parseFormBody(request);
  if (!body.ok) throw data({ message: body.message }, { status: body.status });
  return body.form;
}
