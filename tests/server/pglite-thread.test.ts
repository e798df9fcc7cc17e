import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPgliteThread, type PgliteThread } from "../../db/pglite-thread.server";

/** The embedded database's thread (ADR 21): what Drizzle relies on, answered across threads. */
describe.skipIf(process.env.TEST_DATABASE_URL)("PGlite on its own thread", () => {
  let dataDir: string;
  let thread: PgliteThread;
  const stopped: Error[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "pglite-thread-"));
    thread = await startPgliteThread(dataDir, (error) => stopped.push(error));
    await thread.client.query("create table items (id serial primary key, name text not null unique, data bytea)");
  });
  afterAll(async () => {
    await thread.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers queries with rows as objects or arrays, parameters and bytes intact", async () => {
    const bytes = Uint8Array.from([0, 1, 254, 255]);
    await thread.client.query("insert into items (name, data) values ($1, $2)", ["first", bytes]);
    const objects = await thread.client.query<{ name: string; data: Uint8Array }>("select name, data from items where name = $1", [
      "first",
    ]);
    expect(objects.rows).toEqual([{ name: "first", data: bytes }]);
    const arrays = await thread.client.query("select name, 2 + 2 as four from items where name = $1", ["first"], { rowMode: "array" });
    expect(arrays.rows).toEqual([["first", 4]]);
    // Dates stay text, as Drizzle asks.
    const dates = await thread.client.query<{ at: unknown }>("select timestamptz '2026-11-23 12:00:00+00' as at");
    expect(typeof dates.rows[0]!.at).toBe("string");
  });

  it("passes on PostgreSQL's error with its code", async () => {
    await expect(thread.client.query("select 1 / 0")).rejects.toMatchObject({ code: "22012", message: "division by zero" });
    await expect(thread.client.query("insert into items (name) values ('first')")).rejects.toMatchObject({
      code: "23505",
      constraint: "items_name_key",
    });
  });

  it("commits a transaction whose callback succeeds, and rolls back one that throws", async () => {
    const committed = await thread.client.transaction(async (tx) => {
      await tx.query("insert into items (name) values ('kept')");
      return "done";
    });
    expect(committed).toBe("done");

    const failure = new Error("changed my mind");
    await expect(
      thread.client.transaction(async (tx) => {
        await tx.query("insert into items (name) values ('dropped')");
        throw failure;
      }),
    ).rejects.toBe(failure);

    const names = await thread.client.query<{ name: string }>("select name from items order by id");
    expect(names.rows.map((row) => row.name)).toEqual(["first", "kept"]);
  });

  it("leaves this thread free while the database works", async () => {
    const started = performance.now();
    const slow = thread.client.query<{ count: number }>("select count(*)::int as count from generate_series(1, 3000000)");
    // A timer set now fires while the query runs; with PGlite on this thread it would wait for the query.
    const timerFiredAfter = await new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - started), 1));
    const { rows } = await slow;
    const queryTook = performance.now() - started;
    expect(rows[0]!.count).toBe(3_000_000);
    expect(queryTook).toBeGreaterThan(150);
    expect(timerFiredAfter).toBeLessThan(queryTook / 3);
  });

  it("holds other queries until an open transaction ends, as PGlite does in one thread", async () => {
    let releaseTransaction!: () => void;
    const transaction = thread.client.transaction(async (tx) => {
      await tx.query("insert into items (name) values ('inside')");
      await new Promise<void>((resolve) => (releaseTransaction = resolve));
      await tx.query("insert into items (name) values ('inside too')");
    });
    await expect.poll(() => releaseTransaction).toBeDefined();
    const outside = thread.client.query<{ count: number }>("select count(*)::int as count from items where name like 'inside%'");
    const early = await Promise.race([outside.then(() => "answered"), new Promise((resolve) => setTimeout(resolve, 100, "waiting"))]);
    expect(early).toBe("waiting");
    releaseTransaction();
    await transaction;
    expect((await outside).rows[0]!.count).toBe(2);
    expect(stopped).toEqual([]);
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL)("closing the PGlite thread", () => {
  it("closes once however often it is asked, then refuses queries and transactions", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "pglite-thread-close-"));
    const stopped: Error[] = [];
    try {
      const thread = await startPgliteThread(dataDir, (error) => stopped.push(error));
      await thread.client.query("select 1");
      // Begun before the close: PGlite's close waits for it to finish.
      const open = thread.client.transaction(async (tx) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return (await tx.query<{ one: number }>("select 1 as one")).rows[0]!.one;
      });
      await Promise.all([thread.close(), thread.close()]);
      await expect(open).resolves.toBe(1);
      await expect(thread.client.query("select 1")).rejects.toThrow(/stopped/);
      await expect(thread.client.transaction(async () => "never")).rejects.toThrow(/stopped/);
      // A close asked for is not a crash.
      expect(stopped).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
