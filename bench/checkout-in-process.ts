/**
 * Checkout creation measured inside one process, without HTTP: submitCheckout
 * (validation, pricing, the reservation transaction, the test payment session)
 * against a fresh embedded database, N times one after another and then from 8
 * concurrent callers. Steadier than `npm run bench -- checkout` on a busy
 * machine, because no load generator shares the cores; use it to compare two
 * versions of the code under the same conditions.
 *
 *   npx tsx bench/checkout-in-process.ts [orders=2000]
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import inspector from "node:inspector";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { openDatabase } from "../db/client.server";
import { orders, productVariants } from "../db/schema";
import { createTestProvider } from "../app/features/shop/payments/test-provider.server";
import { submitCheckout, type CheckoutContext } from "../app/features/shop/store/checkout.server";
import { DEFAULT_HOLD_POLICY } from "../app/features/shop/store/hold-policy";

const PRODUCT_ID = 6; // the keyring, as bench/checkout.ts
const CONCURRENCY = 8;
const total = Number(process.argv[2] ?? 2000);

let shopper = 0;
function form(): FormData {
  const body = new FormData();
  body.append("productId", String(PRODUCT_ID));
  body.append("size", "One Size");
  body.append("quantity", "1");
  body.append("promoCode", "RIDGEWAY10");
  body.append("name", "Bench Shopper");
  body.append("email", `bench+${++shopper}@example.com`);
  for (const [name, value] of Object.entries({
    shipName: "Bench Shopper",
    shipLine1: "1 Pit Lane",
    shipTown: "Andover",
    shipPostcode: "SP11 8PW",
  })) {
    body.append(name, value);
  }
  return body;
}

function summary(label: string, latencies: number[], elapsedMs: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  const round = (ms: number) => Math.round(ms * 100) / 100;
  console.log(
    `${label}: ${sorted.length} orders in ${round(elapsedMs)} ms = ${round(elapsedMs / sorted.length)} ms/order; ` +
      `latency p50 ${round(at(50))} ms, p95 ${round(at(95))} ms, p99 ${round(at(99))} ms, max ${round(sorted.at(-1)!)} ms`,
  );
}

/** BENCH_CPU_PROFILE=FILE: a V8 CPU profile of the sequential run only, for Chrome DevTools. */
async function startProfiler() {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) => session.post(method, (error, result) => (error ? reject(error) : resolve(result))));
  await post("Profiler.enable");
  await post("Profiler.start");
  return {
    async stop(file: string) {
      const { profile } = (await post("Profiler.stop")) as { profile: unknown };
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "ridgeway-bench-inproc-"));
const handle = await openDatabase({ dataDir, databaseUrl: process.env.BENCH_DATABASE_URL, onConnectionError: () => {} });
try {
  await handle.db.update(productVariants).set({ stock: 10_000_000 }).where(eq(productVariants.productId, PRODUCT_ID));
  const appSecret = "bench-secret-0123456789-0123456789-0123456789";
  const context: CheckoutContext = {
    db: handle.db,
    log: pino({ level: "silent" }),
    publicUrl: "http://127.0.0.1:3000",
    payments: createTestProvider({ appSecret }),
    orderReservationMs: 120 * 60_000,
    shipping: { flatRatePence: 0, freeAbovePence: null },
    // The fair-hold caps as in production, but for the per-client one (one address here).
    holdPolicy: { ...DEFAULT_HOLD_POLICY, holdsPerClient: null },
  };
  const once = async () => {
    const start = performance.now();
    const outcome = await submitCheckout(context, form());
    if (outcome.kind !== "redirect") throw new Error(`checkout failed: ${JSON.stringify(outcome)}`);
    return performance.now() - start;
  };

  for (let i = 0; i < 200; i++) await once(); // warm-up: JIT, caches, table growth

  const profiler = process.env.BENCH_CPU_PROFILE ? await startProfiler() : null;
  const sequential: number[] = [];
  let start = performance.now();
  for (let i = 0; i < total; i++) sequential.push(await once());
  summary("sequential", sequential, performance.now() - start);
  if (profiler) await profiler.stop(process.env.BENCH_CPU_PROFILE!);

  const parallel: number[] = [];
  let left = total;
  start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) parallel.push(await once());
    }),
  );
  summary(`${CONCURRENCY} concurrent`, parallel, performance.now() - start);

  const placed = await handle.db.$count(orders);
  const [variant] = await handle.db.select().from(productVariants).where(eq(productVariants.productId, PRODUCT_ID));
  if (10_000_000 - variant!.stock !== placed) throw new Error(`${placed} orders but ${10_000_000 - variant!.stock} units reserved`);
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
