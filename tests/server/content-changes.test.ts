import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_CHANGE_CHANNEL } from "../../db/content-changes.server";
import { serverForTests } from "../support/server-fixture";
import type { ServerProcess } from "../support/server-process";

async function pageTitle(server: ServerProcess, path: string): Promise<string> {
  const html = await (await fetch(`${server.url}${path}`)).text();
  return /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? "";
}

async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

// Several processes share one database only on PostgreSQL; the embedded database has one
// process, which clears its own cache (covered by the back-office tests).
describe.runIf(process.env.TEST_DATABASE_URL)("an edit shows in every process's page cache within a second", () => {
  // A page cache long enough that only the announcement can explain a fresh page.
  const site = serverForTests({ env: { PAGE_CACHE_TTL_MS: "600000" }, processes: 2 });
  let first: ServerProcess;
  let second: ServerProcess;
  let sql: pg.Client;

  beforeAll(async () => {
    [first, second] = site.servers as [ServerProcess, ServerProcess];
    sql = new pg.Client({ connectionString: site.testDb.databaseUrl });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
  });

  it("both processes drop the cached page when the change is announced", async () => {
    const before = await pageTitle(first, "/terms");
    expect(before).not.toBe("");
    expect(await pageTitle(second, "/terms")).toBe(before);

    await sql.query("update legal_documents set title = 'Terms, revised' where slug = 'terms'");
    // Still the cached copy: the cache is on, and nothing has announced the change yet.
    expect(await pageTitle(first, "/terms")).toBe(before);
    expect(await pageTitle(second, "/terms")).toBe(before);

    await sql.query(`select pg_notify('${CONTENT_CHANGE_CHANNEL}', '')`);
    for (const server of [first, second]) {
      const tookMs = await eventually(async () => (await pageTitle(server, "/terms")) === "Terms, revised", 1_000);
      expect(tookMs).toBeLessThan(1_000);
    }
  });

  it("a listener whose connection was cut listens again, and assumes it missed a change", async () => {
    await sql.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`);
    await sql.query("update legal_documents set title = 'Terms, revised again' where slug = 'terms'");
    // Reconnected (after a second) and cleared: the page is fresh without any announcement...
    for (const server of [first, second]) {
      await eventually(async () => (await pageTitle(server, "/terms")) === "Terms, revised again", 5_000);
    }
    // ...and the new connection hears the next one.
    await sql.query("update legal_documents set title = 'Terms of Service' where slug = 'terms'");
    await sql.query(`select pg_notify('${CONTENT_CHANGE_CHANNEL}', '')`);
    for (const server of [first, second]) {
      expect(await eventually(async () => (await pageTitle(server, "/terms")) === "Terms of Service", 1_000)).toBeLessThan(1_000);
    }
  });
});
