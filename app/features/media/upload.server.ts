import { FormDataParseError, MaxFilesExceededError, parseFormData } from "@remix-run/form-data-parser";
import {
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
} from "@remix-run/multipart-parser";
import type { AuditActor, AuditContext } from "~/features/admin/audit.server";
import { isRequestBodyTooLarge } from "~/lib/request-body";
import { MEDIA_MESSAGES, MEDIA_UPLOAD_MAX_BODY_BYTES, MEDIA_VIDEO_MAX_BYTES } from "./media";
import { MEDIA_FILE_FIELD } from "./upload-form";
import { mediaDetailsSchema } from "./media-form";
import { saveUpload, type MediaAsset } from "./media.server";
import { processUpload } from "./process.server";
import { databaseMediaStorage } from "./storage.server";
import { firstErrorPerField } from "~/lib/form-errors";

export type UploadForm = { ok: true; form: FormData; file: Buffer | null } | { ok: false; status: 400 | 413; message: string };

/**
 * Reads the upload form as it streams in. The parser holds at most one file of
 * MEDIA_VIDEO_MAX_BYTES (the largest kind) and stops the moment a part or the whole body is
 * larger; a declared Content-Length over the limit is refused before a byte is read. After a
 * refusal the rest of the body is read and thrown away, so the browser, which is still
 * sending, receives the answer; the server's own body limit ends a sender that never stops.
 */
export async function readMediaUploadForm(request: Request): Promise<UploadForm> {
  const tooLarge = { ok: false, status: 413, message: MEDIA_MESSAGES.videoTooLarge } as const;
  if (Number(request.headers.get("content-length") ?? 0) > MEDIA_UPLOAD_MAX_BODY_BYTES) {
    await discardBody(request);
    return tooLarge;
  }
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    return { ok: false, status: 400, message: "Send the upload as a form with a file (multipart/form-data)." };
  }
  let file: Buffer | null = null;
  try {
    const form = await parseFormData(
      request,
      {
        maxFiles: 1,
        maxFileSize: MEDIA_VIDEO_MAX_BYTES,
        maxTotalSize: MEDIA_UPLOAD_MAX_BODY_BYTES,
        maxParts: 20,
        maxHeaderSize: 8 * 1024,
      },
      async (upload) => {
        // An empty file input still sends a part, with no name and no bytes.
        if (upload.fieldName === MEDIA_FILE_FIELD && upload.size > 0) file = Buffer.from(await upload.arrayBuffer());
        return null;
      },
    );
    for (const value of form.values()) {
      if (typeof value === "string" && value.includes("\u0000")) {
        return { ok: false, status: 400, message: "The form contains a character that cannot be saved." };
      }
    }
    return { ok: true, form, file };
  } catch (error) {
    await discardBody(request);
    // The server's own body limit (server/body-limit.ts) can trip first: it errors the stream while
    // chunks past the file limit are still queued, unseen by the parser, which reports a parse error.
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError || isRequestBodyTooLarge(error))
      return tooLarge;
    if (error instanceof MaxFilesExceededError) return { ok: false, status: 400, message: "Upload one file at a time." };
    if (error instanceof MaxPartsExceededError || error instanceof MaxHeaderSizeExceededError || error instanceof FormDataParseError) {
      return { ok: false, status: 400, message: "The form could not be read." };
    }
    throw error;
  }
}

async function discardBody(request: Request): Promise<void> {
  if (!request.body || request.body.locked) return;
  try {
    const reader = request.body.getReader();
    while (!(await reader.read()).done) {
      // Each chunk is dropped as soon as it arrives.
    }
  } catch {
    // The sender went away: nothing left to read.
  }
}

export type MediaUploadResult =
  | { ok: true; created: boolean; asset: MediaAsset }
  | {
      ok: false;
      status: 400 | 413;
      /** What went wrong, by field ("file", "altText", ...). */
      fieldErrors: Record<string, string>;
      /** What was typed, to show again. */
      values: { altText: string; caption: string; credit: string };
    };

/**
 * An upload from the library's form, start to end: read as it streams, the details checked,
 * the file checked and processed, then stored. Any refusal stores nothing.
 */
export async function uploadMedia(context: AuditContext, actor: AuditActor, request: Request): Promise<MediaUploadResult> {
  const read = await readMediaUploadForm(request);
  const emptyValues = { altText: "", caption: "", credit: "" };
  if (!read.ok) return { ok: false, status: read.status, fieldErrors: { file: read.message }, values: emptyValues };
  const text = (name: string) => {
    const value = read.form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = {
    altText: text("altText").slice(0, 1000),
    caption: text("caption").slice(0, 2000),
    credit: text("credit").slice(0, 1000),
  };
  const details = mediaDetailsSchema.safeParse(values);
  const fieldErrors: Record<string, string> = details.success ? {} : firstErrorPerField(details.error);
  if (!read.file) fieldErrors.file = MEDIA_MESSAGES.noFile;
  if (!details.success || !read.file) return { ok: false, status: 400, fieldErrors, values };

  const processed = await processUpload(read.file);
  if (!processed.ok) {
    const status = processed.message === MEDIA_MESSAGES.imageTooLarge ? 413 : 400;
    return { ok: false, status, fieldErrors: { file: processed.message }, values };
  }
  const saved = await saveUpload(context, actor, databaseMediaStorage(context.db), processed.media, details.data);
  return { ok: true, ...saved };
}
