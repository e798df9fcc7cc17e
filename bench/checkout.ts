/**
 * Checkout creation under load: POST /checkout (validate, price, reserve stock
 * and insert the order in one statement, open a test payment session,
 * redirect) from 8 concurrent connections on the embedded database.
 *
 *   npm run bench -- checkout
 *
 * The server gets a dedicated temporary DATA_DIR whose keyring is seeded with
 * enough stock for the run. Each connection sends its next request as soon as
 * the previous answer arrives (closed loop); latencies are measured per
 * request, so p50/p95/p99 are exact.
 *
 * The requests go out through node:http with a keep-alive agent rather than fetch: on a 2-core
 * machine the load generator shares the cores with the server it measures, and fetch spent
 * about 40 % of a core at this load where node:http spends about 16 %.
 */
import http from "node:http";
import os from "node:os";
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/client.server";
import { productVariants } from "../db/schema";
import { startProductionServer, writeReport } from "./server";

export const CHECKOUT_ARG = "checkout";
const CONNECTIONS = 8;
const WARMUP_SECONDS = 2;
const PRODUCT_ID = 6; // the keyring
const SIZE = "One Size";
const STOCK = 10_000_000;

let shopper = 0;
/**
 * One checkout form with a delivery address and a promo code (its use is reserved in the same
 * statement as the stock). Each request is a different customer, as real traffic is: one
 * customer may only hold a few unpaid orders at once (ADR 0033).
 */
const checkoutBody = () =>
  new URLSearchParams({
    productId: String(PRODUCT_ID),
    size: SIZE,
    quantity: "1",
    promoCode: "RIDGEWAY10",
    name: "Bench Shopper",
    email: `bench+${++shopper}@example.com`,
    shipName: "Bench Shopper",
    shipLine1: "1 Pit Lane",
    shipTown: "Andover",
    shipPostcode: "SP11 8PW",
    shipCountry: "GB",
  }).toString();

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** POSTs the checkout form on one of the agent's kept-alive connections; resolves with the status. */
function postCheckout(url: URL, agent: http.Agent): Promise<number> {
  const body = checkoutBody();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: "/checkout",
        method: "POST",
        agent,
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.once("end", () => resolve(response.statusCode ?? 0));
        response.once("error", reject);
      },
    );
    request.once("error", reject);
    request.end(body);
  });
}

async function run(url: string, seconds: number) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          const status = await postCheckout(target, agent);
          latencies.push(performance.now() - start);
          statuses[status] = (statuses[status] ?? 0) + 1;
        } catch {
          errors++;
        }
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: latencies.length,
    requestsPerSecond: round(latencies.length / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? NaN),
    statuses,
    errors,
  };
}

async function stockLeft(url: string): Promise<number> {
  const response = await fetch(`${url}/api/cart/quote`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ lines: [{ productId: PRODUCT_ID, size: SIZE, quantity: 1 }] }),
  });
  const quote = (await response.json()) as { lines: { availableStock: number }[] };
  return quote.lines[0]!.availableStock;
}

export async function benchCheckout(duration: number): Promise<number> {
  const server = await startProductionServer({
    prepareDataDir: async (dataDir) => {
      const handle = await openDatabase({ dataDir, onConnectionError: () => {} });
      try {
        await handle.db.update(productVariants).set({ stock: STOCK }).where(eq(productVariants.productId, PRODUCT_ID));
      } finally {
        await handle.close();
      }
    },
    // The bench's orders stay reserved for the whole run.
    // All of the bench's traffic comes from one address: the per-client cap would refuse it.
    env: { ORDER_RESERVATION_MINUTES: "120", ORDER_HOLDS_PER_CLIENT: "0" },
  });
  const problems: string[] = [];
  let warmup;
  let measured;
  try {
    process.stdout.write(`\nPOST /checkout, ${CONNECTIONS} connections: warm-up ${WARMUP_SECONDS} s, measure ${duration} s\n`);
    warmup = await run(server.url, WARMUP_SECONDS);
    measured = await run(server.url, duration);
    const reserved = STOCK - (await stockLeft(server.url));
    const placed = (warmup.statuses["302"] ?? 0) + (measured.statuses["302"] ?? 0);
    if (reserved !== placed) problems.push(`${placed} checkouts redirected to payment but ${reserved} units were reserved`);
    for (const figures of [warmup, measured]) {
      const other = Object.entries(figures.statuses).filter(([status]) => status !== "302");
      if (other.length > 0) problems.push(`answers other than 302: ${JSON.stringify(Object.fromEntries(other))}`);
      if (figures.errors > 0) problems.push(`${figures.errors} request errors`);
    }
  } finally {
    await server.stop();
  }
  console.log(
    `checkout creation: ${measured.requests} orders, ${measured.requestsPerSecond} req/s, ` +
      `p50 ${measured.p50Ms} ms, p95 ${measured.p95Ms} ms, p99 ${measured.p99Ms} ms, max ${measured.maxMs} ms`,
  );
  const reportPath = writeReport("bench-checkout", {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    connections: CONNECTIONS,
    durationSeconds: duration,
    warmupSeconds: WARMUP_SECONDS,
    database: "pglite",
    checkout: measured,
    problems,
  });
  console.log(`report: ${reportPath}`);
  if (problems.length > 0) {
    console.error(`\nFAILED:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    return 1;
  }
  return 0;
}
