/**
 * npm run db:move (issue 20 item 3, ADR 0045): the embedded database to the machine's
 * PostgreSQL, every table compared, and the site's own start on DATABASE_URL sees the same data
 * and can go on writing (sequences carried over). Runs in the PostgreSQL pass
 * (TEST_DATABASE_URL), from a PGlite directory of its own.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type Database } from "../../db/client.server";
import { contactMessages, mediaBlobs } from "../../db/schema";
import { tableChecksums, type TableChecksum } from "../../app/features/operations/table-checksums.server";
import { createTestDatabase } from "../support/test-database";
import { paidOrder } from "../support/shop-orders";

const root = path.resolve(import.meta.dirname, "../..");

function move(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/db-move.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

function checksumsOf(db: Database): Promise<TableChecksum[]> {
  return db.transaction((tx) =>
    tableChecksums(
      async (text) => ((await tx.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> }).rows,
      ["public"],
    ),
  );
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("moving the embedded database to PostgreSQL", () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "ridgeway-move-")), "data");
  afterAll(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

  it("copies every table exactly, refuses a non-empty target or a running site, and the site goes on from there", async () => {
    // The embedded site with orders, a message and a binary file in it.
    const source = await openDatabase({ dataDir, onConnectionError: () => {} });
    for (let n = 0; n < 3; n++) await paidOrder(source.db, { customer: { name: "Moving Buyer", email: `move${n}@example.com` } });
    await source.db.insert(contactMessages).values({
      name: "Sam",
      email: "sam@example.com",
      subject: "Hi",
      category: "general",
      message: "Ünïcödé, 'quotes', \\ and\ttabs\nnewlines",
    });
    const everyByte = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    await source.db
      .insert(mediaBlobs)
      .values({ key: "move-test", contentType: "application/octet-stream", bytes: everyByte.length, data: everyByte });
    const before = await checksumsOf(source.db);

    const target = await createTestDatabase();
    try {
      // The site still has the directory open: refused.
      const whileRunning = await move([target.databaseUrl!], dataDir);
      expect(whileRunning.code).toBe(1);
      expect(whileRunning.output).toMatch(/Stop the site first/);
      await source.close();

      const moved = await move([target.databaseUrl!], dataDir);
      expect(moved.output).toMatch(/Moved \d+ tables \(\d+ rows\) and \d+ sequences in [\d.]+ s; every table's count and checksum match\./);
      expect(moved.code).toBe(0);

      const again = await move([target.databaseUrl!], dataDir);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/is not empty .*--force/s);

      // What the site does on DATABASE_URL: migrate (nothing to do) and seed (already there).
      const moved_ = await openDatabase({ dataDir, databaseUrl: target.databaseUrl, onConnectionError: () => {} });
      try {
        expect(await checksumsOf(moved_.db)).toEqual(before);
        const [blob] = await moved_.db
          .select()
          .from(mediaBlobs)
          .where(sql`${mediaBlobs.key} = 'move-test'`);
        expect(Buffer.compare(blob!.data, everyByte)).toBe(0);
        // Sequences carried over: new rows get new ids.
        const order = await paidOrder(moved_.db, { customer: { name: "After Move", email: "after@example.com" } });
        const lines = await queryRows<{ n: number }>(
          moved_.db,
          sql`select count(*)::int as n from order_lines where order_id = ${order.id}`,
        );
        expect(lines[0]!.n).toBe(1);
      } finally {
        await moved_.close();
      }
    } finally {
      await target.drop();
    }
  });
});
