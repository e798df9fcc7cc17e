import { describe, expect, it } from "vitest";
import { serverForTests } from "../support/server-fixture";
import { spawnServer } from "../support/server-process";

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
  const site = serverForTests({ env: { PAYMENTS: "test" } });

  it("says on every page that payments are not real", async () => {
    for (const path of ["/", "/store", "/checkout", "/terms"]) {
      const html = await (await fetch(`${site.url}${path}`)).text();
      expect(html, path).toContain("Test shop: payments are not real.");
    }
  });
});
