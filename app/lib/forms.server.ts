import { data } from "react-router";

/** Max size of an ordinary form post; anything larger is refused before parsing. */
const MAX_FORM_BYTES = 64 * 1024;

/**
 * Reads a submitted form. A body that is not a form (wrong content type,
 * malformed, too large) is the sender's mistake: it gets a 400, not a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_FORM_BYTES) throw data({ message: "The form is too large." }, { status: 413 });
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    throw data({ message: "Send the form as a form submission." }, { status: 400 });
  }
  try {
    return await request.formData();
  } catch {
    throw data({ message: "The form could not be read." }, { status: 400 });
  }
}
