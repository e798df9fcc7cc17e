/**
 * The restore drill (issue 20 item 2, ADR 0044): seed, place and pay orders, back up while a
 * load of checkouts and payments runs, restore into a fresh place, and compare with what was
 * acknowledged before the backup started. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type Database, type DatabaseHandle } from "../../db/client.server";
import { runBackup } from "../../app/features/operations/backup.server";
import { restoreBackup } from "../../app/features/operations/restore.server";
import { tableChecksums, type RunQuery, type TableChecksum } from "../../app/features/operations/table-checksums.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { paidOrder } from "../support/shop-orders";

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const STOCK = 100_000;

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/** Every table's count and checksum, read in one transaction (one moment). */
function checksumsOf(db: Database): Promise<TableChecksum[]> {
  return db.transaction((tx) => tableChecksums(async (text) => rowsOf(await tx.execute(sql.raw(text)))), {
    isolationLevel: "repeatable read",
  });
}

/** One checksum of the rows of `table` whose `column` is one of `ids`. */
function rowsChecksum(
  db: Database,
  table: "orders" | "order_lines" | "payment_events",
  column: string,
  ids: string[],
): Promise<{ rows: number; checksum: string }> {
  return db.transaction(async (tx) => {
    const run: RunQuery = async (text) => rowsOf(await tx.execute(sql.raw(text)));
    await run("set local timezone = 'UTC'");
    const list = ids.map((id) => `'${id}'`).join(",");
    const [row] = await run(
      `select count(*)::int as rows, md5(coalesce(string_agg(h, '' order by h), '')) as checksum
       from (select md5(t::text) as h from ${table} t where ${column}::text in (${list})) x`,
    );
    return { rows: Number(row!.rows), checksum: String(row!.checksum) };
  });
}

