import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "../../db/client.server";
import { backupRuns, emailOutbox, orders } from "../../db/schema";
import { loader as orderConfirmationLoader } from "../../app/routes/order-confirmation";
import { createTestAuth, requestContext, run } from "../support/accounts";
import { prepareStaff, signInOverHttp, type PreparedStaff } from "../support/prepared-staff";
import { serverForTests } from "../support/server-fixture";
import { paidOrder } from "../support/shop-orders";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

/*
 * Issue 20 item 4 (ADRs 0046, 0047): /metrics behind its bearer token, /readyz degraded (not
 * down) by an e-mail backlog, and the back office's Today page warning an admin about failing
 * e-mails, unconfirmed payments and a failed backup. Needs `npm run build`.
 */

const AUTH_SECRET = "operations-http-secret-0123456789abcdef0123";
const METRICS_TOKEN = "metrics-token-for-the-test-0123456789abcdef";
let staff: PreparedStaff;
let cookie = "";
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

// Mail delivery held back, so the failing e-mail stays as it is while the test looks.
const site = serverForTests({
  env: { AUTH_SECRET, METRICS_TOKEN, BACKUP_SCHEDULE: "off", MAIL_DELIVERY_INTERVAL_MS: "600000" },
  prepare: async (testDb) => {
    staff = await prepareStaff(testDb, {
      email: "ops.admin@example.com",
      password: "a long and unusual password",
      roles: ["admin"],
      secret: AUTH_SECRET,
      publicUrl: "http://127.0.0.1",
    });
    // A bad day, written before the site starts (the embedded database has one process at a time).
    const handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
    try {
      await handle.db.insert(emailOutbox).values({
        toAddress: "fan@example.com",
        subject: "Your order",
        textBody: "Thanks",
        createdAt: minutesAgo(20),
        attempts: 2,
        lastError: "Error: connect ECONNREFUSED 127.0.0.1:2525",
      });
      const waiting = await paidOrder(handle.db, { pay: false, customer: { name: "Waiting Fan", email: "waiting@example.com" } });
      await handle.db
        .update(orders)
        .set({ returnedFromPaymentAt: minutesAgo(30) })
        .where(sql`${orders.id} = ${waiting.id}`);
      await handle.db.insert(backupRuns).values({
        trigger: "schedule",
        startedAt: minutesAgo(6),
        finishedAt: minutesAgo(5),
        outcome: "failed",
        error: "ENOSPC: no space left on device",
      });
    } finally {
      await handle.close();
    }
  },
});

beforeAll(async () => {
  cookie = await signInOverHttp(site.url, staff);
});

describe("/metrics", () => {
  it("answers only the bearer token, in Prometheus text format, with the figures moving", async () => {
    expect((await fetch(`${site.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${site.url}/metrics`, { headers: { Authorization: "Bearer not-the-token" } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer/);

    // /store is checked against the stock (ADR 0054): its first render learns that and is not kept, so the third view is the hit.
    for (const path of ["/store", "/store", "/store", "/news", "/news/no-such-article"]) await (await fetch(`${site.url}${path}`)).text();
    const response = await fetch(`${site.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);
    expect(value(/^ridgeway_http_requests_total\{method="GET",route="\/store",status="200"\} (\d+)/m)).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^ridgeway_http_requests_total\{method="GET",route="\/news\/:reportId",status="404"\} 1$/m);
    expect(text).toMatch(/^ridgeway_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/store",status="200"\} \d+/m);
    expect(value(/^ridgeway_page_cache_lookups_total\{result="hit",audience="everyone"\} (\d+)/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^ridgeway_page_cache_lookups_total\{result="miss",audience="everyone"\} (\d+)/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^ridgeway_db_query_duration_seconds_count (\d+)/m)).toBeGreaterThan(0);
    // The staff member's sign-up queued one more (unsent, not failing).
    expect(value(/^ridgeway_email_outbox_unsent (\d+)/m)).toBe(2);
    expect(value(/^ridgeway_email_outbox_failing (\d+)/m)).toBe(1);
    expect(value(/^ridgeway_email_outbox_oldest_unsent_age_seconds ([\d.]+)/m)).toBeGreaterThanOrEqual(20 * 60);
    expect(value(/^ridgeway_payments_awaiting_webhook (\d+)/m)).toBe(1);
    expect(value(/^ridgeway_backup_last_run_failed (\d+)/m)).toBe(1);
    expect(text).toMatch(/^ridgeway_job_lag_seconds\{job="mail-delivery"\} 0$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+/m);
  });
});

describe("/readyz", () => {
  it("is degraded, still 200, while an e-mail has waited past 15 minutes", async () => {
    const response = await fetch(`${site.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "degraded",
      database: "ok",
      degraded: ["e-mail outbox: 2 unsent, the oldest waiting 20 minutes"],
    });
  });
});

describe("the back office's Today page", () => {
  it("tells an admin about failing e-mails, unconfirmed payments and the failed backup", async () => {
    const response = await fetch(`${site.url}/admin`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const html = (await response.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Needs attention");
    expect(html).toContain("1 e-mail is failing to send.");
    expect(html).toContain("connect ECONNREFUSED 127.0.0.1:2525");
    expect(html).toContain("1 payment has not been confirmed by the payment provider.");
    expect(html).toContain("The last backup failed.");
    expect(html).toContain("ENOSPC: no space left on device");
  });
});

describe("the order confirmation page", () => {
  const suite = seededTestDatabase();

  it("notes the customer's return from the payment page once, while the order is unpaid", async () => {
    const order = await paidOrder(suite.db, { pay: false, customer: { name: "Returning Fan", email: "returning@example.com" } });
    const context = requestContext(suite.db, createTestAuth(suite.db));
    const visit = () =>
      run(() =>
        orderConfirmationLoader(
          routeArgs({
            request: new Request(`http://localhost/order-confirmation?session_id=${order.providerSessionId}`),
            context: routerContextFor(context),
            params: {},
          }) as never,
        ),
      );
    const returned = async () =>
      (
        await queryRows<{ at: string | null }>(
          suite.db,
          sql`select returned_from_payment_at::text as at from orders where id = ${order.id}`,
        )
      )[0]!.at;
    expect(await returned()).toBeNull();
    await visit();
    const first = await returned();
    expect(first).not.toBeNull();
    await visit();
    expect(await returned()).toBe(first);
  });
});
