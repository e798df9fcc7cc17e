/**
 * `npm run bench -- partner-counting`: the cached home page with partner counting on and off,
 * side by side in one run (issue 41: counting never slows a page by more than 5 %).
 *
 * 1. Two production servers on fresh embedded databases, each with every seeded partner linked to
 *    the home strip (so every request counts when counting is on), one with
 *    PARTNER_COUNTING=off, loaded in turns: off then on, then on then off, … (BENCH_ROUNDS rounds,
 *    default 6; each turn 2 s of warm-up plus BENCH_DURATION seconds at BENCH_CONNECTIONS, default
 *    10), with a browser's user agent so every request counts as a person's. Each round's two turns
 *    are compared with each other (a paired ratio), for req/s and for the server's own CPU time per
 *    request (/proc/<pid>/stat: every thread, the embedded database's included). BENCH_CONTROL=1
 *    runs both servers with counting off: what the method reads when nothing differs.
 * 2. What counting adds to a request, timed on its own: `countPageView` (the server's whole
 *    counting path) for the home page's header, many times in this process, then written by a real
 *    counter to a database and checked. Set against the cached page's CPU time per request.
 * 3. Once both servers have stopped, the impressions the "on" server wrote are checked against the
 *    requests it answered (the "off" one must have written none).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { eq, sum } from "drizzle-orm";
import { openDatabase } from "../db/client.server";
import { partnerDailyCounts, partnerPlacements, partners } from "../db/schema";
import { countPageView, createPartnerCounter } from "../app/features/partners/partner-counter.server";
import { impressionsHeader } from "../app/features/partners/placements";
import { startProductionServer, wholeNumberFromEnv, writeReport, type RunningServer } from "./server";

export const PARTNER_COUNTING_ARG = "partner-counting";
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const WARMUP_SECONDS = 2;
type Mode = "off" | "on";

async function linkEveryPartnerToHome(dataDir: string) {
  const handle = await openDatabase({ dataDir, onConnectionError: () => {} });
  try {
    const list = await handle.db.select({ id: partners.id }).from(partners);
    await handle.db.insert(partnerPlacements).values(list.map((partner) => ({ partnerId: partner.id, placementId: "home" })));
  } finally {
    await handle.close();
  }
}

/** The home strip's impressions written to a database, and how many partners it links. */
async function homeImpressions(dataDir: string): Promise<{ impressions: number; partners: number }> {
  const handle = await openDatabase({ dataDir, migrate: false, seed: false, onConnectionError: () => {} });
  try {
    const [counted] = await handle.db
      .select({ total: sum(partnerDailyCounts.count) })
      .from(partnerDailyCounts)
      .where(eq(partnerDailyCounts.placementId, "home"));
    const linked = await handle.db.select().from(partnerPlacements).where(eq(partnerPlacements.placementId, "home"));
    return { impressions: Number(counted?.total ?? 0), partners: linked.length };
  } finally {
    await handle.close();
  }
}

/**
 * The server's counting path for one request of the home page, timed over many calls in this
 * process (after a warm-up), in microseconds per request; the counts are then written and read
 * back, so the loop is known to have counted what a server would.
 */
