/**
 * Load test: for each route, compare the server-rendered page with a static
 * copy of the same HTML served by the same process (its static file handler).
 *
 *   npm run bench -- / /terms
 *   BENCH_DURATION=30 npm run bench -- /
 *   BENCH_PROXY=nginx BENCH_CONNECTIONS=256 npm run bench -- /   (both through deploy/nginx/page-cache.conf)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_PROCESSES=2 npm run bench -- /
 *     (two app processes on one new PostgreSQL database, behind nginx)
 *
 * Each route is loaded as three visitors (anonymous, with an unrelated cookie, signed in) and
 * as its static copy, one after another in the same run.
 */
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startNginx, type CachingProxy } from "../tests/support/caching-proxy";
import { benchCheckout, CHECKOUT_ARG } from "./checkout";
import { benchPartnerCounting, PARTNER_COUNTING_ARG } from "./partner-counting";
import { benchPartnerReport, PARTNER_REPORT_ARG } from "./partner-report";
import { benchPushFanout, PUSH_FANOUT_ARG } from "./push-fanout";
import {
  BenchError,
  createBenchDatabase,
  createStaticCopies,
  reportFatal,
  routesFromArgs,
  wholeNumberFromEnv,
  startProductionServer,
  writeReport,
  type RunningServer,
  type StaticCopies,
} from "./server";

const CONNECTIONS = wholeNumberFromEnv("BENCH_CONNECTIONS", 10, 1, 256);
const WARMUP_SECONDS = 2;

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

/**
 * Who asks for the page, which decides what may answer it: an anonymous visitor and one with a
 * cookie the site does not read (consent, analytics) get the shared page from the cache; a
 * signed-in visitor's page is rendered for them.
 */
const VISITORS = ["anonymous", "cookie", "signed-in"] as const;
type Visitor = (typeof VISITORS)[number];
const UNRELATED_COOKIE = "consent=analytics; _ga=GA1.1.1234567890.1764000000";

