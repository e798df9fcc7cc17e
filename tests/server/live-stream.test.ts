import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import { appendLiveEvent } from "~/features/live/live-events.server";
import type { LiveEvent } from "~/features/live/live-round";
import { serverForTests } from "../support/server-fixture";
import { liveIds, openSse, type SseReader } from "../support/sse";
import type { TestDatabase } from "../support/test-database";

/*
 * The built server's live stream and feed (issue 39, ADR 0124), on PGlite (one process) and on
 * PostgreSQL (two processes on one database, as production runs them behind nginx). Events are
 * written straight into the log as the desks do: on PostgreSQL by this test process while the
 * servers run; on the embedded database, which one process holds, while the server is stopped.
 */

const HEARTBEAT_MS = 400;
const STREAM_LIMIT = 4;

async function withDatabase<T>(testDb: TestDatabase, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

async function appendTo(handle: DatabaseHandle, roundId: string, postIds: number[]): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for (const postId of postIds)
    events.push(await handle.db.transaction((tx) => appendLiveEvent(tx, { roundId, kind: "ticker-removed", payload: { postId } })));
  return events;
}

let roundId = "";
let initial: LiveEvent[] = [];

const site = serverForTests({
  processes: (testDb) => (testDb.kind === "postgres" ? 2 : 1),
  env: { LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS), LIVE_STREAM_LIMIT: String(STREAM_LIMIT) },
  prepare: (testDb) =>
    withDatabase(testDb, async (handle) => {
      const [round] = await handle.db.query.rounds.findMany({ limit: 1 });
      roundId = round!.id;
      initial = await appendTo(handle, roundId, [1, 2, 3]);
    }),
});

/** A request with full control over its method, headers and body. */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? "GET", headers: options.headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end(options.body);
  });
}

