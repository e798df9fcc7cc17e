import type { AddressInfo } from "node:net";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { drain, listen } from "./http";

const silent = pino({ level: "silent" });

describe("drain", () => {
  it("lets an in-flight request finish before cleaning up", async () => {
    const events: string[] = [];
    let requestArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (requestArrived = resolve));
    const server = await listen(
      (_req, res) => {
        requestArrived();
        setTimeout(() => {
          events.push("response sent");
          res.end("finished");
        }, 300);
      },
      "127.0.0.1",
      0,
    );
    const { port } = server.address() as AddressInfo;

    const response = fetch(`http://127.0.0.1:${port}/slow`).then((r) => r.text());
    await arrived;
    const drained = drain(server, {
      timeoutMs: 5_000,
      log: silent,
      cleanup: async () => {
        events.push("cleanup");
      },
    });

    await expect(response).resolves.toBe("finished");
    await expect(drained).resolves.toBe(true);
    expect(events).toEqual(["response sent", "cleanup"]);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  it("gives up on requests that outlast the timeout, and still cleans up", async () => {
    const server = await listen(() => {}, "127.0.0.1", 0);
    const { port } = server.address() as AddressInfo;
    const hanging = fetch(`http://127.0.0.1:${port}/never`).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    let cleaned = false;
    const clean = await drain(server, {
      timeoutMs: 200,
      log: silent,
      cleanup: async () => {
        cleaned = true;
      },
    });
    expect(clean).toBe(false);
    expect(cleaned).toBe(true);
    expect(await hanging).toBeInstanceOf(Error);
  });
});
