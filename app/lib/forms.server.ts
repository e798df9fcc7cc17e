import { data } from "react-router";

/** Max size of an ordinary form post; anything larger is refused before parsing. */
const MAX_FORM_BYTES = 64 * 1024;

/**
 * Reads a submitted form. A body that is not a form (wrong content type,
 * malformed, too large) is the sender's mistake: it gets a 400, not a 500. So
 * does a field holding a null character, which the database cannot store in
 * text and would otherwise refuse deep inside an action.
 */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > maxBytes) throw data({ message: "The form is too large." }, { status: 413 });
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    throw data({ message: "Send the form as a form submission." }, { status: 400 });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ message: "The form could not be read." }, { status: 400 });
  }
  for (const value of form.values()) {
    if (typeof value === "string" && value.includes("\u0000")) {
      throw data({ message: "The form contains a character that cannot be saved. Please remove it and try again." }, { status: 400 });
    }
  }
  return form;
}

/**
 * Reads a form that may carry a file (multipart/form-data), up to `maxBytes`
 * in all. The size is checked from Content-Length before anything is read;
 * browsers always send it for a form post.
 */
export async function readUploadForm(request: Request, maxBytes: number): Promise<FormData> {
  const length = request.headers.get("content-length");
  if (length === null) throw data({ message: "Send the form with its length." }, { status: 411 });
  return readForm(request, maxBytes);
}