async function countingPathMicroseconds(calls = 200_000): Promise<{ microseconds: number; partners: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-counting-path-"));
  await linkEveryPartnerToHome(dataDir);
  const handle = await openDatabase({ dataDir, migrate: false, seed: false, onConnectionError: () => {} });
  try {
    const linked = await handle.db.select().from(partnerPlacements).where(eq(partnerPlacements.placementId, "home"));
    const header = impressionsHeader(linked.map((link) => ["home", link.partnerId] as const));
    const requestHeaders: Record<string, string> = { "user-agent": CHROME, accept: "text/html" };
    const headerOf = (name: string) => requestHeaders[name];
    const counter = createPartnerCounter(handle.db, { flushMs: 3_600_000 });
    for (let i = 0; i < 20_000; i++) countPageView(counter, "GET", headerOf, header);
    const started = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) countPageView(counter, "GET", headerOf, header);
    const elapsed = Number(process.hrtime.bigint() - started) / 1000;
    await counter.stop();
    const [counted] = await handle.db.select({ total: sum(partnerDailyCounts.count) }).from(partnerDailyCounts);
    const expected = (calls + 20_000) * linked.length;
    if (Number(counted?.total ?? 0) !== expected) throw new Error(`the counting path wrote ${counted?.total} impressions, not ${expected}`);
    return { microseconds: elapsed / calls, partners: linked.length };
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** CPU time (user + system, every thread) a process has used, in milliseconds. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function load(url: string, seconds: number, connections: number) {
  return autocannon({ url, connections, duration: seconds, headers: { "user-agent": CHROME } });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percent = (ratio: number) => `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(1)} %`;

export async function benchPartnerCounting(duration: number): Promise<number> {
  const rounds = wholeNumberFromEnv("BENCH_ROUNDS", 6, 1, 40);
  const connections = wholeNumberFromEnv("BENCH_CONNECTIONS", 10, 1, 256);
  const control = process.env.BENCH_CONTROL === "1";
  const servers: Record<Mode, RunningServer | undefined> = { off: undefined, on: undefined };
  const turns: Record<Mode, Array<{ requestsPerSecond: number; cpuUsPerRequest: number; p99: number }>> = { off: [], on: [] };
  const answered: Record<Mode, number> = { off: 0, on: 0 };
  const written: Partial<Record<Mode, { impressions: number; partners: number }>> = {};
  let loads = 0;
  let problems = 0;
  const countingPath = await countingPathMicroseconds();
  console.log(`counting path: ${countingPath.microseconds.toFixed(2)} µs a request (${countingPath.partners} partners on the page)`);
  if (control) console.log("BENCH_CONTROL=1: both servers count nothing; the figures show the method's own noise");
  try {
    for (const mode of ["off", "on"] as const) {
      servers[mode] = await startProductionServer({
        prepareDataDir: linkEveryPartnerToHome,
        env: { PARTNER_COUNTING: control ? "off" : mode },
        inspectDataDir: async (dataDir) => void (written[mode] = await homeImpressions(dataDir)),
      });
    }
    for (let round = 0; round < rounds; round++) {
      // Each round the other goes first, so neither gains from its place in the turns.
      for (const mode of round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const)) {
        const server = servers[mode]!;
        const url = `${server.url}/`;
        const warmUp = await load(url, WARMUP_SECONDS, connections);
        const cpuBefore = cpuMs(server.pid);
        const result = await load(url, duration, connections);
        const cpu = cpuMs(server.pid) - cpuBefore;
        if (mode === "on") loads += 2;
        if (warmUp.errors + result.errors + warmUp.non2xx + result.non2xx > 0) problems += 1;
        answered[mode] += warmUp.requests.total + result.requests.total;
        const turn = {
          requestsPerSecond: result.requests.average,
          cpuUsPerRequest: (cpu * 1000) / result.requests.total,
          p99: result.latency.p99,
        };
        turns[mode].push(turn);
        console.log(
          `round ${round + 1} counting ${mode.padEnd(3)}: ${turn.requestsPerSecond.toFixed(0)} req/s, ${turn.cpuUsPerRequest.toFixed(0)} µs of server CPU a request, p99 ${turn.p99} ms`,
        );
      }
    }
  } finally {
    await servers.off?.stop();
    await servers.on?.stop();
  }
  const pairs = turns.on.map((on, index) => ({
    throughput: on.requestsPerSecond / turns.off[index]!.requestsPerSecond,
    cpu: on.cpuUsPerRequest / turns.off[index]!.cpuUsPerRequest,
  }));
  const throughputs = pairs.map((pair) => pair.throughput);
  const cpus = pairs.map((pair) => pair.cpu);
  const offThroughput = turns.off.map((turn) => turn.requestsPerSecond);
  const offCpu = median(turns.off.map((turn) => turn.cpuUsPerRequest));
  console.log(
    `\nthroughput, counting on ÷ off per round: median ${percent(median(throughputs))} (rounds from ${percent(Math.min(...throughputs))} to ${percent(Math.max(...throughputs))})`,
  );
  console.log(
    `server CPU a request, on ÷ off per round: median ${percent(median(cpus))} (rounds from ${percent(Math.min(...cpus))} to ${percent(Math.max(...cpus))})`,
  );
  console.log(
    `noise: the "off" server's own turns ran from ${Math.min(...offThroughput).toFixed(0)} to ${Math.max(...offThroughput).toFixed(0)} req/s (medians: off ${median(offThroughput).toFixed(0)}, on ${median(turns.on.map((turn) => turn.requestsPerSecond)).toFixed(0)} req/s)`,
  );
  console.log(
    `counting path ${countingPath.microseconds.toFixed(2)} µs against ${offCpu.toFixed(0)} µs of server CPU for a cached / (median, counting off): ${((100 * countingPath.microseconds) / offCpu).toFixed(2)} %`,
  );
  // autocannon stops counting when a load ends while each connection's last request may still be
  // answered (and counted by the server): at most this many answers more than it reports.
  const inFlightAtEnd = loads * connections;
  const on = written.on;
  const expected = control ? 0 : (on?.partners ?? 0) * answered.on;
  const most = control ? 0 : (on?.partners ?? 0) * (answered.on + inFlightAtEnd);
  console.log(
    `counted: ${on?.impressions ?? "?"} home impressions written by the "on" server for ${answered.on} answers (and up to ${inFlightAtEnd} in flight when loads ended) × ${on?.partners ?? "?"} partners: ${expected}–${most}; the "off" server wrote ${written.off?.impressions ?? "?"}`,
  );
  if (!on || on.impressions < expected || on.impressions > most || written.off?.impressions !== 0) {
    console.error("FAILED: the impressions written do not match the requests answered");
    problems += 1;
  }
  const report = writeReport("bench-partner-counting", {
    date: new Date().toISOString(),
    control,
    duration,
    rounds,
    connections,
    turns,
    pairs,
    medianThroughputRatio: median(throughputs),
    medianCpuRatio: median(cpus),
    countingPathMicroseconds: countingPath.microseconds,
    answered,
    written,
  });
  console.log(`report: ${report}`);
  if (problems > 0) console.error(`FAILED: ${problems} problems (turns with errors or non-2xx answers, or counts that do not match)`);
  return problems > 0 ? 1 : 0;
}
