import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { AVATAR_MAX_BYTES } from "../app/features/account/avatar";
import { MEDIA_UPLOAD_MAX_BODY_BYTES, MEDIA_UPLOAD_PATH } from "../app/features/media/media";
import { MAX_ARTICLE_FORM_BYTES } from "../app/features/news/article-form";
import { LIVE_DESK_MAX_BODY_BYTES } from "../app/features/live/live-desk-form";
import { MAX_RESULTS_FORM_BYTES } from "../app/features/results/classification-csv";
import { MAX_SESSION_RESULT_FORM_BYTES } from "../app/features/results/tsl-classification";
import { MAX_QUOTE_BODY_BYTES } from "../app/features/shop/store/quote.server";
import { MAX_VITALS_BODY_BYTES, VITALS_BEACON_PATH } from "../app/features/vitals/beacon";
import { MAX_PUSH_REQUEST_BYTES, PUSH_SUBSCRIPTION_PATH, PUSH_UNSUBSCRIBE_PATH } from "../app/features/push/subscription-request-path";
import { MAX_SEEN_BODY_BYTES, SEEN_BEACON_PATH } from "../app/features/partners/seen";
import { RequestBodyTooLargeError } from "../app/lib/request-body";
import { pagePathOf } from "../app/lib/data-request";

/** An ordinary form post: the largest (contact, 5,000 characters) is far below this. */
export const MAX_FORM_BYTES = 64 * 1024;
/** Stripe's events are small; anything much larger is not one of them. */
export const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * The largest request body each kind of route accepts, by path (a React Router data request,
 * `/dashboard.data` or `/dashboard/_.data`, is the same route as `/dashboard`). Every body is counted while it
 * streams, whatever its headers say: Content-Length only lets a body be refused before a byte
 * of it is read.
 */
const BODY_LIMITS: { path: string; maxBytes: number }[] = [
  { path: "/api/payments/webhook", maxBytes: MAX_WEBHOOK_BYTES },
  { path: "/api/cart/quote", maxBytes: MAX_QUOTE_BODY_BYTES },
  // A browser's Core Web Vitals beacon: a route pattern and five numbers (ADR 0089).
  { path: VITALS_BEACON_PATH, maxBytes: MAX_VITALS_BODY_BYTES },
  // A browser's push subscription with the fan's choices, and its removal (ADR 0136).
  { path: PUSH_SUBSCRIPTION_PATH, maxBytes: MAX_PUSH_REQUEST_BYTES },
  { path: PUSH_UNSUBSCRIBE_PATH, maxBytes: MAX_PUSH_REQUEST_BYTES },
  // The partner marks a page saw: a few "<placement>/<partner>" pairs (ADR 0145).
  { path: SEEN_BEACON_PATH, maxBytes: MAX_SEEN_BODY_BYTES },
  // The profile form carries the avatar picture.
  { path: "/dashboard", maxBytes: AVATAR_MAX_BYTES + MAX_FORM_BYTES },
  // The media library's upload: a photo or a team clip.
  { path: MEDIA_UPLOAD_PATH, maxBytes: MEDIA_UPLOAD_MAX_BODY_BYTES },
  // The live desk of the round under way, whose composer posts a phone's photo to itself.
  { path: "/admin/live", maxBytes: LIVE_DESK_MAX_BODY_BYTES },
];

/** The same, for every path under a prefix. */
const BODY_LIMITS_UNDER: { prefix: string; maxBytes: number }[] = [
  // An article's form carries its formatted text as JSON (/admin/news/new, /admin/news/{id}).
  { prefix: "/admin/news/", maxBytes: MAX_ARTICLE_FORM_BYTES },
  // A session's classification as CSV, pasted or uploaded (/admin/results/{roundId}).
  { prefix: "/admin/results/", maxBytes: MAX_RESULTS_FORM_BYTES },
  // A paddock ticker post with a phone's photo (/admin/live/{roundId}, /admin/live/{roundId}/posts).
  { prefix: "/admin/live/", maxBytes: LIVE_DESK_MAX_BODY_BYTES },
];

/** The same, for every path of a pattern. */
const BODY_LIMITS_MATCHING: { pattern: RegExp; maxBytes: number }[] = [
  // A session's timing sheet, pasted or uploaded (/admin/live/{roundId}/sessions/{sessionId}/result).
  { pattern: /^\/admin\/live\/[^/]+\/sessions\/[^/]+\/result$/, maxBytes: MAX_SESSION_RESULT_FORM_BYTES },
];

