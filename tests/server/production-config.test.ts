import { describe, expect, it } from "vitest";
import { spawnServer, startServer } from "../support/server-process";
import { createTestDatabase } from "../support/test-database";

describe("what production refuses to start without", () => {
  it("AUTH_SECRET and a deliberate payment choice, named at start, before anything is served", async () => {
    // The configuration is checked before the database is opened: this address is never tried.
    const { exited, output } = spawnServer({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", DATA_DIR: "/tmp/never-used" });
    expect(await exited).toBe(1);
    expect(output()).toContain("AUTH_SECRET: is required in production");
    expect(output()).toContain("set PAYMENTS=test");
  });
});

describe("PAYMENTS=test", () => {
  it("says on every page that payments are not real", async () => {
    const testDb = await createTestDatabase();
    const server = await startServer({ ...testDb.env, PAYMENTS: "test" });
    try {
      for (const path of ["/", "/store", "/checkout", "/terms"]) {
        const html = await (await fetch(`${server.url}${path}`)).text();
        expect(html, path).toContain("Test shop: payments are not real.");
      }
    } finally {
      await server.stop();
      await testDb.drop();
    }
  });
});
