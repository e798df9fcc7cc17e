/**
 * A round's live events over HTTP (issue 39, ADRs 0124 and 0125), answered here rather than by
 * React Router: a stream stays open for hours, and neither the page cache nor compression may
 * hold it back. Mounted before the compression middleware.
 *
 *   GET /live/:roundId/events   Server-Sent Events: every event after Last-Event-ID (or ?after=N),
 *                               then each new one; a heartbeat event every tick.
 *   GET /live/:roundId/updates?since=N
 *                               The same events as cacheable JSON, for pollers and any cache.
 */
import { createHash } from "node:crypto";
import type { Request, Response, Router } from "express";
import express from "express";
import type { LiveHub } from "../app/features/live/live-hub.server";
import { readUpdates } from "../app/features/live/live-hub.server";
import type { LiveEvent } from "../app/features/live/live-round";
import type { Database } from "../db/client.server";
import { liveStreamOpens } from "../app/features/operations/metrics.server";

export interface LiveRoutesOptions {
  db: Database;
  hub: LiveHub;
  /** Open streams allowed in this process (LIVE_STREAM_LIMIT); one more is answered 503. */
  streamLimit: number;
  /** Whether the process is draining: new streams are sent elsewhere. */
  isShuttingDown: () => boolean;
  /** Random in [0, 1): the jitter of `retry` and Retry-After. */
  random?: () => number;
}

/** At most this many events in one answer of the feed; `more` says to ask again at once. */
export const UPDATES_PAGE = 200;
/** A stream whose reader does not take what is written is ended past this much unsent. */
const MAX_UNSENT_BYTES = 1 << 20;
export const UPDATES_CACHE_CONTROL = "public, max-age=2, stale-while-revalidate=8";

const ROUND_ID = /^[A-Za-z0-9][\w-]{0,99}$/;
const EVENT_ID = /^\d{1,15}$/;

/** A non-negative whole number from a query or header value, else null (absent is `fallback`). */
export function eventIdParameter(value: unknown, fallback: number | null = null): number | null {
  if (value === undefined) return fallback;
  if (typeof value !== "string" || !EVENT_ID.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

function refuse(res: Response, status: number, message: string, headers: Record<string, string> = {}) {
  res
    .status(status)
    .set({ "Cache-Control": "no-store", ...headers })
    .type("text/plain")
    .send(`${message}\n`);
}

/** The request's own mistakes, checked before the database is asked: the answer or null. */
function badRequest(req: Request): [number, string] | null {
  if (req.headers["content-length"] && req.headers["content-length"] !== "0") return [400, "This address takes no request body."];
  if (req.headers["transfer-encoding"]) return [400, "This address takes no request body."];
  if (!ROUND_ID.test(req.params.roundId as string)) return [404, "No such round."];
  return null;
}

export function liveRoutes(options: LiveRoutesOptions): Router {
  const { db, hub } = options;
  const random = options.random ?? Math.random;
  const router = express.Router({ caseSensitive: true, strict: true });

  router.all("/live/:roundId/events", (req, res, next) => {
    res.locals.servedBy = "/live/:roundId/events";
    if (req.method !== "GET" && req.method !== "HEAD") {
      refuse(res, 405, "Only GET is answered here.", { Allow: "GET, HEAD" });
      return;
    }
    void openStream(req, res).catch(next);
  });

  router.all("/live/:roundId/updates", (req, res, next) => {
    res.locals.servedBy = "/live/:roundId/updates";
    if (req.method !== "GET" && req.method !== "HEAD") {
      refuse(res, 405, "Only GET is answered here.", { Allow: "GET, HEAD" });
      return;
    }
    void sendUpdates(req, res).catch(next);
  });

  async function openStream(req: Request, res: Response) {
    const bad = badRequest(req);
    if (bad) {
      liveStreamOpens.inc({ outcome: "refused" });
      return refuse(res, ...bad);
    }
    const roundId = req.params.roundId as string;
    // The browser's own reconnection sends Last-Event-ID; a first connection says ?after=.
    const header = req.headers["last-event-id"];
    const after = header !== undefined ? eventIdParameter(header) : eventIdParameter(req.query.after, 0);
    if (after === null) {
      liveStreamOpens.inc({ outcome: "refused" });
      return refuse(res, 400, "after and Last-Event-ID must be a whole number of at most 15 digits.");
    }
    if (options.isShuttingDown() || hub.streams >= options.streamLimit) {
      // The others keep their streams; this reader tries again later (or polls the feed).
      const seconds = String(5 + Math.floor(random() * 10));
      liveStreamOpens.inc({ outcome: "full" });
      return refuse(res, 503, "Too many live readers on this server just now: try again shortly.", { "Retry-After": seconds });
    }
    if (!(await hub.roundExists(roundId))) {
      liveStreamOpens.inc({ outcome: "refused" });
      return refuse(res, 404, "No such round.");
    }
    // Gone while the round was looked up: its "close" has been and gone, so it must not be opened
    // (nothing would ever end it, and it would hold a place under the limit).
    if (req.socket.destroyed) return;
    liveStreamOpens.inc({ outcome: "opened" });
    res.status(200).set({
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
      Connection: "keep-alive",
    });
    if (req.method === "HEAD") return void res.end();
    req.socket.setNoDelay(true);
    req.socket.setTimeout(0);
    // The first byte at once: a comment, and when to come back if the stream breaks (2-5 s,
    // spread so a restart's readers do not all return in the same instant).
    res.write(`: live ${roundId}\nretry: ${2_000 + Math.floor(random() * 3_000)}\n\n`);
    res.flushHeaders();

    let stream: { close(): void } | undefined;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      stream?.close();
      if (!res.writableEnded) res.end();
    };
    const write = (chunk: string) => {
      if (done) return;
      res.write(chunk);
      // A reader that stopped reading: end it rather than keep its backlog (it comes back with Last-Event-ID).
      if (res.writableLength > MAX_UNSENT_BYTES) {
        req.socket.destroy();
        finish();
      }
    };
    req.on("close", finish);
    res.on("close", finish);
    try {
      stream = await hub.open(roundId, after, {
        events: (events) => write(events.map(formatEvent).join("")),
        tick: () => write(`event: heartbeat\ndata: {"at":"${new Date().toISOString()}","lastEventId":${hub.highestId}}\n\n`),
        end: finish,
      });
    } catch (error) {
      finish();
      throw error;
    }
    // Closed while the replay was read.
    if (done) stream.close();
  }

  async function sendUpdates(req: Request, res: Response) {
    const bad = badRequest(req);
    if (bad) return refuse(res, ...bad);
    const roundId = req.params.roundId as string;
    const since = eventIdParameter(req.query.since);
    if (since === null) return refuse(res, 400, "since must be a whole number of at most 15 digits.");
    if (!(await hub.roundExists(roundId))) return refuse(res, 404, "No such round.");
    const { events, lastEventId, more } = await readUpdates(db, roundId, since, UPDATES_PAGE);
    const etag = `"${createHash("sha1").update(`${roundId} ${since} ${lastEventId} ${events.length}`).digest("base64url").slice(0, 20)}"`;
    res.set({ "Cache-Control": UPDATES_CACHE_CONTROL, ETag: etag });
    if (req.headers["if-none-match"] === etag) return void res.status(304).end();
    res.json({ roundId, events, lastEventId, more });
  }

  return router;
}

/** One event as the stream writes it: its id (the browser's Last-Event-ID), its name, its JSON. */
export function formatEvent(event: LiveEvent): string {
  return `id: ${event.id}\nevent: live\ndata: ${JSON.stringify(event)}\n\n`;
}
