/**
 * Load test: for each route, compare the server-rendered page with a static
 * copy of the same HTML served by the same process (its static file handler).
 *
 *   npm run bench -- / /terms
 *   BENCH_DURATION=30 npm run bench -- /
 *   BENCH_PROXY=nginx BENCH_CONNECTIONS=256 npm run bench -- /   (both through deploy/nginx/page-cache.conf)
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startNginx, type CachingProxy } from "../tests/support/caching-proxy";
import { benchCheckout, CHECKOUT_ARG } from "./checkout";
import { BenchError, PROJECT_ROOT, reportFatal, routesFromArgs, startProductionServer, writeReport } from "./server";

const CONNECTIONS = connectionsFromEnv();
const WARMUP_SECONDS = 2;
const STATIC_DIR_NAME = "__bench";
const STATIC_DIR = path.join(PROJECT_ROOT, "build/client", STATIC_DIR_NAME);

interface LoadFigures {
  path: string;
  requestsPerSecond: number;
  requestsTotal: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAverageMs: number;
  bytesPerSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

interface RouteFigures {
  route: string;
  status: number;
  htmlBytes: number;
  dynamic: LoadFigures;
  static: LoadFigures;
  /** dynamic req/s divided by static req/s. */
  ratio: number;
}

function connectionsFromEnv(): number {
  const raw = process.env.BENCH_CONNECTIONS;
  if (raw === undefined || raw === "") return 10;
  const connections = Number(raw);
  if (!Number.isInteger(connections) || connections < 1 || connections > 256) {
    throw new BenchError(`BENCH_CONNECTIONS must be a whole number from 1 to 256 (got "${raw}").`);
  }
  return connections;
}

function durationFromEnv(): number {
  const raw = process.env.BENCH_DURATION;
  if (raw === undefined || raw === "") return 10;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw new BenchError(`BENCH_DURATION must be a number of seconds between 0 and 3600 (got "${raw}").`);
  }
  return seconds;
}

/** "/" → "index", "/terms" → "terms", "/a/b?x=1" → "a_b_x_1"; unique within `taken`. */
function safeName(route: string, taken: Set<string>): string {
  const base =
    route
      .replace(/^\/+/, "")
      .replace(/[^A-Za-z0-9._-]+/g, "_")
      .replace(/^[._]+|_+$/g, "") || "index";
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  taken.add(name);
  return name;
}

async function load(url: string, duration: number): Promise<autocannon.Result> {
  // autocannon must never leave this machine; the server only listens on 127.0.0.1.
  if (new URL(url).hostname !== "127.0.0.1") throw new Error(`refusing to load ${url}: not 127.0.0.1`);
  return autocannon({ url, connections: CONNECTIONS, duration });
}

function figures(pathname: string, result: autocannon.Result): LoadFigures {
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stats.count ?? 0;
  }
  return {
    path: pathname,
    requestsPerSecond: result.requests.average,
    requestsTotal: result.requests.total,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAverageMs: result.latency.average,
    bytesPerSecond: result.throughput.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}

async function measure(origin: string, pathname: string, duration: number): Promise<LoadFigures> {
  const url = origin + pathname;
  process.stdout.write(`  ${pathname}: warm-up ${WARMUP_SECONDS} s, measure ${duration} s\n`);
  await load(url, WARMUP_SECONDS);
  return figures(pathname, await load(url, duration));
}

function printTable(figs: RouteFigures): void {
  const rows: string[][] = [
    ["", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors"],
    ...[figs.dynamic, figs.static].map((f, i) => [
      `${i === 0 ? "dynamic" : "static"} ${f.path}`,
      f.requestsPerSecond.toFixed(1),
      String(f.latencyP50Ms),
      String(f.latencyP99Ms),
      String(f.non2xx),
      String(f.errors),
    ]),
  ];
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  const line = (row: string[]) =>
    row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join("  ");
  console.log(`\n${figs.route}  (HTTP ${figs.status}, ${figs.htmlBytes} bytes of HTML)`);
  console.log(line(rows[0]!));
  for (const row of rows.slice(1)) console.log(line(row));
  console.log(`dynamic/static req/s: ${figs.ratio.toFixed(3)}\n`);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes(CHECKOUT_ARG)) {
    if (args.length > 1) throw new BenchError(`"${CHECKOUT_ARG}" runs on its own: npm run bench -- ${CHECKOUT_ARG}`);
    return benchCheckout(durationFromEnv());
  }
  const routes = routesFromArgs(args);
  const duration = durationFromEnv();
  const proxyKind = process.env.BENCH_PROXY ?? "";
  if (proxyKind !== "" && proxyKind !== "nginx") throw new BenchError(`BENCH_PROXY must be "nginx" or unset (got "${proxyKind}").`);
  const server = await startProductionServer();
  let proxy: CachingProxy | undefined;
  const removeStaticCopies = () => rmSync(STATIC_DIR, { recursive: true, force: true });
  process.on("exit", removeStaticCopies);
  const problems: string[] = [];
  const results: RouteFigures[] = [];
  try {
    mkdirSync(STATIC_DIR, { recursive: true });
    // Through the proxy, both the page and its static copy are what nginx keeps and serves.
    if (proxyKind === "nginx") proxy = await startNginx(server.url);
    const origin = proxy?.url ?? server.url;
    const taken = new Set<string>();
    for (const route of routes) {
      const response = await fetch(server.url + route, { redirect: "manual" });
      const html = await response.text();
      if (response.status !== 200) {
        problems.push(`${route}: answered ${response.status} (expected 200)`);
      }
      const staticPath = `/${STATIC_DIR_NAME}/${safeName(route, taken)}.html`;
      writeFileSync(path.join(PROJECT_ROOT, "build/client", staticPath), html);
      const check = await fetch(server.url + staticPath);
      const copy = await check.text();
      if (check.status !== 200 || copy !== html) {
        throw new BenchError(`the static copy at ${staticPath} was not served back intact (HTTP ${check.status})`);
      }

      console.log(`\n${route} → static copy ${staticPath}`);
      const dynamic = await measure(origin, route, duration);
      const stat = await measure(origin, staticPath, duration);
      const figs: RouteFigures = {
        route,
        status: response.status,
        htmlBytes: Buffer.byteLength(html),
        dynamic,
        static: stat,
        ratio: stat.requestsPerSecond > 0 ? dynamic.requestsPerSecond / stat.requestsPerSecond : 0,
      };
      results.push(figs);
      printTable(figs);

      for (const f of [dynamic, stat]) {
        if (f.errors > 0) problems.push(`${f.path}: ${f.errors} request errors (${f.timeouts} timeouts)`);
        // A route that did not answer 200 to start with is already reported above.
        if (f.non2xx > 0 && (f === stat || response.status === 200)) {
          problems.push(`${f.path}: ${f.non2xx} non-2xx responses ${JSON.stringify(f.statusCodes)}`);
        }
      }
    }
  } finally {
    removeStaticCopies();
    process.off("exit", removeStaticCopies);
    await proxy?.stop();
    await server.stop();
  }

  const reportPath = writeReport("bench", {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    availableParallelism: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model,
    durationSeconds: duration,
    warmupSeconds: WARMUP_SECONDS,
    connections: CONNECTIONS,
    proxy: proxyKind || null,
    routes: results,
    problems,
  });
  console.log(`report: ${path.relative(process.cwd(), reportPath)}`);
  if (problems.length > 0) {
    console.error(`\nFAILED:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    reportFatal(error);
    process.exitCode = 1;
  },
);
