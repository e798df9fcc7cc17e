/**
 * Race weekend, live (issue 39, ADR 0124): thousands of live readers through nginx as
 * deploy/nginx configures it, on loopback, for minutes, while a desk appends an update every few
 * seconds. Not a test: a measurement, written up in docs/performance.md ("Race weekend live").
 *
 *   ulimit -n 65536
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/live.ts
 *
 * Two phases, one after the other, on the same app processes and nginx:
 *   1. LIVE_READERS Server-Sent Events readers (default 2,000) held for LIVE_DURATION seconds
 *      (default 600), an update appended every LIVE_INTERVAL seconds (default 3): each update's
 *      delivery latency to every reader (from just before its transaction to its arrival),
 *      p50/p95/max; readers that missed an update or saw one twice; the app's requests and its
 *      hub's reads of the log per update; every app process's resident memory over time.
 *   2. LIVE_POLLERS pollers of the "updates since N" feed (default 2,000) for LIVE_FEED_DURATION
 *      seconds (default 120), each asking every 3-5 s as the browser does: the requests that reach
 *      the app per update (nginx answers the rest), and how long an update takes to be seen.
 *
 * Runs on PostgreSQL only (BENCH_DATABASE_URL: a database of its own is created and dropped),
 * with BENCH_PROCESSES app processes (default 2) behind nginx over TLS, as in production: the
 * updates are written by this process, as by another app process's desk. Report:
 * bench/results/bench-live-<time>.json.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client.server";
import { appendLiveEvent, lastLiveEventId } from "../app/features/live/live-events.server";
import { pageCacheConfig } from "../tests/support/caching-proxy";
import { freePort } from "../tests/support/free-port";
import {
  BenchError,
  createBenchDatabase,
  PROJECT_ROOT,
  reportFatal,
  startProductionServer,
  wholeNumberFromEnv,
  writeReport,
} from "./server";

const READERS = wholeNumberFromEnv("LIVE_READERS", 2_000, 1, 20_000);
const DURATION_S = wholeNumberFromEnv("LIVE_DURATION", 600, 5, 3_600);
const INTERVAL_S = wholeNumberFromEnv("LIVE_INTERVAL", 3, 1, 60);
const POLLERS = wholeNumberFromEnv("LIVE_POLLERS", 2_000, 0, 20_000);
const FEED_DURATION_S = wholeNumberFromEnv("LIVE_FEED_DURATION", 120, 5, 3_600);
const PROCESSES = wholeNumberFromEnv("BENCH_PROCESSES", 2, 1, 8);
const METRICS_TOKEN = "live-bench-metrics-token-0123456789abcdef";
const HOST = "ridgeway-racing.example";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** The app's own counters, from its /metrics (each process on its own address, as Prometheus scrapes it). */
async function appCounters(urls: string[]) {
  const totals = { requests: 0, streamOpens: 0, hubReads: 0, feedRequests: 0 };
  for (const url of urls) {
    const text = await (await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    for (const line of text.split("\n")) {
      const value = Number(line.split(" ").at(-1));
      if (line.startsWith("ridgeway_http_requests_total{") && !line.includes('route="/metrics"')) {
        totals.requests += value;
        if (line.includes('route="/live/:roundId/updates"')) totals.feedRequests += value;
      } else if (line.startsWith("ridgeway_live_stream_opens_total{")) totals.streamOpens += value;
      else if (line.startsWith("ridgeway_live_hub_reads_total ")) totals.hubReads += value;
    }
  }
  return totals;
}

/** deploy/nginx/ridgeway.conf and page-cache.conf, as production-files.test.ts runs them, in front of `appUrls`. */
async function startProductionNginx(appUrls: string[]): Promise<{ url: string; stop(): Promise<void> }> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "ridgeway-live-nginx-"));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const cert = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      `/CN=${HOST}`,
      "-keyout",
      `${scratch}/key.pem`,
      "-out",
      `${scratch}/cert.pem`,
    ],
    { encoding: "utf8" },
  );
  if (cert.status !== 0) throw new BenchError(`openssl failed: ${cert.stderr}`);
  let config = readFileSync(path.join(PROJECT_ROOT, "deploy/nginx/ridgeway.conf"), "utf8");
  const replace = (from: string | RegExp, to: string) => {
    const next = config.replace(from, to);
    if (next === config) throw new BenchError(`deploy/nginx/ridgeway.conf no longer contains ${String(from)}`);
    config = next;
  };
  replace("listen 80;", `listen 127.0.0.1:${httpPort};`);
  replace("listen [::]:80;", "");
  replace("listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`);
  replace("listen [::]:443 ssl http2;", "");
  replace(`/etc/letsencrypt/live/${HOST}/fullchain.pem`, `${scratch}/cert.pem`);
  replace(`/etc/letsencrypt/live/${HOST}/privkey.pem`, `${scratch}/key.pem`);
  replace(
    /(\s*server 127\.0\.0\.1:300\d max_fails=3 fail_timeout=10s;)+/,
    appUrls.map((url) => `\n    server ${new URL(url).host} max_fails=3 fail_timeout=10s;`).join(""),
  );
  writeFileSync(path.join(scratch, "ridgeway.conf"), config);
  writeFileSync(path.join(scratch, "page-cache.conf"), pageCacheConfig(path.join(scratch, "cache")));
  writeFileSync(
    path.join(scratch, "nginx.conf"),
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes auto;
worker_rlimit_nofile 65536;
pid ${scratch}/nginx.pid;
error_log ${scratch}/error.log warn;
events { worker_connections 16384; }
http {
  access_log off;
  client_body_temp_path ${scratch}/client_body;
  proxy_temp_path ${scratch}/proxy;
  fastcgi_temp_path ${scratch}/fastcgi;
  uwsgi_temp_path ${scratch}/uwsgi;
  scgi_temp_path ${scratch}/scgi;
  include ${scratch}/page-cache.conf;
  include ${scratch}/ridgeway.conf;
}
`,
  );
  const check = spawnSync("nginx", ["-t", "-p", scratch, "-c", `${scratch}/nginx.conf`], { encoding: "utf8" });
  if (check.status !== 0) throw new BenchError(`nginx -t failed: ${check.stderr}`);
  const child: ChildProcess = spawn("nginx", ["-p", scratch, "-c", `${scratch}/nginx.conf`, "-g", "daemon off;"], { stdio: "ignore" });
  const url = `https://127.0.0.1:${httpsPort}`;
  for (let attempt = 0; ; attempt++) {
    const up = await request(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (attempt > 100) throw new BenchError(`nginx did not start: ${readFileSync(`${scratch}/error.log`, "utf8")}`);
    await delay(100);
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      await Promise.race([exited, delay(5_000)]);
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

const pollAgent = new https.Agent({ keepAlive: true, maxSockets: 256, rejectUnauthorized: false, servername: HOST });

function request(url: string, agent: https.Agent | false = false): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.get(url, { headers: { Host: HOST }, agent, rejectUnauthorized: false, servername: HOST, timeout: 30_000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
  });
}

/** One reader as a browser's EventSource: follows the stream, comes back with Last-Event-ID when it breaks. */
class Reader {
  seen: number[] = [];
  errors: string[] = [];
  reconnects = 0;
  private request: ReturnType<typeof https.get> | null = null;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly onEvent: (id: number, at: number) => void,
  ) {}

  open(): Promise<void> {
    return new Promise((resolve) => {
      const headers: Record<string, string> = { Host: HOST, Accept: "text/event-stream" };
      if (this.seen.length > 0) headers["Last-Event-ID"] = String(this.seen.at(-1));
      const req = https.get(this.url, { headers, agent: false, rejectUnauthorized: false, servername: HOST }, (res) => {
        if (res.statusCode !== 200) {
          this.errors.push(`status ${res.statusCode}`);
          res.resume();
          resolve();
          this.retry();
          return;
        }
        let buffer = "";
        let id: number | null = null;
        let event = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let newline: number;
          while ((newline = buffer.indexOf("\n")) >= 0) {
            const line = buffer.slice(0, newline);
            buffer = buffer.slice(newline + 1);
            if (line === "") {
              if (event === "live" && id !== null) {
                this.seen.push(id);
                this.onEvent(id, performance.now());
              }
              id = null;
              event = "";
            } else if (line.startsWith("id: ")) id = Number(line.slice(4));
            else if (line.startsWith("event: ")) event = line.slice(7);
          }
        });
        res.on("close", () => {
          if (!this.stopped) {
            this.errors.push("stream ended");
            this.retry();
          }
        });
        resolve();
      });
      req.on("error", (error) => {
        if (this.stopped) return;
        this.errors.push(error.message);
        resolve();
        this.retry();
      });
      this.request = req;
    });
  }

  private retry() {
    if (this.stopped) return;
    this.reconnects++;
    setTimeout(() => void this.open(), 2_000 + Math.random() * 3_000);
  }

  close() {
    this.stopped = true;
    this.request?.destroy();
  }
}

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl)
    throw new BenchError("bench/live.ts runs on PostgreSQL: set BENCH_DATABASE_URL (a database of its own is created there).");
  const database = await createBenchDatabase(serverUrl);
  const servers: Awaited<ReturnType<typeof startProductionServer>>[] = [];
  let proxy: Awaited<ReturnType<typeof startProductionNginx>> | undefined;
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  const readers: Reader[] = [];
  try {
    const env = { METRICS_TOKEN, TRUST_PROXY: "true", PUBLIC_URL: `https://${HOST}`, LOG_LEVEL: "warn", PAGE_CACHE_TTL_MS: "60000" };
    servers.push(await startProductionServer({ databaseUrl: database.url, env }));
    for (let n = 1; n < PROCESSES; n++) servers.push(await startProductionServer({ databaseUrl: database.url, env }));
    const appUrls = servers.map((server) => server.url);
    proxy = await startProductionNginx(appUrls);
    handle = await openDatabase({
      databaseUrl: database.url,
      dataDir: os.tmpdir(),
      migrate: false,
      seed: false,
      onConnectionError: () => {},
    });
    const db = handle.db;
    const [round] = await db.query.rounds.findMany({ limit: 1 });
    if (!round) throw new BenchError("the seed has no round");
    const streamUrl = `${proxy.url}/live/${round.id}/events`;
    console.log(`${PROCESSES} app processes behind nginx (${proxy.url}); round ${round.id}`);

    let postId = 0;
    // When each update's transaction began, by its id: known before it commits, since this is
    // the only writer and ids are gap-free (checked below), so a reader that hears of it before
    // the commit's answer reaches this process is still timed.
    const committedAt = new Map<number, number>();
    let lastId = await lastLiveEventId(db);
    const append = async () => {
      const started = performance.now();
      committedAt.set(lastId + 1, started);
      postId++;
      const event = await db.transaction((tx) =>
        appendLiveEvent(tx, {
          roundId: round.id,
          kind: "ticker",
          payload: {
            id: postId,
            kind: "text",
            body: `Lap ${postId}: car 12 up to P4 after a move into Druids, 0.4 s behind P3 and closing.`,
            photo: null,
            driver: null,
            position: null,
            sessionId: null,
            postedAt: new Date().toISOString(),
            editedAt: null,
          },
        }),
      );
      if (event.id !== lastId + 1) throw new BenchError(`another writer appended live events (expected id ${lastId + 1}, got ${event.id})`);
      lastId = event.id;
      return event.id;
    };

    // RSS of every app process, every 15 s, for both phases.
    const rss: Array<{ t: number; mb: number[] }> = [];
    const phaseStart = performance.now();
    const sampleRss = () =>
      rss.push({ t: Math.round((performance.now() - phaseStart) / 1000), mb: servers.map((server) => rssMb(server.pid)) });
    sampleRss();
    const rssTimer = setInterval(sampleRss, 15_000);

    // Phase 1: the stream.
    const latencies = new Map<number, number[]>();
    const onEvent = (id: number, at: number) => {
      const start = committedAt.get(id);
      if (start === undefined) return;
      let list = latencies.get(id);
      if (!list) latencies.set(id, (list = []));
      list.push(at - start);
    };
    console.log(`opening ${READERS} streams...`);
    const opening = performance.now();
    for (let n = 0; n < READERS; n++) {
      const reader = new Reader(`${streamUrl}?after=0`, onEvent);
      readers.push(reader);
      void reader.open();
      if (n % 50 === 49) await delay(25);
    }
    await delay(3_000);
    const openErrors = readers.reduce((sum, reader) => sum + reader.errors.length, 0);
    console.log(
      `opened in ${Math.round(performance.now() - opening)} ms (${openErrors} errors so far); holding ${DURATION_S} s, an update every ${INTERVAL_S} s`,
    );
    const before = await appCounters(appUrls);
    const ids: number[] = [];
    const holdUntil = performance.now() + DURATION_S * 1_000;
    while (performance.now() < holdUntil) {
      ids.push(await append());
      await delay(INTERVAL_S * 1_000);
      if (ids.length % 20 === 0) {
        const recent = latencies.get(ids.at(-2)!) ?? [];
        console.log(
          `  ${ids.length} updates; last full: ${recent.length}/${READERS} readers, max ${Math.round(Math.max(...recent))} ms; rss ${rss.at(-1)?.mb.join(", ")} MB`,
        );
      }
    }
    await delay(3_000);
    const after = await appCounters(appUrls);
    const all: number[] = [];
    const perUpdateMax: number[] = [];
    let incomplete = 0;
    for (const id of ids) {
      const list = latencies.get(id) ?? [];
      if (list.length < READERS) incomplete++;
      all.push(...list);
      perUpdateMax.push(Math.max(...list));
    }
    all.sort((a, b) => a - b);
    const missing = readers.filter((reader) => ids.some((id) => !reader.seen.includes(id))).length;
    const duplicated = readers.filter((reader) => new Set(reader.seen).size !== reader.seen.length).length;
    const streamErrors = readers.reduce((sum, reader) => sum + reader.errors.length, 0);
    const stream = {
      readers: READERS,
      durationS: DURATION_S,
      updates: ids.length,
      deliveries: all.length,
      expectedDeliveries: ids.length * READERS,
      latencyMs: {
        p50: Math.round(percentile(all, 50)),
        p95: Math.round(percentile(all, 95)),
        p99: Math.round(percentile(all, 99)),
        max: Math.round(all.at(-1) ?? NaN),
      },
      updatesNotSeenByAll: incomplete,
      readersMissingAnUpdate: missing,
      readersWithADuplicate: duplicated,
      streamErrors,
      reconnects: readers.reduce((sum, reader) => sum + reader.reconnects, 0),
      app: {
        requestsFinished: after.requests - before.requests,
        streamsOpened: after.streamOpens - before.streamOpens,
        requestsPerUpdate: (after.requests - before.requests + after.streamOpens - before.streamOpens) / ids.length,
        hubReadsPerUpdatePerProcess: (after.hubReads - before.hubReads) / ids.length / PROCESSES,
      },
    };
    console.log(JSON.stringify(stream, null, 2));
    for (const reader of readers) reader.close();
    await delay(2_000);

    // Phase 2: the feed, polled.
    const feed: Record<string, unknown> = { pollers: POLLERS };
    if (POLLERS > 0) {
      console.log(`${POLLERS} pollers of the feed for ${FEED_DURATION_S} s...`);
      const lastId = ids.at(-1) ?? 0;
      const seenAt = new Map<number, number[]>();
      let errors = 0;
      let polls = 0;
      let stopped = false;
      const poller = async () => {
        let since = lastId;
        await delay(Math.random() * 5_000);
        while (!stopped) {
          try {
            const answer = await request(`${proxy!.url}/live/${round.id}/updates?since=${since}`, pollAgent);
            polls++;
            if (answer.status !== 200) errors++;
            else {
              const body = JSON.parse(answer.body) as { events: Array<{ id: number }>; lastEventId: number };
              const now = performance.now();
              for (const event of body.events) {
                let list = seenAt.get(event.id);
                if (!list) seenAt.set(event.id, (list = []));
                list.push(now - (committedAt.get(event.id) ?? now));
              }
              since = body.lastEventId;
            }
          } catch {
            errors++;
          }
          await delay(3_000 + Math.random() * 2_000);
        }
      };
      const feedBefore = await appCounters(appUrls);
      const running = Array.from({ length: POLLERS }, poller);
      const feedIds: number[] = [];
      const feedUntil = performance.now() + FEED_DURATION_S * 1_000;
      while (performance.now() < feedUntil) {
        feedIds.push(await append());
        await delay(INTERVAL_S * 1_000);
      }
      await delay(8_000);
      stopped = true;
      await Promise.all(running);
      const feedAfter = await appCounters(appUrls);
      const seen = feedIds.flatMap((id) => seenAt.get(id) ?? []).sort((a, b) => a - b);
      Object.assign(feed, {
        durationS: FEED_DURATION_S,
        updates: feedIds.length,
        polls,
        pollsPerSecond: Math.round(polls / (FEED_DURATION_S + 8)),
        errors,
        appFeedRequests: feedAfter.feedRequests - feedBefore.feedRequests,
        appFeedRequestsPerUpdate: (feedAfter.feedRequests - feedBefore.feedRequests) / feedIds.length,
        appFeedRequestsPerSecond: (feedAfter.feedRequests - feedBefore.feedRequests) / (FEED_DURATION_S + 8),
        seenLatencyMs: {
          p50: Math.round(percentile(seen, 50)),
          p95: Math.round(percentile(seen, 95)),
          max: Math.round(seen.at(-1) ?? NaN),
        },
        deliveries: seen.length,
        expectedDeliveries: feedIds.length * POLLERS,
      });
      console.log(JSON.stringify(feed, null, 2));
    }
    clearInterval(rssTimer);
    sampleRss();
    const report = {
      when: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      processes: PROCESSES,
      stream,
      feed,
      rssMb: rss,
    };
    console.log(`rss (MB per process) over time: ${rss.map((sample) => `${sample.t}s ${sample.mb.join("/")}`).join(", ")}`);
    console.log(`report: ${writeReport("bench-live", report)}`);
    const failed = stream.streamErrors > 0 || stream.readersMissingAnUpdate > 0 || stream.readersWithADuplicate > 0;
    if (failed) process.exitCode = 1;
  } finally {
    for (const reader of readers) reader.close();
    await handle?.close();
    await proxy?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
    pollAgent.destroy();
  }
}

main().catch(reportFatal);
