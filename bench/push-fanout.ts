/**
 * `npm run bench -- push-fanout` (issue 40): a result pushed to 10,000 subscriptions.
 *
 * A push service on this machine (tests/support/mock-push-service.ts) hands out BENCH_SUBSCRIPTIONS
 * (10,000) subscriptions, stored with "results, whole team" in a fresh database; the production
 * server trusts its certificate (NODE_EXTRA_CA_CERTS). Then:
 *
 * 1. `/` is loaded for BENCH_DURATION seconds (10 connections): its p99 without a send.
 * 2. Staff publish Race 1's provisional result at the result desk (over HTTP, the form a browser
 *    without JavaScript posts); from the moment the publish has answered, `/` is loaded again while
 *    the push goes out, until the push service has accepted all of them: the time to the last
 *    one, and `/`'s p99 during the send.
 * 3. The final result is published, and the server is killed with SIGKILL once about a third of
 *    its messages are out, then started again on the same database: the time until the rest are
 *    accepted, and, per subscription, how many messages of that push arrived (none twice: what a
 *    killed process had in flight is never sent again, ADR 0147) and how many never did (at most
 *    the one group in flight, which the server counts as not confirmed).
 *
 * Every message is then checked as a push service would (VAPID signature, aes128gcm) and decrypted
 * with the subscription's own keys; the decrypting waits until the sends are over, so that the push
 * service's work does not load the machine under measurement. BENCH_DATABASE_URL runs it on
 * PostgreSQL. Report: bench/results/bench-push-fanout-<time>.json.
 */
import { fork } from "node:child_process";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import { count, eq } from "drizzle-orm";
import { openDatabase } from "../db/client.server";
import { pushDeliveries, pushes, pushSubscriptions } from "../db/schema";
import { prepareStaff, type PreparedStaff } from "../tests/support/prepared-staff";
import {
  startMockPushService,
  type MockPushService,
  type MockSubscription,
  type ReceivedMessage,
} from "../tests/support/mock-push-service";
import { tslSheet } from "../tests/support/tsl-sheet";
import { freePort } from "../tests/support/free-port";
import {
  BENCH_AUTH_SECRET,
  BenchError,
  createBenchDatabase,
  startProductionServer,
  wholeNumberFromEnv,
  writeReport,
  type RunningServer,
} from "./server";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const PUSH_FANOUT_ARG = "push-fanout";

const ROUND = "2025-r9-silverstone-national";
const RESULT_PATH = `/admin/live/${ROUND}/sessions/${ROUND}-s2/result`;

async function storeSubscriptions(database: { dataDir: string; databaseUrl?: string }, subscriptions: MockSubscription[]) {
  const handle = await openDatabase({ ...database, onConnectionError: () => {} });
  try {
    const now = new Date();
    for (let start = 0; start < subscriptions.length; start += 1000) {
      await handle.db.insert(pushSubscriptions).values(
        subscriptions.slice(start, start + 1000).map((subscription) => ({
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          kinds: ["result"],
          driverIds: [],
          createdAt: now,
          lastSeenAt: now,
        })),
      );
    }
  } finally {
    await handle.close();
  }
}

