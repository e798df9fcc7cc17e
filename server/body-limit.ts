import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { AVATAR_MAX_BYTES } from "../app/features/account/avatar";
import { MEDIA_UPLOAD_MAX_BODY_BYTES, MEDIA_UPLOAD_PATH } from "../app/features/media/media";
import { MAX_ARTICLE_FORM_BYTES } from "../app/features/news/article-form";
import { MAX_RESULTS_FORM_BYTES } from "../app/features/results/classification-csv";
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
  // The media library's upload: a photo or a team clip.
  { path: MEDIA_UPLOAD_PATH, maxBytes: MEDIA_UPLOAD_MAX_BODY_BYTES },
];

/** The same, for every path under a prefix. */
const BODY_LIMITS_UNDER: { prefix: string; maxBytes: number }[] = [
  // An article's form carries its formatted text as JSON (/admin/news/new, /admin/news/{id}).
  { prefix: "/admin/news/", maxBytes: MAX_ARTICLE_FORM_BYTES },
  // A session's classification as CSV, pasted or uploaded (/admin/results/{roundId}).
  { prefix: "/admin/results/", maxBytes: MAX_RESULTS_FORM_BYTES },
];

export function bodyLimitFor(pathname: string): number {
  const routePath = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  return (
    BODY_LIMITS.find((limit) => limit.path === routePath)?.maxBytes ??
    BODY_LIMITS_UNDER.find((limit) => routePath.startsWith(limit.prefix))?.maxBytes ??
    MAX_FORM_BYTES
  );
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

/** How long a refused body's connection may keep sending after its answer, in all (nginx's lingering_time). */
const LINGER_MS = 30_000;
/** How long it may pause in between (nginx's lingering_timeout). */
const LINGER_IDLE_MS = 5_000;

/**
 * Closes the connection of a request whose body was refused unread, without resetting it under
 * its answer. Node ends such a connection with `destroySoon()` once the answer is written; a
 * socket closed with the client's unread bytes in its buffer sends a TCP reset, and a client still
 * uploading may then see "connection reset" instead of the 413 (browsers on Windows do). So, as
 * nginx and Apache do: the answer goes out with a FIN, then whatever the client still sends is
 * read and dropped until it stops (its body ends, or nothing comes for 5 s, or 30 s pass), and
 * only then is the socket closed. Nothing read is kept.
 */
export function closeLingeringly(req: IncomingMessage): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = function lingeringClose() {
    socket.end();
    const close = () => {
      clearTimeout(overall);
      clearTimeout(idle);
      socket.destroy();
    };
    const overall = setTimeout(close, LINGER_MS);
    let idle = setTimeout(close, LINGER_IDLE_MS);
    socket.once("close", () => {
      clearTimeout(overall);
      clearTimeout(idle);
    });
    req.removeAllListeners("data");
    req.on("data", () => {
      clearTimeout(idle);
      idle = setTimeout(close, LINGER_IDLE_MS);
    });
    req.once("end", close);
    req.once("error", close);
    req.resume();
  };
}
