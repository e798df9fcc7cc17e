/**
 * Publishing a session's result from a pasted 30-car TSL classification, measured inside one
 * process without HTTP (issue 39): the dry run (what the Preview button runs), the publish (what
 * the Publish button runs: the sheet read again, the version, our drivers' results, the audit and
 * the live event in one transaction), and the time from the publish's start until the
 * `classification` event can be read from the live_events log by another reader (on PostgreSQL a
 * second connection pool, as another process would; on PGlite the same handle, which is all an
 * embedded database has). Each run is a new version of Race 1 at Silverstone, our drivers'
 * order alternating so every publish writes their results.
 *
 *   npx tsx bench/result-publish.ts [publishes=40]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<empty database> npx tsx bench/result-publish.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { openDatabase } from "../db/client.server";
import { auditedWrite, type AuditActor } from "../app/features/admin/audit.server";
import { lastLiveEventId, readLiveEvents } from "../app/features/live/live-events.server";
import { previewSessionResult, publishSessionResult, type ResultInput } from "../app/features/results/session-result.server";
import { tslSheet } from "../tests/support/tsl-sheet";

const total = Number(process.argv[2] ?? 40);
const ROUND = "2025-r9-silverstone-national";
const RACE_1 = `${ROUND}-s2`;
const actor: AuditActor = { id: null, label: "result-publish bench", roles: ["editor"], actingAs: "editor" };

const ORDERS = [
  [
    { number: 7, name: "Oliver Hartley", cl: "F3A" },
    { number: 12, name: "Ethan Cole", cl: "F3A" },
    { number: 44, name: "Jack Pemberton", cl: "FF1600" },
    { number: 23, name: "Sophie Marsh", cl: "F3B", status: "DNF" as const },
  ],
  [
    { number: 12, name: "Ethan Cole", cl: "F3A" },
    { number: 7, name: "Oliver Hartley", cl: "F3A" },
    { number: 23, name: "Sophie Marsh", cl: "F3B" },
    { number: 44, name: "Jack Pemberton", cl: "FF1600", status: "RET" as const },
  ],
];

function summary(label: string, values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  console.log(`${label}: p50 ${round(at(50))} ms, p95 ${round(at(95))} ms, max ${round(sorted.at(-1)!)} ms (${sorted.length} runs)`);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "ridgeway-bench-result-"));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const handle = await openDatabase({ dataDir, databaseUrl, onConnectionError: () => {} });
// Another process's view of the log: a pool of its own on PostgreSQL.
const reader = databaseUrl
  ? await openDatabase({ dataDir, databaseUrl, onConnectionError: () => {}, migrate: false, seed: false })
  : handle;
try {
  const context = { db: handle.db, log: pino({ level: "silent" }), requestId: "bench", contentChanged: async () => {} };
  const previews: number[] = [];
  const publishes: number[] = [];
  const readable: number[] = [];
  for (let run = 0; run < total + 3; run++) {
    const input: ResultInput = {
      text: tslSheet({ ours: ORDERS[run % 2], status: run === 0 ? "Provisional" : "Final", issued: "12:51" }),
      status: run === 0 ? "provisional" : "final",
      issuedAt: "",
      note: run > 1 ? `Bulletin ${run}: bench re-issue` : "",
    };
    const now = new Date();
    const started = performance.now();
    const preview = await previewSessionResult(handle.db, ROUND, RACE_1, input, now);
    if (!preview.ok) throw new Error(JSON.stringify(preview.problems));
    const previewed = performance.now();
    const before = await lastLiveEventId(reader.db);
    const publishStart = performance.now();
    const result = await auditedWrite(context, actor, (tx) =>
      publishSessionResult(tx, null, ROUND, RACE_1, input, preview.preview.fingerprint, now),
    );
    if (!result.ok) throw new Error(result.message);
    const published = performance.now();
    // Polled as a reader that was told "there is something after `before`" would read it.
    let seen = 0;
    while (!seen) {
      const events = await readLiveEvents(reader.db, ROUND, before, 10);
      if (events.some((event) => event.kind === "classification" && event.payload.version === result.value.version))
        seen = performance.now();
    }
    // The first three runs warm up (JIT, the plan cache).
    if (run < 3) continue;
    previews.push(previewed - started);
    publishes.push(published - publishStart);
    readable.push(seen - publishStart);
  }
  console.log(`database: ${databaseUrl ? "PostgreSQL" : "PGlite"}; 30 cars, 4 of them ours, each publish a new version of Race 1`);
  summary("dry run (Preview)", previews);
  summary("publish (Publish: read, version, results, audit, live event; committed)", publishes);
  summary("publish start → classification event readable by another reader", readable);
} finally {
  if (reader !== handle) await reader.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
