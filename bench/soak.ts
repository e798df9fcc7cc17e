/**
 * Soak: a freshly started production build on a temporary PGlite data dir, on loopback, under a
 * mix of page views, sign-ins, cart quotes, checkouts and test payments from several
 * connections at once, for minutes. Prints errors, p50/p95/p99 per kind of request and the
 * server's resident memory at start, peak and end. Not run in CI.
 *
 *   npm run soak                                   # 3 minutes, 8 connections
 *   SOAK_DURATION=20 SOAK_CONNECTIONS=4 npm run soak
 *
 * An error is a request that failed at the transport, any 5xx, or an answer other than the one
 * its step expects (a sign-in that does not sign in, a payment that does not pay).
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/client.server";
import { productVariants } from "../db/schema";
import { createAuth } from "../app/features/account/auth.server";
import { BenchError, reportFatal, startProductionServer, writeReport } from "./server";

const DURATION_S = numberFromEnv("SOAK_DURATION", 180, 1, 3600);
const CONNECTIONS = numberFromEnv("SOAK_CONNECTIONS", 8, 1, 64);
const PASSWORD = "a long enough soak password";
const ACCOUNTS = 8;
const PRODUCT_ID = 6; // the keyring: one size, stock raised for the run
const PAGES = [
  "/",
  "/news",
  "/team",
  "/calendar",
  "/store",
  "/store/team-cap-red",
  "/partners",
  "/contact",
  "/cart",
  "/gallery",
  "/no-such-page",
];

function numberFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new BenchError(`${name} must be a number from ${min} to ${max} (got "${raw}").`);
  return value;
}

interface Answer {
  status: number;
  location: string | null;
  cookies: string[];
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS * 2 });

/**
 * Each round comes from a visitor address of its own (RFC 5737 documentation addresses, passed
 * as a proxy would with TRUST_PROXY=1), as real traffic does: the per-address limits (three
 * sign-ins in 10 s) are not what is measured.
 */
let visitor = 0;
const nextVisitor = () => `198.51.100.${(++visitor % 250) + 1}`;

function request(
  base: URL,
  method: string,
  path: string,
  { body, type, cookie, from }: { body?: string; type?: string; cookie?: string; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { Origin: base.origin };
    if (from) headers["X-Forwarded-For"] = from;
    if (cookie) headers.Cookie = cookie;
    if (body !== undefined) {
      headers["Content-Type"] = type ?? "application/x-www-form-urlencoded";
      headers["Content-Length"] = Buffer.byteLength(body);
    }
    const req = http.request({ host: base.hostname, port: base.port, path, method, agent, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.once("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location ?? null,
          cookies: (res.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]!),
          body: text,
        }),
      );
      res.once("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error("timed out after 30 s")));
    req.once("error", reject);
    req.end(body);
  });
}

type Kind = "page" | "sign-in" | "quote" | "checkout" | "payment";
const latencies: Record<Kind, number[]> = { page: [], "sign-in": [], quote: [], checkout: [], payment: [] };
const errors: Record<string, number> = {};
const statuses: Record<string, number> = {};

async function timed(
  kind: Kind,
  work: () => Promise<Answer>,
  expect: (answer: Answer) => boolean,
  what: string = kind,
): Promise<Answer | null> {
  const started = performance.now();
  try {
    const answer = await work();
    latencies[kind].push(performance.now() - started);
    statuses[`${kind} ${answer.status}`] = (statuses[`${kind} ${answer.status}`] ?? 0) + 1;
    if (answer.status >= 500 || !expect(answer)) {
      const key = `${what}: unexpected ${answer.status}`;
      errors[key] = (errors[key] ?? 0) + 1;
      return null;
    }
    return answer;
  } catch (error) {
    const key = `${kind}: ${error instanceof Error ? error.message : String(error)}`;
    errors[key] = (errors[key] ?? 0) + 1;
    return null;
  }
}

let shopper = 0;

/** One visitor's round: a few pages, a quote, sometimes a sign-in, a checkout and a payment. */
async function round(base: URL, step: number): Promise<void> {
  const from = nextVisitor();
  const page = PAGES[step % PAGES.length]!;
  await timed(
    "page",
    () => request(base, "GET", page, { from }),
    (a) => a.status === 200 || (page === "/no-such-page" && a.status === 404),
    page,
  );
  const lines = [{ productId: PRODUCT_ID, size: "One Size", quantity: 1 }];
  await timed(
    "quote",
    () => request(base, "POST", "/api/cart/quote", { body: JSON.stringify({ lines }), type: "application/json", from }),
    (a) => a.status === 200,
  );
  if (step % 3 === 0) {
    const account = `soak${step % ACCOUNTS}@example.com`;
    const signedIn = await timed(
      "sign-in",
      () =>
        request(base, "POST", "/login", {
          body: new URLSearchParams({ intent: "sign-in", email: account, password: PASSWORD }).toString(),
          from,
        }),
      (a) => a.status === 302 && a.cookies.some((cookie) => cookie.includes("session_token")),
    );
    if (signedIn)
      await timed(
        "page",
        () => request(base, "GET", "/dashboard/orders", { cookie: signedIn.cookies.join("; "), from }),
        (a) => a.status === 200,
      );
  }
  if (step % 2 === 0) {
    const n = ++shopper;
    const checkout = await timed(
      "checkout",
      () =>
        request(base, "POST", "/checkout", {
          body: new URLSearchParams({
            productId: String(PRODUCT_ID),
            size: "One Size",
            quantity: "1",
            name: "Soak Shopper",
            email: `soak+${n}@example.com`,
            shipName: "Soak Shopper",
            shipLine1: "1 Pit Lane",
            shipTown: "Andover",
            shipPostcode: "SP11 8PW",
            shipCountry: "GB",
          }).toString(),
          from,
        }),
      (a) => a.status === 302 && (a.location ?? "").includes("/pay/test/"),
    );
    if (!checkout) return;
    const payPath = new URL(checkout.location!, base).pathname;
    await timed(
      "payment",
      () =>
        request(base, "POST", payPath, {
          body: new URLSearchParams({
            intent: "pay",
            cardNumber: "4242 4242 4242 4242",
            expiry: "12/39",
            cvc: "123",
            cardName: "Soak Shopper",
          }).toString(),
          from,
        }),
      (a) => a.status === 302 && (a.location ?? "").startsWith("/order-confirmation"),
    );
  }
}

function residentMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Math.round(Number(match![1]) / 1024);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
}

async function main(): Promise<number> {
  const server = await startProductionServer({
    prepareDataDir: async (dataDir) => {
      const handle = await openDatabase({ dataDir, onConnectionError: () => {} });
      try {
        await handle.db.update(productVariants).set({ stock: 10_000_000 }).where(eq(productVariants.productId, PRODUCT_ID));
        const auth = createAuth({ db: handle.db, publicUrl: "http://127.0.0.1", secret: "soak-secret-0123456789abcdef0123456789" });
        for (let i = 0; i < ACCOUNTS; i++) {
          await auth.api.signUpEmail({
            body: { name: `Soak ${i}`, email: `soak${i}@example.com`, password: PASSWORD, role: "team_member" },
          });
        }
      } finally {
        await handle.close();
      }
    },
    // Holds last the whole run (every order is paid at once anyway); no per-client hold cap.
    // TRUST_PROXY=1: each round's X-Forwarded-For is its visitor's address.
    env: {
      AUTH_SECRET: "soak-secret-0123456789abcdef0123456789",
      ORDER_RESERVATION_MINUTES: "120",
      ORDER_HOLDS_PER_CLIENT: "0",
      PAYMENTS: "test",
      TRUST_PROXY: "1",
    },
  });
  const pid = server.pid;
  const base = new URL(server.url);
  const startMb = residentMb(pid);
  let peakMb = startMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb(pid))), 500);
  const load: number[] = [];
  // Resident memory every 15 s: growth that levels off (the heap finding its size) reads
  // differently from growth that goes on (a leak).
  const memorySeries: number[] = [startMb];
  const loadSampler = setInterval(() => {
    load.push(os.loadavg()[0]!);
    memorySeries.push(residentMb(pid));
  }, 15_000);
  console.log(`soak: ${DURATION_S} s at ${CONNECTIONS} connections against ${server.url} (pid ${pid}), resident ${startMb} MB at start`);
  const end = performance.now() + DURATION_S * 1000;
  let step = 0;
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < end) await round(base, step++);
      }),
    );
  } finally {
    clearInterval(sampler);
    clearInterval(loadSampler);
  }
  const endMb = residentMb(pid);
  peakMb = Math.max(peakMb, endMb);
  const health = await request(base, "GET", "/healthz").then(
    (a) => a.status,
    () => 0,
  );
  agent.destroy();
  await server.stop();

  const figures = Object.fromEntries(
    Object.entries(latencies).map(([kind, values]) => {
      values.sort((a, b) => a - b);
      return [
        kind,
        {
          requests: values.length,
          p50Ms: percentile(values, 50),
          p95Ms: percentile(values, 95),
          p99Ms: percentile(values, 99),
          maxMs: percentile(values, 100),
        },
      ];
    }),
  );
  const all = Object.values(latencies)
    .flat()
    .sort((a, b) => a - b);
  const errorCount = Object.values(errors).reduce((sum, n) => sum + n, 0);
  const loadAverage = {
    mean: Math.round((load.reduce((s, n) => s + n, 0) / Math.max(1, load.length)) * 100) / 100,
    max: Math.max(0, ...load),
  };
  console.table(figures);
  console.log(
    `all: ${all.length} requests (${Math.round(all.length / DURATION_S)} req/s), p50 ${percentile(all, 50)} ms, p95 ${percentile(all, 95)} ms, p99 ${percentile(all, 99)} ms`,
  );
  console.log(`errors: ${errorCount}${errorCount ? ` ${JSON.stringify(errors)}` : ""}`);
  console.log(`resident memory: start ${startMb} MB, peak ${peakMb} MB, end ${endMb} MB; /healthz after: ${health}`);
  console.log(`resident memory every 15 s (MB): ${[...memorySeries, endMb].join(" ")}`);
  console.log(`load average (1 min) while it ran: mean ${loadAverage.mean}, max ${loadAverage.max} on ${os.cpus().length} cores`);
  const reportPath = writeReport("soak", {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    durationSeconds: DURATION_S,
    connections: CONNECTIONS,
    database: "pglite",
    figures,
    all: { requests: all.length, p50Ms: percentile(all, 50), p95Ms: percentile(all, 95), p99Ms: percentile(all, 99) },
    statuses,
    errors,
    memoryMb: { start: startMb, peak: peakMb, end: endMb, every15s: [...memorySeries, endMb] },
    loadAverage,
  });
  console.log(`report: ${reportPath}`);
  return errorCount === 0 && health === 200 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    reportFatal(error);
    process.exit(1);
  },
);