interface RouteFigures {
  route: string;
  status: number;
  htmlBytes: number;
  visitors: Record<Visitor, LoadFigures>;
  static: LoadFigures;
  /** Each visitor's req/s divided by the static copy's. */
  ratios: Record<Visitor, number>;
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

async function load(url: string, duration: number, headers: Record<string, string>): Promise<autocannon.Result> {
  // autocannon must never leave this machine; the server only listens on 127.0.0.1.
  if (new URL(url).hostname !== "127.0.0.1") throw new Error(`refusing to load ${url}: not 127.0.0.1`);
  return autocannon({ url, connections: CONNECTIONS, duration, headers });
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

async function measure(
  origin: string,
  pathname: string,
  duration: number,
  label: string,
  headers: Record<string, string> = {},
): Promise<LoadFigures> {
  const url = origin + pathname;
  process.stdout.write(`  ${label} ${pathname}: warm-up ${WARMUP_SECONDS} s, measure ${duration} s\n`);
  await load(url, WARMUP_SECONDS, headers);
  return figures(pathname, await load(url, duration, headers));
}

/**
 * Creates an account on the server and signs it in, as a person does with the sign-in form: a
 * sign-up itself signs nobody in (ADR 0099). Returns the session cookie.
 */
async function signedInCookie(serverUrl: string): Promise<string> {
  const email = `bench.${Date.now()}@example.com`;
  const password = "a long enough bench password";
  const post = (fields: Record<string, string>) =>
    fetch(`${serverUrl}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: serverUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  const signUp = await post({ intent: "sign-up", name: "Bench Visitor", email, password, role: "team_member" });
  if (signUp.status >= 400) throw new BenchError(`signing up was refused (HTTP ${signUp.status})`);
  const signIn = await post({ intent: "sign-in", email, password });
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token")) throw new BenchError(`signing in after sign-up gave no session (HTTP ${signIn.status})`);
  return cookie;
}

function printTable(figs: RouteFigures): void {
  const rows: string[][] = [
    ["", "req/s", "÷static", "p50 ms", "p99 ms", "non-2xx", "errors"],
    ...[
      ...VISITORS.map((visitor) => [visitor, figs.visitors[visitor], figs.ratios[visitor]] as const),
      ["static", figs.static, 1] as const,
    ].map(([label, f, ratio]) => [
      label,
      f.requestsPerSecond.toFixed(1),
      ratio.toFixed(2),
      String(f.latencyP50Ms),
      String(f.latencyP99Ms),
      String(f.non2xx),
      String(f.errors),
    ]),
  ];
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  const line = (row: string[]) => row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join("  ");
  console.log(`\n${figs.route}  (HTTP ${figs.status}, ${figs.htmlBytes} bytes of HTML)`);
  console.log(line(rows[0]!));
  for (const row of rows.slice(1)) console.log(line(row));
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes(CHECKOUT_ARG)) {
    if (args.length > 1) throw new BenchError(`"${CHECKOUT_ARG}" runs on its own: npm run bench -- ${CHECKOUT_ARG}`);
    return benchCheckout(durationFromEnv());
  }
  if (args.includes(PARTNER_COUNTING_ARG)) {
    if (args.length > 1) throw new BenchError(`"${PARTNER_COUNTING_ARG}" runs on its own: npm run bench -- ${PARTNER_COUNTING_ARG}`);
    return benchPartnerCounting(durationFromEnv());
  }
  if (args.includes(PARTNER_REPORT_ARG)) {
    if (args.length > 1) throw new BenchError(`"${PARTNER_REPORT_ARG}" runs on its own: npm run bench -- ${PARTNER_REPORT_ARG}`);
    return benchPartnerReport();
  }
  if (args.includes(PUSH_FANOUT_ARG)) {
    if (args.length > 1) throw new BenchError(`"${PUSH_FANOUT_ARG}" runs on its own: npm run bench -- ${PUSH_FANOUT_ARG}`);
    return benchPushFanout(durationFromEnv());
  }
  const routes = routesFromArgs(args);
  const duration = durationFromEnv();
  const processes = wholeNumberFromEnv("BENCH_PROCESSES", 1, 1, 8);
  const databaseServer = process.env.BENCH_DATABASE_URL ?? "";
  const proxyKind = process.env.BENCH_PROXY ?? (processes > 1 ? "nginx" : "");
  if (proxyKind !== "" && proxyKind !== "nginx") throw new BenchError(`BENCH_PROXY must be "nginx" or unset (got "${proxyKind}").`);
  if (processes > 1 && (databaseServer === "" || proxyKind !== "nginx")) {
    throw new BenchError(
      "BENCH_PROCESSES above 1 needs BENCH_DATABASE_URL (a PostgreSQL server; the processes share one database) and the nginx proxy in front.",
    );
  }
  const database = databaseServer ? await createBenchDatabase(databaseServer) : undefined;
  const servers: RunningServer[] = [];
  let proxy: CachingProxy | undefined;
  let staticCopies: StaticCopies | undefined;
  const problems: string[] = [];
  const results: RouteFigures[] = [];
  try {
    // One at a time: the first migrates and seeds the database the others then share.
    for (let n = 0; n < processes; n++) servers.push(await startProductionServer({ databaseUrl: database?.url }));
    const server = servers[0]!;
    staticCopies = createStaticCopies();
    // Through the proxy, both the page and its static copy are what nginx keeps and serves.
    if (proxyKind === "nginx") proxy = await startNginx(servers.map(({ url }) => url));
    const origin = proxy?.url ?? server.url;
    // BENCH_ACCEPT_ENCODING=br asks for what browsers take (through nginx both the page and its
    // copy are then kept compressed); by default nothing is compressed.
    const encoding: Record<string, string> = process.env.BENCH_ACCEPT_ENCODING
      ? { "accept-encoding": process.env.BENCH_ACCEPT_ENCODING }
      : {};
    const visitorHeaders: Record<Visitor, Record<string, string>> = {
      anonymous: { ...encoding },
      cookie: { ...encoding, cookie: UNRELATED_COOKIE },
      "signed-in": { ...encoding, cookie: await signedInCookie(server.url) },
    };
    for (const route of routes) {
      const response = await fetch(server.url + route, { redirect: "manual" });
      const html = await response.text();
      if (response.status !== 200) {
        problems.push(`${route}: answered ${response.status} (expected 200)`);
      }
      // Every process serves the static copy from the same build directory.
      const staticPath = await staticCopies.add(
        route,
        html,
        servers.map(({ url }) => url),
      );

      console.log(`\n${route} → static copy ${staticPath}`);
      const visitors = {} as Record<Visitor, LoadFigures>;
      for (const visitor of VISITORS) visitors[visitor] = await measure(origin, route, duration, visitor, visitorHeaders[visitor]);
      const stat = await measure(origin, staticPath, duration, "static", encoding);
      const ratio = (f: LoadFigures) => (stat.requestsPerSecond > 0 ? f.requestsPerSecond / stat.requestsPerSecond : 0);
      const figs: RouteFigures = {
        route,
        status: response.status,
        htmlBytes: Buffer.byteLength(html),
        visitors,
        static: stat,
        ratios: { anonymous: ratio(visitors.anonymous), cookie: ratio(visitors.cookie), "signed-in": ratio(visitors["signed-in"]) },
      };
      results.push(figs);
      printTable(figs);

      for (const [label, f] of [...Object.entries(visitors), ["static", stat] as const]) {
        if (f.errors > 0) problems.push(`${label} ${f.path}: ${f.errors} request errors (${f.timeouts} timeouts)`);
        // A route that did not answer 200 to start with is already reported above.
        if (f.non2xx > 0 && (f === stat || response.status === 200)) {
          problems.push(`${label} ${f.path}: ${f.non2xx} non-2xx responses ${JSON.stringify(f.statusCodes)}`);
        }
      }
    }
  } finally {
    staticCopies?.remove();
    await proxy?.stop();
    for (const server of servers) await server.stop();
    await database?.drop();
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
    processes,
    database: database ? "postgresql" : "pglite",
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
