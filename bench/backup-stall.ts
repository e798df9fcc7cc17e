/**
 * How long a page's query waits while a backup runs (issue 37): opens a fresh seeded database
 * (PGlite in a temporary DATA_DIR, or DATABASE_URL's PostgreSQL database, which must be empty),
 * runs a page's query back to back (5 ms apart) for a while alone, then while BACKUPS backups run
 * one after another, and prints the query's latencies and the main thread's event-loop delay.
 * MEDIA_MB=n first stores n pictures' worth of random bytes (1 MB each) in media_blobs, as a
 * week of uploads would.
 *
 *   npx tsx bench/backup-stall.ts            # embedded
 *   DATABASE_URL=postgres://… npx tsx bench/backup-stall.ts
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "../db/client.server";
import { runBackup } from "../app/features/operations/backup.server";

const BACKUPS = Number(process.env.BACKUPS ?? 3);
const MEDIA_MB = Number(process.env.MEDIA_MB ?? 0);
const dataDir = mkdtempSync(path.join(tmpdir(), "ridgeway-backup-stall-"));
const directory = path.join(dataDir, "backups");
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

const handle = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL, onConnectionError: () => {} });
/** The news page's list: what a visitor's page waits for. */
const pageQuery = () =>
  queryRows(
    handle.db,
    sql`select id, slug, title, publish_at from articles where status = 'published' and publish_at <= now() order by publish_at desc limit 12`,
  );

async function sample(whileRunning: () => Promise<unknown>): Promise<{ latencies: number[]; loopMaxMs: number }> {
  const latencies: number[] = [];
  let done = false;
  const loop = (async () => {
    while (!done) {
      const started = performance.now();
      await pageQuery();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  await whileRunning();
  histogram.disable();
  done = true;
  await loop;
  return { latencies, loopMaxMs: histogram.max / 1e6 };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const describe = (label: string, { latencies, loopMaxMs }: { latencies: number[]; loopMaxMs: number }) =>
  console.log(
    `${label}: ${latencies.length} queries, p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms, worst ${Math.max(...latencies).toFixed(0)} ms; event loop delayed up to ${loopMaxMs.toFixed(0)} ms`,
  );

try {
  for (let i = 0; i < MEDIA_MB; i++) {
    await handle.db.execute(
      sql`insert into media_blobs (key, content_type, bytes, data) values (${`bench/${i}.jpg`}, 'image/jpeg', ${1_000_000}, ${randomBytes(1_000_000)})`,
    );
  }
  for (let i = 0; i < 20; i++) await pageQuery();
  describe("alone (3 s)", await sample(() => new Promise((resolve) => setTimeout(resolve, 3000))));
  const reports: string[] = [];
  const during = await sample(async () => {
    for (let i = 0; i < BACKUPS; i++) {
      const report = await runBackup(handle, { directory, keep: 0, offsite: null, dataDir }, { trigger: "command", log: quiet });
      reports.push(
        `${report.durationMs} ms${report.pauseMs === undefined ? "" : ` (pause ${report.pauseMs} ms)`}, ${(report.bytes / 1e6).toFixed(1)} MB`,
      );
    }
  });
  describe(`during ${BACKUPS} backups (${handle.kind})`, during);
  console.log(`backups: ${reports.join("; ")}`);
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
