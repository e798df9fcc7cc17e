import { describe, expect, it } from "vitest";
import { RequestBodyTooLargeError } from "~/lib/request-body";
import { MEDIA_MESSAGES } from "./media";
import { readMediaUploadForm } from "./upload.server";

const BOUNDARY = "----upload-test";

/** A chunked upload whose body stream fails as server/body-limit.ts fails it, part-way through the file. */
function uploadCutByTheBodyLimit(): Request {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
        ),
      );
      controller.enqueue(new Uint8Array(64 * 1024));
      controller.error(new RequestBodyTooLargeError(64 * 1024));
    },
  });
  return new Request("http://127.0.0.1/admin/media/new", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("readMediaUploadForm", () => {
  it("answers 413 with the size message when the server's body limit ends the upload before the parser's own limit", async () => {
    expect(await readMediaUploadForm(uploadCutByTheBodyLimit())).toEqual({ ok: false, status: 413, message: MEDIA_MESSAGES.videoTooLarge });
  });
});