/** Posts the result desk's form as a browser without JavaScript does: preview, then publish what it showed. */
async function publishResult(url: string, staff: PreparedStaff, status: "provisional" | "final", issued: string) {
  const cookie = staff.sessions
    .shift()!
    .cookies.map(({ name, value }) => `${name}=${value}`)
    .join("; ");
  const post = async (fields: Record<string, string>) => {
    const response = await fetch(`${url}${RESULT_PATH}`, {
      method: "POST",
      headers: { cookie, origin: url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    return { status: response.status, html: await response.text() };
  };
  const fields = { text: tslSheet({ status: status === "final" ? "Final" : "Provisional", issued }), status, issuedAt: "", note: "" };
  const preview = await post({ ...fields, intent: "preview" });
  const fingerprint = /name="fingerprint" value="([^"]+)"/.exec(preview.html)?.[1];
  if (preview.status !== 200 || !fingerprint)
    throw new BenchError(`The result desk's preview answered ${preview.status} without a fingerprint.`);
  const published = await post({ ...fields, intent: "publish", fingerprint });
  if (published.status !== 200 || !published.html.includes("Published")) throw new BenchError(`The publish answered ${published.status}.`);
}

interface HomeLoad {
  requests: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Loads `/` with 10 connections, from a process of its own, until `until` resolves (or for `seconds`): its latency. */
async function loadHome(url: string, options: { seconds?: number; until?: Promise<unknown> }): Promise<HomeLoad> {
  const child = fork(fileURLToPath(new URL("./home-load.ts", import.meta.url)), [`${url}/`, String(options.seconds ?? 600)], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  fullPriority(child.pid);
  void options.until?.then(() => child.connected && child.send("stop"));
  const figures = await new Promise<HomeLoad | { error: string }>((resolve, reject) => {
    child.once("message", (message) => resolve(message as HomeLoad | { error: string }));
    child.once("error", reject);
  });
  if ("error" in figures) throw new BenchError(`The load on / failed: ${figures.error}`);
  return figures;
}

function perSubscription(messages: ReceivedMessage[], subscriptions: MockSubscription[]) {
  const raw = new Map<string, number>();
  const topics = new Map<string, Set<string>>();
  for (const message of messages) {
    raw.set(message.subscriptionId, (raw.get(message.subscriptionId) ?? 0) + 1);
    if (!topics.has(message.subscriptionId)) topics.set(message.subscriptionId, new Set());
    topics.get(message.subscriptionId)!.add(message.topic ?? "");
  }
  const counts = subscriptions.map((subscription) => raw.get(subscription.id) ?? 0);
  return {
    missing: counts.filter((value) => value === 0).length,
    once: counts.filter((value) => value === 1).length,
    repeated: counts.filter((value) => value > 1).length,
    maxRaw: Math.max(...counts),
    shownMoreThanOnce: subscriptions.filter((subscription) => (topics.get(subscription.id)?.size ?? 0) > 1).length,
  };
}

/** What a killed server can have had in flight: one group, as many as the sender's concurrency. */
const IN_FLIGHT_AT_MOST = 32;
/** After the kill, the send counts as done once no message has arrived for this long. */
const QUIET_MS = 5_000;

/**
 * A push service is another company's machine. Here it runs in this process, on the same two
 * cores as the site and the load on `/`: this process takes the CPU last (nice 19), and the
 * server and the load generator it starts are put back to the normal priority, so the push
 * service's TLS and parsing do not count against the site's p99. Needs root (CAP_SYS_NICE) to
 * put them back; without it every process stays as it was, and the report says so.
 */
let priorities = "all at the normal priority";
function pushServiceYields(): void {
  try {
    setPriority(0, 19);
    priorities = "push service at nice 19, server and load at 0";
  } catch {
    // Left as it was.
  }
}
function fullPriority(pid: number | undefined): void {
  if (pid === undefined || priorities.startsWith("all")) return;
  try {
    setPriority(pid, 0);
  } catch {
    priorities = "push service at nice 19, and so the server and load (no CAP_SYS_NICE to put them back)";
  }
}

export async function benchPushFanout(duration: number): Promise<number> {
  const total = wholeNumberFromEnv("BENCH_SUBSCRIPTIONS", 10_000, 10, 100_000);
  const databaseServer = process.env.BENCH_DATABASE_URL ?? "";
  pushServiceYields();
  const mock: MockPushService = await startMockPushService({ deferChecks: true });
  const subscriptions = Array.from({ length: total }, () => mock.subscribe());
  const database = databaseServer ? await createBenchDatabase(databaseServer) : undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-push-"));
  const port = await freePort();
  const env = {
    NODE_EXTRA_CA_CERTS: mock.certFile,
    PUSH_SERVICE_HOSTS: "127.0.0.1",
    AUTH_SECRET: BENCH_AUTH_SECRET,
    LOG_LEVEL: "warn",
  };
  let staff: PreparedStaff | undefined;
  const prepare = async () => {
    await storeSubscriptions({ dataDir, databaseUrl: database?.url }, subscriptions);
    staff = await prepareStaff(
      { dataDir, databaseUrl: database?.url },
      {
        email: "bench-push@example.com",
        name: "Bench Pusher",
        roles: ["editor"],
        secret: BENCH_AUTH_SECRET,
        publicUrl: `http://127.0.0.1:${port}`,
        sessions: 4,
      },
    );
  };
  const start = async () => {
    const running = await startProductionServer({ dataDir, port, env, databaseUrl: database?.url });
    fullPriority(running.pid);
    return running;
  };
  let server: RunningServer | undefined;
  try {
    // The embedded database is prepared before its one process opens it; PostgreSQL after the first has migrated it.
    if (!database) await prepare();
    server = await start();
    if (database) await prepare();
    const url = server.url;
    console.log(`database: ${database ? "PostgreSQL" : "PGlite"}; ${total} subscriptions; / loaded with 10 connections; ${priorities}`);

    await loadHome(url, { seconds: 2 });
    const quiet = await loadHome(url, { seconds: duration });
    console.log(`/ without a send: p50 ${quiet.p50} ms, p99 ${quiet.p99} ms (${quiet.requests} requests)`);

    // 2. The provisional result, the send measured from the publish's answer.
    await publishResult(url, staff!, "provisional", "12:51");
    const published = performance.now();
    const firstTopic = await firstTopicReceived(mock);
    const allAccepted = mock.waitFor((messages) => accepted(messages, firstTopic) >= total, 300_000).then(() => performance.now());
    const during = await loadHome(url, { until: allAccepted });
    const sendSeconds = ((await allAccepted) - published) / 1000;
    console.log(`provisional result: ${total} accepted ${sendSeconds.toFixed(1)} s after the publish answered`);
    // Without a send again, right after: the machine's load drifts, so the two sides of the send are averaged.
    const quietAfter = await loadHome(url, { seconds: duration });
    const quietP99 = (quiet.p99 + quietAfter.p99) / 2;
    const p99Ratio = during.p99 / quietP99;
    console.log(`/ during the send: p50 ${during.p50} ms, p99 ${during.p99} ms (${during.requests} requests)`);
    console.log(
      `/ without a send, after it: p50 ${quietAfter.p50} ms, p99 ${quietAfter.p99} ms: p99 during the send ${p99Ratio.toFixed(2)}× the mean without (${quietP99} ms)`,
    );

    // 3. The final result, the server killed a third of the way through, then started again.
    const before = mock.messages().length;
    await publishResult(url, staff!, "final", "13:25");
    const finalPublished = performance.now();
    await mock.waitFor((messages) => messages.length - before >= total / 3, 300_000);
    await server.kill();
    const killedAt = mock.messages().length - before;
    server = await start();
    const restartedAt = performance.now();
    // Every subscription but at most the group in flight at the kill; then nothing more for a while.
    const acceptedFinals = (messages: ReceivedMessage[]) =>
      new Set(
        messages
          .slice(before)
          .filter((m) => m.status === 201)
          .map((m) => m.subscriptionId),
      ).size;
    await mock.waitFor((messages) => acceptedFinals(messages) >= total - IN_FLIGHT_AT_MOST, 300_000);
    let lastCount = -1;
    let lastChange = performance.now();
    while (performance.now() - lastChange < QUIET_MS) {
      const now = acceptedFinals(mock.messages());
      if (now !== lastCount) [lastCount, lastChange] = [now, performance.now()];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const finalSeconds = (lastChange - finalPublished) / 1000;
    console.log(
      `final result, killed (SIGKILL) after ${killedAt} messages, the rest accepted ${((lastChange - restartedAt) / 1000).toFixed(1)} s after the restart (a killed process's claims wait out their lease), the last ${finalSeconds.toFixed(1)} s after the publish answered`,
    );
    await server.stop();
    server = undefined;

    // Every message checked and decrypted, now that nothing is being measured.
    mock.checkDeferred();
    const all = mock.messages();
    const problems = all.filter((message) => message.problem !== null);
    const firstRun = perSubscription(all.slice(0, before), subscriptions);
    const killedRun = perSubscription(all.slice(before), subscriptions);
    const finals = all.slice(before).filter((message) => message.text !== null);
    const rightText = finals.every((message) => JSON.parse(message.text!).notification.title === "Race 1: final result");
    console.log(
      `checked: ${all.length} messages, ${problems.length} not decrypted or not signed right; finals all say "Race 1: final result": ${rightText}`,
    );
    console.log(`provisional per subscription: ${firstRun.once} once, ${firstRun.repeated} more than once, ${firstRun.missing} missing`);
    console.log(
      `final per subscription across the kill: ${killedRun.once} once, ${killedRun.repeated} more than once (max ${killedRun.maxRaw}), ${killedRun.shownMoreThanOnce} with two different messages, ${killedRun.missing} never (in flight when killed, not sent again)`,
    );
    const counters = await readCounters({ dataDir, databaseUrl: database?.url });
    console.log(`the server's counts: ${JSON.stringify(counters)}`);

    const report = writeReport("push-fanout", {
      database: database ? "postgres" : "pglite",
      subscriptions: total,
      priorities,
      quiet,
      quietAfter,
      during,
      p99Ratio,
      sendSeconds,
      finalSeconds,
      killedAfterMessages: killedAt,
      firstRun,
      killedRun,
      problems: problems.length,
      counters,
    });
    console.log(`report: ${report}`);
    const ok =
      problems.length === 0 &&
      rightText &&
      firstRun.once === total &&
      killedRun.repeated === 0 &&
      killedRun.missing <= IN_FLIGHT_AT_MOST &&
      killedRun.missing <= counters.notConfirmed &&
      sendSeconds <= 60 &&
      p99Ratio <= 1.2 &&
      quiet.errors + during.errors + quietAfter.errors + quiet.non2xx + during.non2xx + quietAfter.non2xx === 0;
    return ok ? 0 : 1;
  } finally {
    await server?.stop();
    await mock.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function accepted(messages: ReceivedMessage[], topic: string): number {
  return messages.filter((message) => message.topic === topic && message.status === 201).length;
}

/** The Topic of the push being sent: the first message's. */
async function firstTopicReceived(mock: MockPushService): Promise<string> {
  const [first] = await mock.waitFor((messages) => messages.length >= 1, 120_000);
  return first!.topic ?? "";
}

async function readCounters(database: { dataDir: string; databaseUrl?: string }) {
  const handle = await openDatabase({ ...database, migrate: false, seed: false, onConnectionError: () => {} });
  try {
    const rows = await handle.db
      .select({ topic: pushes.topic, recipients: pushes.recipients, sent: pushes.sent, failed: pushes.failed, pruned: pushes.pruned })
      .from(pushes);
    const [subscriptionsLeft] = await handle.db.select({ value: count() }).from(pushSubscriptions);
    const [notConfirmed] = await handle.db.select({ value: count() }).from(pushDeliveries).where(eq(pushDeliveries.status, "sending"));
    return { pushes: rows, subscriptionsLeft: subscriptionsLeft?.value ?? 0, notConfirmed: notConfirmed?.value ?? 0 };
  } finally {
    await handle.close();
  }
}
