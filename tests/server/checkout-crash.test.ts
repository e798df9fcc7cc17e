/**
 * The built server killed with SIGKILL after a checkout reserved stock and
 * before the payment landed: after a restart on the same data, the order
 * completes when its signed webhook arrives, or expires and frees its stock.
 * Needs `npm run build`.
 */
import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { signedTestEvent } from "../../app/features/shop/payments/test-provider.server";
import { startServer, type ServerProcess } from "../support/server-process";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const AUTH_SECRET = "crash-test-secret-0123456789-abcdefghijklmnop";
let testDb: TestDatabase | undefined;
let server: ServerProcess | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
  await testDb?.drop();
  testDb = undefined;
});

/** tsx runs the server in a child process: SIGKILL the whole tree, as a crash or the OOM killer would. */
function killHard(proc: ServerProcess) {
  const tree = (pid: number): number[] => {
    let children: number[] = [];
    try {
      children = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
        .split("\n")
        .map((line) => Number(line.trim()))
        .filter((child) => child > 0);
    } catch {
      // No children.
    }
    return [...children.flatMap(tree), pid];
  };
  for (const pid of tree(proc.child.pid!)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  return proc.exited;
}

/** Starts the server; after a crash the embedded database's lock needs ~10 s to count as stale. */
async function startAgain(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    try {
      return await startServer(env);
    } catch (error) {
      if (Date.now() > deadline || !String(error).includes("already open in another process")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}

async function checkout(url: string, quantity: number): Promise<string> {
  const response = await fetch(`${url}/checkout`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({
      productId: "1",
      size: "One Size",
      quantity: String(quantity),
      name: "Alex Fan",
      email: "alex@example.com",
      shipName: "Alex Fan",
      shipLine1: "1 Pit Lane",
      shipTown: "Andover",
      shipPostcode: "SP11 8PW",
    }),
  });
  expect(response.status).toBe(302);
  const location = response.headers.get("location")!;
  expect(location).toMatch(/^\/pay\/test\/test_cs_/);
  return location.split("/").pop()!;
}

async function capsLeft(url: string): Promise<number> {
  const response = await fetch(`${url}/api/cart/quote`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ lines: [{ productId: 1, size: "One Size", quantity: 1 }] }),
  });
  const quote = (await response.json()) as { lines: { availableStock: number }[] };
  return quote.lines[0]!.availableStock;
}

async function paymentStatus(url: string, sessionId: string): Promise<string> {
  const html = await (await fetch(`${url}/order-confirmation?session_id=${sessionId}`)).text();
  return /data-testid="payment-status">([^<]+)</.exec(html)?.[1] ?? "not found";
}

describe("server killed between reserving and payment", () => {
  it("after a restart, the signed webhook marks the order paid", { timeout: 120_000 }, async () => {
    testDb = await createTestDatabase();
    const env = { ...testDb.env, AUTH_SECRET, MAIL_DELIVERY_INTERVAL_MS: "60000" };
    server = await startServer(env);
    const before = await capsLeft(server.url);
    const sessionId = await checkout(server.url, 2);
    expect(await capsLeft(server.url)).toBe(before - 2);
    await killHard(server);

    server = await startAgain(env);
    expect(await paymentStatus(server.url, sessionId)).toBe("Processing");
    expect(await capsLeft(server.url)).toBe(before - 2);
    const { body, headers } = signedTestEvent(
      AUTH_SECRET,
      {
        id: "evt_after_crash",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        data: { sessionId, orderId: "", paymentStatus: "paid", paymentId: "pi_after_crash" },
      },
      new Date(),
    );
    const delivered = await fetch(`${server.url}/api/payments/webhook`, { method: "POST", body, headers });
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ received: true, result: "applied" });
    expect(await paymentStatus(server.url, sessionId)).toBe("Paid");
    expect(await capsLeft(server.url)).toBe(before - 2);
    // A redelivery changes nothing.
    const again = await fetch(`${server.url}/api/payments/webhook`, { method: "POST", body, headers });
    expect(await again.json()).toEqual({ received: true, result: "duplicate" });
  });

  it("after a restart, an unpaid order runs out of time and frees its stock", { timeout: 120_000 }, async () => {
    testDb = await createTestDatabase();
    // A 3-second reservation; the expiry job runs at start and every second.
    const env = { ...testDb.env, AUTH_SECRET, ORDER_RESERVATION_MINUTES: "0.05", MAIL_DELIVERY_INTERVAL_MS: "60000" };
    server = await startServer(env);
    const before = await capsLeft(server.url);
    const sessionId = await checkout(server.url, 3);
    expect(await paymentStatus(server.url, sessionId)).toBe("Processing");
    await killHard(server);

    server = await startAgain(env);
    const deadline = Date.now() + 20_000;
    while ((await paymentStatus(server.url, sessionId)) !== "Expired" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(await paymentStatus(server.url, sessionId)).toBe("Expired");
    expect(await capsLeft(server.url)).toBe(before);
  });
});