describe("backup while writes run, then restore into a fresh place", () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let handle: DatabaseHandle;
  let backupDir: string;

  beforeAll(async () => {
    source = await createTestDatabase();
    target = await createTestDatabase();
    backupDir = mkdtempSync(path.join(tmpdir(), "ridgeway-backups-"));
    handle = await openDatabase({ dataDir: source.dataDir, databaseUrl: source.databaseUrl, onConnectionError: () => {} });
  });
  afterAll(async () => {
    await handle?.close();
    await source?.drop();
    await target?.drop();
    rmSync(backupDir, { recursive: true, force: true });
  });

  it("restores a consistent copy holding everything acknowledged before the backup started", async () => {
    const db = handle.db;
    await db.execute(sql`update product_variants set stock = ${STOCK}`);
    const variants = await queryRows<{ id: number; product_id: number; size: string }>(
      db,
      sql`select id, product_id, size from product_variants where product_id in (select id from products where active) order by id limit 4`,
    );
    expect(variants.length).toBeGreaterThan(0);
    const lineFor = (n: number) => {
      const variant = variants[n % variants.length]!;
      return [{ productId: variant.product_id, size: variant.size, quantity: 1 + (n % 3) }];
    };

    // Seeded site, a few paid orders before anything else.
    for (let n = 0; n < 3; n++)
      await paidOrder(db, { lines: lineFor(n), customer: { name: "Early Buyer", email: `early${n}@example.com` } });

    // The write load: checkouts paid one after another, from two loops at once.
    const acknowledged: string[] = [];
    let stop = false;
    let count = 0;
    const loop = async () => {
      while (!stop) {
        const n = count++;
        const order = await paidOrder(db, { lines: lineFor(n), customer: { name: "Load Buyer", email: `load${n}@example.com` } });
        acknowledged.push(order.id);
      }
    };
    const loops = [loop(), loop()];
    while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 20));

    // The moment the backup starts: what has been acknowledged, and every table as it is.
    const ackedBeforeStart = [...acknowledged];
    const beforeStart = await checksumsOf(db);
    const report = await runBackup(
      handle,
      { directory: backupDir, keep: 0, offsite: null, dataDir: source.dataDir },
      { trigger: "command", log: quiet },
    );
    const ackedWhileBackingUp = acknowledged.length - ackedBeforeStart.length;
    // A little more load after the backup, which the copy must not have.
    const total = acknowledged.length;
    while (acknowledged.length < total + 3) await new Promise((resolve) => setTimeout(resolve, 20));
    stop = true;
    await Promise.all(loops);
    const afterLoad = await checksumsOf(db);

    expect(report.fileName).toMatch(
      new RegExp(`^ridgeway-${source.kind === "pglite" ? "embedded" : "postgres"}-\\d{8}T\\d{6}Z-[0-9a-f]{16}\\.tar$`),
    );
    console.log(
      `drill (${source.kind}): ${ackedBeforeStart.length} orders acknowledged before the backup, ${ackedWhileBackingUp} while it ran (${report.durationMs} ms), ${acknowledged.length} in all`,
    );

    // Restore (which itself compares every table with the counts and checksums in the manifest).
    const restored = await restoreBackup(
      report.path,
      source.kind === "pglite" ? { kind: "embedded", dataDir: target.dataDir } : { kind: "postgres", databaseUrl: target.databaseUrl! },
      { force: false },
    );
    expect(restored.tables).toBe(report.tables);

    const copy = await openDatabase({
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      migrate: false,
      seed: false,
      onConnectionError: () => {},
    });
    try {
      const restoredSums = await checksumsOf(copy.db);
      const byTable = (sums: TableChecksum[]) => new Map(sums.map((sum) => [sum.table, sum]));
      const [start, end, got] = [byTable(beforeStart), byTable(afterLoad), byTable(restoredSums)];
      expect([...got.keys()]).toEqual([...start.keys()]);

      // Tables the load did not write: exactly as they were when the backup started.
      const untouched = [...start.keys()].filter((table) => end.get(table)?.checksum === start.get(table)!.checksum);
      const touched = [...start.keys()].filter((table) => !untouched.includes(table));
      expect(touched).toEqual(expect.arrayContaining(["public.orders", "public.order_lines", "public.payment_events"]));
      // Restore writes one row of its own into the copy, after proving it (issue 37).
      for (const table of untouched.filter((name) => name !== "public.database_restores")) expect(got.get(table)).toEqual(start.get(table));
      expect(got.get("public.database_restores")?.rows).toBe(start.get("public.database_restores")!.rows + 1);

      // The tables it wrote: every order acknowledged before the start is there, unchanged.
      for (const [table, column] of [
        ["orders", "id"],
        ["order_lines", "order_id"],
        ["payment_events", "order_id"],
      ] as const) {
        const want = await rowsChecksum(db, table, column, ackedBeforeStart);
        expect(await rowsChecksum(copy.db, table, column, ackedBeforeStart)).toEqual(want);
      }
      const restoredOrders = got.get("public.orders")!.rows;
      expect(restoredOrders).toBeGreaterThanOrEqual(start.get("public.orders")!.rows);
      expect(restoredOrders).toBeLessThan(end.get("public.orders")!.rows);

      // One moment, not a torn copy: every order has its line and its payment, and the stock
      // taken is exactly what the orders in the copy hold.
      const [torn] = await queryRows<{ without_lines: number; without_payment: number }>(
        copy.db,
        sql`select
              (select count(*)::int from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)) as without_lines,
              (select count(*)::int from orders o where o.status = 'paid' and not exists (select 1 from payment_events e where e.order_id = o.id)) as without_payment`,
      );
      expect(torn).toEqual({ without_lines: 0, without_payment: 0 });
      const stock = await queryRows<{ id: number; stock: number; sold: number }>(
        copy.db,
        sql`select v.id, v.stock, coalesce((select sum(l.quantity)::int from order_lines l where l.variant_id = v.id), 0) as sold
            from product_variants v where v.id in (${sql.join(
              variants.map((variant) => sql`${variant.id}`),
              sql`, `,
            )})`,
      );
      for (const row of stock) expect(row.stock + row.sold).toBe(STOCK);
    } finally {
      await copy.close();
    }
  });
});
