import type { AddressInfo } from "node:net";
import http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendLiveEvent } from "~/features/live/live-events.server";
import { startLiveHub, type LiveHub } from "~/features/live/live-hub.server";
import { liveHubReads } from "~/features/operations/metrics.server";
import { liveRoutes } from "../../server/live-routes";
import { liveIds, openSse } from "../support/sse";
import { seededTestDatabase } from "../support/test-database";

/*
 * The process's live hub in this process, on the database the tests run on (PGlite by default,
 * PostgreSQL with TEST_DATABASE_URL): an event committed here reaches the streams through the
 * database's own LISTEN (PGlite's on its thread, or a PostgreSQL connection), read once.
 */

const suite = seededTestDatabase();
let hub: LiveHub;
let server: http.Server;
let base: string;
let roundId: string;
let otherRoundId: string;

const append = (round: string, postId: number) =>
  suite.db.transaction((tx) => appendLiveEvent(tx, { roundId: round, kind: "ticker-removed", payload: { postId } }));

const readsSoFar = async () => (await liveHubReads.get()).values.reduce((sum, value) => sum + value.value, 0);

beforeAll(async () => {
  const rounds = await suite.db.query.rounds.findMany({ limit: 2 });
  if (rounds.length < 2) throw new Error("the seed has fewer than two rounds");
  [roundId, otherRoundId] = [rounds[0]!.id, rounds[1]!.id];
  // A long tick: what arrives here arrives by notification, not by the tick's read.
  hub = await startLiveHub({ db: suite.db, listen: suite.handle.listen, tickMs: 60_000, onError: (error) => console.error(error) });
  const app = express();
  app.use(liveRoutes({ db: suite.db, hub, streamLimit: 100, isShuttingDown: () => false }));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await hub?.close();
});

describe(`the live hub on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  it("hands an event committed in this process to every stream of its round within moments, reading the log once for all", async () => {
    const readers = await Promise.all(Array.from({ length: 20 }, () => openSse(`${base}/live/${roundId}/events?after=${hub.highestId}`)));
    const other = await openSse(`${base}/live/${otherRoundId}/events?after=${hub.highestId}`);
    // Quiet for a moment: the hub has read everything before.
    await hub.catchUp();
    const before = await readsSoFar();
    const started = performance.now();
    const event = await append(roundId, 1);
    await Promise.all(readers.map((reader) => reader.until((messages) => liveIds(messages).includes(event.id), 5_000)));
    expect(performance.now() - started).toBeLessThan(2_000);
    // One notification, one read (two at most if a second was asked for while it ran).
    expect((await readsSoFar()) - before).toBeLessThanOrEqual(2);
    const data = JSON.parse(readers[0]!.messages.find((message) => message.event === "live")!.data);
    expect(data).toEqual({ id: event.id, roundId, kind: "ticker-removed", payload: { postId: 1 } });
    // The other round's stream heard nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(liveIds(other.messages)).toEqual([]);
    for (const reader of [...readers, other]) reader.close();
  });

  it("sends a stream that joins while events are being written each one once, in order: the replay, then the live ones", async () => {
    const from = hub.highestId;
    const writing = (async () => {
      for (let n = 0; n < 30; n++) await append(n % 3 === 0 ? otherRoundId : roundId, 100 + n);
    })();
    // Joins part-way through.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const reader = await openSse(`${base}/live/${roundId}/events?after=${from}`);
    await writing;
    const { rows } = (await suite.db.execute(
      `select id from live_events where round_id = '${roundId}' and id > ${from} order by id`,
    )) as unknown as {
      rows: Array<{ id: string | number }>;
    };
    const expected = rows.map((row) => Number(row.id));
    expect(expected).toHaveLength(20);
    await reader.until((messages) => liveIds(messages).at(-1) === expected.at(-1), 5_000);
    expect(liveIds(reader.messages)).toEqual(expected);
    reader.close();
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "loses nothing when the database drops its listening connection: it reconnects and reads what it missed",
    async () => {
      const reader = await openSse(`${base}/live/${roundId}/events?after=${hub.highestId}`);
      await hub.catchUp();
      const terminated = (await suite.db.execute(
        "select pg_terminate_backend(pid) as done from pg_stat_activity where datname = current_database() and query = 'listen live_events'",
      )) as unknown as { rows: unknown[] };
      expect(terminated.rows).toHaveLength(1);
      // Written while nobody listens: read when the listener is back (a second later), not at the next tick (a minute).
      const missed = await append(roundId, 500);
      await reader.until((messages) => liveIds(messages).includes(missed.id), 5_000);
      // And heard again by notification afterwards.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const next = await append(roundId, 501);
      await reader.until((messages) => liveIds(messages).includes(next.id), 2_000);
      expect(liveIds(reader.messages)).toEqual([missed.id, next.id]);
      reader.close();
    },
  );

  it("ends every stream when told (shutdown), and counts them", async () => {
    const reader = await openSse(`${base}/live/${roundId}/events`);
    await reader.until(() => hub.streams > 0, 2_000).catch(() => {});
    expect(hub.streams).toBeGreaterThan(0);
    hub.endStreams();
    await reader.ended;
    expect(hub.streams).toBe(0);
  });
});