describe(`the live stream and feed (${process.env.TEST_DATABASE_URL ? "PostgreSQL, two processes" : "PGlite"})`, () => {
  const open: SseReader[] = [];
  const stream = async (url: string, headers: Record<string, string> = {}) => {
    const reader = await openSse(url, headers);
    open.push(reader);
    return reader;
  };
  afterAll(() => {
    for (const reader of open) reader.close();
  });

  it("answers at once with the stream's headers, a jittered retry, and every event after ?after=, then heartbeats", async () => {
    const started = performance.now();
    const reader = await stream(`${site.url}/live/${roundId}/events?after=0`);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(reader.status).toBe(200);
    expect(reader.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(reader.headers["cache-control"]).toBe("no-store");
    expect(reader.headers["x-accel-buffering"]).toBe("no");
    expect(reader.headers["content-encoding"]).toBeUndefined();
    await reader.until((messages) => messages.filter((message) => message.event === "heartbeat").length >= 2, 5_000);
    expect(reader.raw()).toMatch(/^: live /);
    expect(reader.retry).toBeGreaterThanOrEqual(2_000);
    expect(reader.retry).toBeLessThanOrEqual(5_000);
    expect(liveIds(reader.messages)).toEqual(initial.map((event) => event.id));
    expect(JSON.parse(reader.messages[0]!.data)).toEqual(initial[0]);
    const heartbeat = reader.messages.find((message) => message.event === "heartbeat")!;
    expect(JSON.parse(heartbeat.data)).toMatchObject({ at: expect.any(String) });
    reader.close();
  });

  it("replays from Last-Event-ID (which wins over ?after=), each event once", async () => {
    const reader = await stream(`${site.url}/live/${roundId}/events?after=0`, { "Last-Event-ID": String(initial[0]!.id) });
    await reader.until((messages) => liveIds(messages).length >= 2 && messages.some((message) => message.event === "heartbeat"));
    expect(liveIds(reader.messages)).toEqual(initial.slice(1).map((event) => event.id));
    reader.close();
  });

  it("answers the feed with the events since N, cacheable for a moment, with an ETag", async () => {
    const first = await fetch(`${site.url}/live/${roundId}/updates?since=0`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=2, stale-while-revalidate=8");
    const body = (await first.json()) as { roundId: string; events: LiveEvent[]; lastEventId: number; more: boolean };
    expect(body).toEqual({ roundId, events: initial, lastEventId: initial.at(-1)!.id, more: false });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${site.url}/live/${roundId}/updates?since=0`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const upToDate = (await (await fetch(`${site.url}/live/${roundId}/updates?since=${body.lastEventId}`)).json()) as typeof body;
    expect(upToDate).toEqual({ roundId, events: [], lastEventId: body.lastEventId, more: false });
  });

  it("answers bad input with 400, 404 or 405, never 500, and takes no body", async () => {
    const base = `${site.url}/live/${roundId}`;
    const cases: Array<[string, Parameters<typeof raw>[1], number]> = [
      [`${base}/events?after=-1`, {}, 400],
      [`${base}/events?after=abc`, {}, 400],
      [`${base}/events?after=1.5`, {}, 400],
      [`${base}/events?after=1&after=2`, {}, 400],
      [`${base}/events?after=${"9".repeat(30)}`, {}, 400],
      [`${base}/events`, { headers: { "Last-Event-ID": "x" } }, 400],
      [`${base}/events`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "hello" }, 405],
      [`${base}/events`, { method: "GET", headers: { "Content-Length": "5" }, body: "hello" }, 400],
      [`${base}/updates`, {}, 400],
      [`${base}/updates?since=`, {}, 400],
      [`${base}/updates?since=x`, {}, 400],
      [`${base}/updates?since=-3`, {}, 400],
      [`${site.url}/live/no-such-round/events`, {}, 404],
      [`${site.url}/live/no-such-round/updates?since=0`, {}, 404],
      [`${site.url}/live/${"r".repeat(5_000)}/events`, {}, 404],
      [`${site.url}/live/%00/updates?since=0`, {}, 404],
    ];
    for (const [url, options, status] of cases) {
      const answer = await raw(url, options);
      expect(answer.status, `${options?.method ?? "GET"} ${url.slice(0, 120)}`).toBe(status);
      expect(answer.headers["cache-control"]).toBe("no-store");
    }
  });

  it("answers one stream past LIVE_STREAM_LIMIT with 503 and Retry-After, and keeps the others", async () => {
    const held = await Promise.all(Array.from({ length: STREAM_LIMIT }, () => stream(`${site.url}/live/${roundId}/events?after=0`)));
    expect(held.map((reader) => reader.status)).toEqual(Array(STREAM_LIMIT).fill(200));
    const refused = await raw(`${site.url}/live/${roundId}/events`);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // The feed still answers, for the refused reader to poll.
    expect((await fetch(`${site.url}/live/${roundId}/updates?since=0`)).status).toBe(200);
    const beats = held.map((reader) => reader.messages.filter((message) => message.event === "heartbeat").length);
    await Promise.all(
      held.map((reader, index) =>
        reader.until((messages) => messages.filter((message) => message.event === "heartbeat").length > beats[index]!, 5_000),
      ),
    );
    for (const reader of held) reader.close();
    // Closed streams are counted out: a new one is let in.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const next = await stream(`${site.url}/live/${roundId}/events`);
    expect(next.status).toBe(200);
    next.close();
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "delivers an event written by another process to the streams on every process, at once",
    async () => {
      const readers = await Promise.all(
        site.servers.map((server) => stream(`${server.url}/live/${roundId}/events?after=${initial.at(-1)!.id}`)),
      );
      const [event] = await withDatabase(site.testDb, (handle) => appendTo(handle, roundId, [10]));
      const written = performance.now();
      await Promise.all(readers.map((reader) => reader.until((messages) => liveIds(messages).includes(event!.id), 3_000)));
      expect(performance.now() - written).toBeLessThan(HEARTBEAT_MS + 1_500);
      for (const reader of readers) expect(liveIds(reader.messages)).toEqual([event!.id]);
      for (const reader of readers) reader.close();
    },
  );

  it("loses no update and shows none twice across a dropped connection and a restart of the server", async () => {
    // A reader following the round, as a browser's EventSource does: on a break it comes back with Last-Event-ID.
    const seen: number[] = [];
    const follow = async () => {
      const reader = await stream(
        `${site.url}/live/${roundId}/events?after=0`,
        seen.length ? { "Last-Event-ID": String(seen.at(-1)) } : {},
      );
      const done = reader.until((messages) => messages.some((message) => message.event === "heartbeat"));
      await done;
      seen.push(...liveIds(reader.messages));
      return reader;
    };
    let reader = await follow();
    const all = (await (await fetch(`${site.url}/live/${roundId}/updates?since=0`)).json()) as { events: LiveEvent[] };
    expect(seen).toEqual(all.events.map((event) => event.id));

    // Dropped: events written while the reader is away arrive on its return, once.
    reader.close();
    if (site.testDb.kind === "postgres") await withDatabase(site.testDb, (handle) => appendTo(handle, roundId, [20, 21]));
    reader = await follow();

    // Restarted: the server stops mid-stream (its streams end), events are written while it is down.
    const ended = reader.ended;
    await Promise.all(site.servers.map((server) => server.stop()));
    await ended;
    await withDatabase(site.testDb, (handle) => appendTo(handle, roundId, [30, 31, 32]));
    await site.restart();
    reader = await follow();
    if (site.testDb.kind === "postgres") {
      // And one more while it follows.
      const [event] = await withDatabase(site.testDb, (handle) => appendTo(handle, roundId, [40]));
      await reader.until((messages) => liveIds(messages).includes(event!.id));
      seen.push(event!.id);
    }
    reader.close();

    const after = (await (await fetch(`${site.url}/live/${roundId}/updates?since=0`)).json()) as { events: LiveEvent[] };
    expect(seen).toEqual(after.events.map((event) => event.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(site.testDb.kind === "postgres" ? 3 + 1 + 2 + 3 + 1 : 3 + 3);
  }, 200_000);
});