export function bodyLimitFor(pathname: string): number {
  const routePath = pagePathOf(pathname).replace(/\/+$/, "") || "/";
  return (
    BODY_LIMITS.find((limit) => limit.path === routePath)?.maxBytes ??
    BODY_LIMITS_MATCHING.find((limit) => limit.pattern.test(routePath))?.maxBytes ??
    BODY_LIMITS_UNDER.find((limit) => routePath.startsWith(limit.prefix))?.maxBytes ??
    MAX_FORM_BYTES
  );
}

/**
 * The request's body as a web stream that fails with RequestBodyTooLargeError as soon as more
 * than `maxBytes` have arrived (or at once, without reading, when Content-Length says so).
 * The socket is paused from then on: nothing more is read or buffered, and `onTooLarge` lets the
 * caller close the connection once its answer is sent (which closeLingeringlyWhenAnsweredEarly
 * does without a reset).
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

/** How long a connection may keep sending after its answer, in all (nginx's lingering_time). */
const LINGER_MS = 30_000;
/** How long it may pause in between (nginx's lingering_timeout). */
const LINGER_IDLE_MS = 5_000;

const lingering = Symbol("lingering");
type LingeringSocket = Socket & { destroySoon?: () => void; [lingering]?: { destroySoon?: () => void; closing: boolean } };

/**
 * Makes every connection the server answers while its client is still sending close without
 * resetting it under the answer (ADR 0056, ADR 0059). It happens whenever an answer does not
 * wait for the whole body: a body refused as too large (413), a method or route that takes none
 * (405, a redirect to sign in), a form refused at its first field. A socket closed with the
 * client's unread bytes in its buffer sends a TCP reset, and a client still uploading may see
 * "connection reset" instead of the answer. Two ways lead there, and both are covered:
 *
 * - the answer says `Connection: close`: Node ends the connection with `destroySoon()`, which
 *   closes the socket as soon as its FIN is written;
 * - the answer leaves the connection open: the unread body stays paused in the socket until the
 *   keep-alive timeout destroys it.
 *
 * So, as nginx and Apache do: the answer says `Connection: close`; once it is out, the connection gets a FIN, then whatever
 * the client still sends is read and dropped until it stops (its body ends, or nothing comes for
 * 5 s, or 30 s pass), and only then is the socket closed. Nothing read is kept. A request whose
 * body had fully arrived when it was answered is left to Node as before (keep-alive included).
 * Called for every request, first (server/http.ts).
 */
export function closeLingeringlyWhenAnsweredEarly(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket as LingeringSocket;
  // One record per connection: keep-alive sends its requests one after another on the same socket.
  const state = (socket[lingering] ??= { destroySoon: socket.destroySoon, closing: false });
  socket.destroySoon = function destroySoonOrLinger() {
    if (req.complete) state.destroySoon?.call(socket);
    else lingerThenClose(req, socket);
  };
  // An answer that goes out before the body has arrived says so: a client that took the connection
  // for kept-alive could send its next request into the FIN that follows (undici then reports
  // "other side closed"). Every way of answering goes through writeHead.
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadClosingIfEarly(this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && hasBody(req) && !res.headersSent) res.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  res.once("finish", () => {
    if (!req.complete && !socket.destroyed && !socket.writableEnded) lingerThenClose(req, socket);
  });
}

/** Whether the request declares a body (a request without one is not complete yet while its first handler runs). */
function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

function lingerThenClose(req: IncomingMessage, socket: LingeringSocket): void {
  if (socket[lingering]?.closing) return;
  if (socket[lingering]) socket[lingering].closing = true;
  socket.end();
  const close = () => {
    clearTimeout(overall);
    clearTimeout(idle);
    socket.destroy();
  };
  const overall = setTimeout(close, LINGER_MS);
  const idle = setTimeout(close, LINGER_IDLE_MS);
  socket.once("close", () => {
    clearTimeout(overall);
    clearTimeout(idle);
  });
  req.removeAllListeners("data");
  req.on("data", () => {
    idle.refresh();
  });
  req.once("end", close);
  req.once("error", close);
  req.resume();
}
