import type { IncomingMessage } from "node:http";
import { AVATAR_MAX_BYTES } from "../app/features/account/avatar";
import { MAX_QUOTE_BODY_BYTES } from "../app/features/store/quote.server";
import { RequestBodyTooLargeError } from "../app/lib/request-body";

/** An ordinary form post: the largest (contact, 5,000 characters) is far below this. */
export const MAX_FORM_BYTES = 64 * 1024;
/** Stripe's events are small; anything much larger is not one of them. */
export const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * The largest request body each kind of route accepts, by path (a React Router data request,
 * `/dashboard.data`, is the same route as `/dashboard`). Every body is counted while it
 * streams, whatever its headers say: Content-Length only lets a body be refused before a byte
 * of it is read.
 */
const BODY_LIMITS: { path: string; maxBytes: number }[] = [
  { path: "/api/payments/webhook", maxBytes: MAX_WEBHOOK_BYTES },
  { path: "/api/cart/quote", maxBytes: MAX_QUOTE_BODY_BYTES },
  // The profile form carries the avatar picture.
  { path: "/dashboard", maxBytes: AVATAR_MAX_BYTES + MAX_FORM_BYTES },
];

export function bodyLimitFor(pathname: string): number {
  const routePath = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  return BODY_LIMITS.find((limit) => limit.path === routePath)?.maxBytes ?? MAX_FORM_BYTES;
}

/**
 * The request's body as a web stream that fails with RequestBodyTooLargeError as soon as more
 * than `maxBytes` have arrived (or at once, without reading, when Content-Length says so).
 * The socket is paused from then on: nothing more is read or buffered, and `onTooLarge` lets the
 * caller close the connection once its answer is sent.
 */
export function limitedRequestBody(req: IncomingMessage, maxBytes: number, onTooLarge: () => void): ReadableStream<Uint8Array> {
  let received = 0;
  let finished = false;
  const stop = () => {
    finished = true;
    req.pause();
    req.removeAllListeners("data");
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const refuse = () => {
          stop();
          onTooLarge();
          controller.error(new RequestBodyTooLargeError(maxBytes));
        };
        if (Number(req.headers["content-length"] ?? 0) > maxBytes) {
          refuse();
          return;
        }
        req.on("data", (chunk: Buffer) => {
          if (finished) return;
          received += chunk.length;
          if (received > maxBytes) {
            refuse();
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once("end", () => {
          if (finished) return;
          finished = true;
          controller.close();
        });
        req.once("error", (error) => {
          if (finished) return;
          stop();
          controller.error(error);
        });
        req.pause();
      },
      pull() {
        if (!finished) req.resume();
      },
      cancel() {
        stop();
      },
    },
    // Up to 64 kB waits in the stream before the socket is paused.
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}
