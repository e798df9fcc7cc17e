import { spawnSync } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_CHANGE_CHANNEL } from "../../db/content-changes.server";
import { startNginx, type CachingProxy } from "../support/caching-proxy";
import { serverForTests } from "../support/server-fixture";
import type { ServerProcess } from "../support/server-process";
import { liveIds, openSse } from "../support/sse";

/*
 * The app behind a real caching proxy: Debian's nginx, started here on loopback with the
 * project's own configuration (deploy/nginx/page-cache.conf, ADR 0086). Edits are made straight in
 * the database and announced as the back office does, so this runs on PostgreSQL, as
 * production would.
 */

const METRICS_TOKEN = "caching-proxy-test-token-0123456789abcdef";
const hasNginx = spawnSync("nginx", ["-v"]).status === 0;

/** The app's own count of the GET requests it answered for one route, from /metrics. */
async function appRequests(server: ServerProcess, route: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const pattern = new RegExp(
    `^ridgeway_http_requests_total\\{method="GET",route="${route.replaceAll("/", "\\/")}",status="(?:200|304)"\\} (\\d+)`,
    "gm",
  );
  return [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
}

describe.runIf(process.env.TEST_DATABASE_URL && (hasNginx || process.env.CI))("the site behind a caching proxy (nginx)", () => {
  const site = serverForTests({ env: { METRICS_TOKEN } });
  let app: ServerProcess;
  let proxy: CachingProxy;
  let sql: pg.Client;

  beforeAll(async () => {
    app = site.server;
    proxy = await startNginx(app.url);
    sql = new pg.Client({ connectionString: site.testDb.databaseUrl });
    await sql.connect();
  });
  // Before the fixture's own afterAll (vitest runs them last-registered first): the proxy goes before the app.
  afterAll(async () => {
    await sql?.end();
    await proxy?.stop();
  });

  it("answers 200 people asking for one page at once with one request to the app", async () => {
    const before = await appRequests(app, "/news");
    const answers = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const response = await fetch(`${proxy.url}/news`);
        return { status: response.status, body: await response.text() };
      }),
    );
    expect(answers.every(({ status }) => status === 200)).toBe(true);
    expect(new Set(answers.map(({ body }) => body)).size).toBe(1);
    expect(answers[0]!.body).toContain("<h1");
    expect((await appRequests(app, "/news")) - before).toBe(1);
  });

  it("never gives one person's page to anyone else, nor the shared page to a signed-in visitor", async () => {
    const post = (fields: Record<string, string>) =>
      fetch(`${app.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const password = "a long enough password";
    await post({ intent: "sign-up", name: "Robin Proxy", email: "robin.proxy@example.com", password, role: "team_member" });
    // A sign-up signs nobody in: the session comes from signing in.
    const signIn = await post({ intent: "sign-in", email: "robin.proxy@example.com", password });
    const session = signIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    expect(session).toContain("session_token");

    // The shared copy of / is in the proxy first; the signed-in visitor still gets their own.
    await (await fetch(`${proxy.url}/`)).text();
    const shared = await fetch(`${proxy.url}/`);
    expect(shared.headers.get("x-cache-status")).toBe("HIT");
    expect(await shared.text()).toContain("Sign In");
    const own = await fetch(`${proxy.url}/`, { headers: { cookie: session } });
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(await own.text()).not.toContain("Sign In");

    const dashboard = await fetch(`${proxy.url}/dashboard`, { headers: { cookie: session } });
    expect(await dashboard.text()).toContain("Robin Proxy");
    for (const headers of [{}, { cookie: "consent=yes" }] as Array<Record<string, string>>) {
      const other = await fetch(`${proxy.url}/dashboard`, { headers, redirect: "manual" });
      expect(other.status).toBe(302);
      expect(await other.text()).not.toContain("Robin Proxy");
      const home = await (await fetch(`${proxy.url}/`, { headers })).text();
      expect(home).not.toContain("Robin Proxy");
    }
  });

  it("passes a live event through the proxy as it commits (the app's X-Accel-Buffering: no), and keeps the live feed for a crowd", async () => {
    const { rows } = await sql.query<{ id: string }>("select id from rounds order by id limit 1");
    const roundId = rows[0]!.id;
    const reader = await openSse(`${proxy.url}/live/${roundId}/events`);
    try {
      expect(reader.status).toBe(200);
      await reader.until(() => reader.raw().startsWith(": live"), 2_000);
      // As the desks write one: in a transaction, with the id after the last and a notification of it.
      await sql.query("begin");
      await sql.query("select pg_advisory_xact_lock($1)", [0x4c495645]);
      const inserted = await sql.query<{ id: string }>(
        `insert into live_events (id, round_id, kind, payload)
         values ((select coalesce(max(id), 0) + 1 from live_events), $1, 'ticker-removed', '{"postId": 1}') returning id`,
        [roundId],
      );
      const id = Number(inserted.rows[0]!.id);
      await sql.query("select pg_notify('live_events', $1)", [String(id)]);
      await sql.query("commit");
      const committed = performance.now();
      await reader.until((messages) => liveIds(messages).includes(id), 3_000);
      expect(performance.now() - committed).toBeLessThan(1_000);

      const before = await appRequests(app, "/live/:roundId/updates");
      const answers = await Promise.all(Array.from({ length: 100 }, () => fetch(`${proxy.url}/live/${roundId}/updates?since=${id}`)));
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      expect((await appRequests(app, "/live/:roundId/updates")) - before).toBe(1);
    } finally {
      reader.close();
    }
  });

  it("shows an edit through the proxy within the shared lifetime (10 s, plus 10 s served stale)", async () => {
    const title = async () => /<h1[^>]*>(.*?)<\/h1>/s.exec(await (await fetch(`${proxy.url}/terms`)).text())?.[1]?.replace(/<[^>]+>/g, "");
    expect(await title()).toBe("Terms of Service");
    // Now kept by the proxy, which nothing tells of the edit.
    expect((await fetch(`${proxy.url}/terms`)).headers.get("x-cache-status")).toBe("HIT");
    await sql.query("update legal_documents set title = 'Terms, revised at the track' where slug = 'terms'");
    await sql.query(`select pg_notify('${CONTENT_CHANGE_CHANNEL}', '')`);
    const edited = Date.now();
    while ((await title()) !== "Terms, revised at the track") {
      expect(Date.now() - edited, "the edit did not show through the proxy in time").toBeLessThan(21_000);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 30_000);
});
