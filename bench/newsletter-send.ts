/**
 * A newsletter to 10,000 confirmed subscribers, sent by a production build through a loopback
 * SMTP server while visitors browse. Prints how long the send took (scheduled time to the last
 * message accepted by the SMTP server) and the page latency of visitors with a cookie (so every
 * request is rendered, not served from the page cache) before the send and while it runs.
 * Visitors arrive at a steady rate (NEWSLETTER_PAGE_RATE a second, 20 by default: a busy evening,
 * about a quarter of what the machine can render), so latency is what a visitor waits; with
 * NEWSLETTER_PAGE_RATE=0 they load pages as fast as the server answers, and the send gets only
 * what the visitors leave. Not run in CI.
 *
 *   npx tsx bench/newsletter-send.ts
 *   NEWSLETTER_RECIPIENTS=2000 NEWSLETTER_PAGE_RATE=0 npx tsx bench/newsletter-send.ts
 */
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";
import { openDatabase } from "../db/client.server";
import { newsletterIssues } from "../db/schema";
import { insertConfirmedSubscribers } from "../tests/support/newsletter-subscribers";
import { BenchError, reportFatal, startProductionServer, writeReport } from "./server";

const RECIPIENTS = Number(process.env.NEWSLETTER_RECIPIENTS ?? 10_000);
if (!Number.isInteger(RECIPIENTS) || RECIPIENTS < 1 || RECIPIENTS > 100_000)
  throw new BenchError("NEWSLETTER_RECIPIENTS must be from 1 to 100000.");
const PAGE_RATE = Number(process.env.NEWSLETTER_PAGE_RATE ?? 20);
if (!Number.isFinite(PAGE_RATE) || PAGE_RATE < 0)
  throw new BenchError("NEWSLETTER_PAGE_RATE must be 0 (as fast as the server answers) or more.");
/** The issue is due this long after the data dir is prepared: time to start and measure a baseline. */
const DUE_AFTER_MS = 60_000;
const WINDOW_S = 5;
const GIVE_UP_MS = 20 * 60_000;
const PAGE = "/news";

interface Window {
  phase: "before" | "during";
  requests: number;
  p50Ms: number;
  p97_5Ms: number;
  p99Ms: number;
  errors: number;
  sentSoFar: number;
}

/**
 * An SMTP server on loopback that accepts everything and counts, in a thread of its own: in this
 * process's event loop it would answer only between autocannon's bursts and slow the send down.
 */
async function loopbackSmtp(): Promise<{ port: number; received: () => number; close: () => Promise<void> }> {
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `
    const { parentPort, workerData } = require("node:worker_threads");
    const { SMTPServer } = require("smtp-server");
    const counter = new Int32Array(workerData.counter);
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        stream.resume();
        stream.on("end", () => {
          Atomics.add(counter, 0, 1);
          callback();
        });
      },
    });
    server.listen(0, "127.0.0.1", () => parentPort.postMessage(server.server.address().port));
    `,
    { eval: true, workerData: { counter: counter.buffer } },
  );
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    port,
    received: () => Atomics.load(counter, 0),
    close: async () => {
      await worker.terminate();
    },
  };
}

async function pageWindow(url: string): Promise<autocannon.Result> {
  return autocannon({
    url: `${url}${PAGE}`,
    connections: 4,
    duration: WINDOW_S,
    headers: { cookie: "visitor=returning" },
    ...(PAGE_RATE > 0 ? { overallRate: PAGE_RATE } : {}),
  });
}

async function main(): Promise<void> {
  const smtp = await loopbackSmtp();
  let dueAt = 0;
  const server = await startProductionServer({
    prepareDataDir: async (dataDir) => {
      const handle = await openDatabase({ dataDir, onConnectionError: () => {} });
      try {
        await insertConfirmedSubscribers(handle.db, RECIPIENTS);
        dueAt = Date.now() + DUE_AFTER_MS;
        await handle.db.insert(newsletterIssues).values({
          subject: "Race week at Snetterton",
          body: "Two podiums last time out.\n\nThis weekend: Snetterton. Come and say hello in the paddock.",
          status: "scheduled",
          sendAt: new Date(dueAt),
        });
      } finally {
        await handle.close();
      }
    },
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Ridgeway Racing <info@ridgeway-racing.example>" },
  });
  const windows: Window[] = [];
  const record = (phase: Window["phase"], result: autocannon.Result) =>
    windows.push({
      phase,
      requests: result.requests.total,
      p50Ms: result.latency.p50,
      p97_5Ms: result.latency.p97_5,
      p99Ms: result.latency.p99,
      errors: result.errors + result.non2xx,
      sentSoFar: smtp.received(),
    });
  try {
    const pace = PAGE_RATE > 0 ? `${PAGE_RATE} a second` : "as fast as it answers";
    console.log(
      `newsletter to ${RECIPIENTS} subscribers, due in ${Math.round((dueAt - Date.now()) / 1000)} s; visitors with a cookie load ${PAGE} (4 connections, ${pace})`,
    );
    while (Date.now() + WINDOW_S * 1000 < dueAt - 2000) record("before", await pageWindow(server.url));
    while (Date.now() < dueAt) await new Promise((resolve) => setTimeout(resolve, 200));
    let lastMessageAt = 0;
    while (smtp.received() < RECIPIENTS && Date.now() - dueAt < GIVE_UP_MS) {
      record("during", await pageWindow(server.url));
      if (smtp.received() >= RECIPIENTS) lastMessageAt = Date.now();
      console.log(`  sent ${smtp.received()} / ${RECIPIENTS}`);
    }
    const median = (phase: Window["phase"], key: "p50Ms" | "p97_5Ms" | "p99Ms") => {
      const values = windows
        .filter((w) => w.phase === phase)
        .map((w) => w[key])
        .sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)] ?? 0;
    };
    console.table(windows);
    for (const phase of ["before", "during"] as const) {
      console.log(
        `${PAGE} ${phase} the send, median of ${WINDOW_S}-s windows: p50 ${median(phase, "p50Ms")} ms, p97.5 ${median(phase, "p97_5Ms")} ms, p99 ${median(phase, "p99Ms")} ms`,
      );
    }
    if (smtp.received() < RECIPIENTS)
      throw new BenchError(`only ${smtp.received()} of ${RECIPIENTS} e-mails arrived within ${GIVE_UP_MS / 60_000} minutes`);
    const sendSeconds = ((lastMessageAt || Date.now()) - dueAt) / 1000;
    console.log(
      `sent ${RECIPIENTS} e-mails in at most ${sendSeconds.toFixed(0)} s after the issue was due (${Math.round(RECIPIENTS / sendSeconds)} per second or more)`,
    );
    console.log(
      `report: ${writeReport("newsletter-send", { recipients: RECIPIENTS, page: PAGE, pageRate: PAGE_RATE, sendSeconds, windows })}`,
    );
  } finally {
    await server.stop();
    await smtp.close();
  }
}

main().catch((error: unknown) => {
  reportFatal(error);
  process.exitCode = 1;
});
