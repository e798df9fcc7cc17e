import { describe, expect, it } from "vitest";
import { rateLimitHits, webVitalBuckets } from "../../db/schema";
import {
  handleVitalsBeacon,
  pruneVitals,
  readVitalsReport,
  recordVitals,
  VITALS_PROCESS_LIMIT_PER_SECOND,
  VITALS_RATE_LIMIT,
  type VitalsEndpointContext,
} from "../../app/features/vitals/vitals.server";
import { bodyOverLimit } from "../support/request-body";
import { seededTestDatabase } from "../support/test-database";

/**
 * The Core Web Vitals endpoint's handler and the report the back office reads, on the test
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL). tests/server/web-vitals-http.test.ts
 * covers what the running server adds: the body cap while streaming, the origin check, cookies.
 */
const suite = seededTestDatabase();

const PAGES = new Set(["/", "/news/:reportId", "/calendar", "/*"]);
let clock = Date.parse("2026-11-26T10:00:00.000Z");

/** A context whose client address is its own (each test gets a fresh rate limit) at its own second. */
function endpoint(clientIp = `198.51.100.${1 + Math.floor(Math.random() * 254)}`): VitalsEndpointContext {
  clock += 1_000;
  return {
    db: suite.db,
    clientIp,
    appSecret: "secret-for-the-vitals-test-0123456789",
    routePattern: (pathname) => (PAGES.has(pathname) ? pathname : "unmatched"),
    now: new Date(clock),
  };
}

const beacon = (body: unknown) =>
  new Request("http://127.0.0.1/api/vitals", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "text/plain;charset=UTF-8" },
  });

describe("POST /api/vitals (handler)", () => {
  it("counts a valid beacon in the day's histogram and answers 204 without a body", async () => {
    const context = endpoint();
    const response = await handleVitalsBeacon(
      beacon({ page: "/calendar", metrics: { LCP: 1234.5, INP: 48, CLS: 0.02, TTFB: 310, FCP: 900 } }),
      context,
    );
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const rows = await suite.db.select().from(webVitalBuckets);
    expect(
      rows
        .map(({ day, page, metric, bucket, samples }) => ({ day, page, metric, bucket, samples }))
        .sort((a, b) => a.metric.localeCompare(b.metric)),
    ).toEqual([
      { day: "2026-11-26", page: "/calendar", metric: "CLS", bucket: 1, samples: 1 },
      { day: "2026-11-26", page: "/calendar", metric: "FCP", bucket: 8, samples: 1 },
      { day: "2026-11-26", page: "/calendar", metric: "INP", bucket: 4, samples: 1 },
      { day: "2026-11-26", page: "/calendar", metric: "LCP", bucket: 12, samples: 1 },
      { day: "2026-11-26", page: "/calendar", metric: "TTFB", bucket: 3, samples: 1 },
    ]);
    // A second page view in the same bucket adds to the row.
    expect((await handleVitalsBeacon(beacon({ page: "/calendar", metrics: { LCP: 1250 } }), endpoint())).status).toBe(204);
    const [lcp] = (await suite.db.select().from(webVitalBuckets)).filter((row) => row.metric === "LCP");
    expect(lcp?.samples).toBe(2);
  });

  it("answers 400 to anything but a page pattern and known metrics in range", async () => {
    const bad: unknown[] = [
      "",
      "{",
      "null",
      "[]",
      '"LCP"',
      {},
      { page: "/calendar" },
      { page: "/calendar", metrics: {} },
      { page: "/calendar", metrics: { LCP: "fast" } },
      { page: "/calendar", metrics: { LCP: -1 } },
      { page: "/calendar", metrics: { LCP: 1e12 } },
      { page: "/calendar", metrics: { CLS: 101 } },
      { page: "/calendar", metrics: { FID: 12 } },
      { page: "/calendar", metrics: { LCP: 1000 }, visitor: "abc" },
      // A URL, a query, or a path that is not a route pattern of the site.
      { page: "https://ridgeway.example/calendar", metrics: { LCP: 1000 } },
      { page: "/calendar?utm_source=x", metrics: { LCP: 1000 } },
      { page: "/news/season-opener", metrics: { LCP: 1000 } },
      { page: `/${"a".repeat(300)}`, metrics: { LCP: 1000 } },
    ];
    const before = (await suite.db.select().from(webVitalBuckets)).length;
    for (const body of bad) {
      const response = await handleVitalsBeacon(beacon(body), endpoint());
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
    expect((await suite.db.select().from(webVitalBuckets)).length).toBe(before);
  });

  it("answers 413 when the server stopped the body at its limit", async () => {
    const request = new Request("http://127.0.0.1/api/vitals", { method: "POST", ...bodyOverLimit('{"page":"/","metrics":{"LCP":') });
    const response = await handleVitalsBeacon(request, endpoint());
    expect(response.status).toBe(413);
  });

  it("limits each client to its share, keyed without its address", async () => {
    const clientIp = "203.0.113.77";
    const statuses: number[] = [];
    for (let i = 0; i <= VITALS_RATE_LIMIT.limit; i++) {
      statuses.push((await handleVitalsBeacon(beacon({ page: "/", metrics: { TTFB: 200 } }), endpoint(clientIp))).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 204)).toBe(true);
    const refused = await handleVitalsBeacon(beacon({ page: "/", metrics: { TTFB: 200 } }), endpoint(clientIp));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await handleVitalsBeacon(beacon({ page: "/", metrics: { TTFB: 200 } }), endpoint("203.0.113.78"))).status).toBe(204);
    const keys = (await suite.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key);
    expect(keys.some((key) => key.startsWith("vitals:"))).toBe(true);
    expect(keys.filter((key) => key.includes("203.0.113"))).toEqual([]);
  });

  it("takes at most its per-process share in one second from all clients together, before reading the body", async () => {
    clock += 10_000;
    const now = new Date(clock);
    const statuses: number[] = [];
    for (let i = 0; i <= VITALS_PROCESS_LIMIT_PER_SECOND; i++) {
      statuses.push((await handleVitalsBeacon(beacon("not even JSON"), { ...endpoint(), now })).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("readVitalsReport", () => {
  it("gives per page the 75th percentile of the last 7 and of the last 28 days, with the sample counts and ratings", async () => {
    await suite.db.delete(webVitalBuckets);
    const now = new Date("2026-11-26T12:00:00.000Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    // This week: LCPs of 1.0, 1.2, 1.4 and 3.0 s on the home page (p75: the third, 1.4 s, in (1.3, 1.4]).
    for (const LCP of [1000, 1200, 1400, 3000]) await recordVitals(suite.db, { page: "/", metrics: { LCP, CLS: 0 } }, daysAgo(2));
    // Three weeks ago: four slow ones. Over 28 days the third-slowest of eight is the p75: 5.0 s, in (4.75, 5.0].
    for (const LCP of [4500, 5000, 5000, 6000]) await recordVitals(suite.db, { page: "/", metrics: { LCP, INP: 350 } }, daysAgo(20));
    // Older than 28 days: left out.
    await recordVitals(suite.db, { page: "/", metrics: { LCP: 20_000 } }, daysAgo(28));
    await recordVitals(suite.db, { page: "/news/:reportId", metrics: { LCP: 2000, TTFB: 2500 } }, daysAgo(0));

    const report = await readVitalsReport(suite.db, now);
    expect(report.last7.map((page) => [page.page, page.pageViews])).toEqual([
      ["/", 4],
      ["/news/:reportId", 1],
    ]);
    const home7 = report.last7[0]!;
    expect(home7.metrics.LCP).toEqual({ p75: { value: 1400, atLeast: false }, rating: "good", samples: 4 });
    expect(home7.metrics.CLS).toMatchObject({ rating: "good", samples: 4 });
    expect(home7.metrics.INP).toBeUndefined();

    const home28 = report.last28.find((page) => page.page === "/")!;
    expect(home28.pageViews).toBe(8);
    expect(home28.metrics.LCP?.samples).toBe(8);
    expect(home28.metrics.LCP?.p75.value).toBeGreaterThan(4750);
    expect(home28.metrics.LCP?.p75.value).toBeLessThanOrEqual(5000);
    expect(home28.metrics.LCP?.rating).toBe("poor");
    // Four samples in (340, 350]: the third is placed three quarters of the way up.
    expect(home28.metrics.INP).toMatchObject({ p75: { value: 347.5, atLeast: false }, rating: "needs-improvement", samples: 4 });
    expect(report.last28.find((page) => page.page === "/news/:reportId")?.metrics.TTFB?.rating).toBe("poor");
  });

  it("is empty without samples, and prunes days long past", async () => {
    await pruneVitals(suite.db, new Date("2027-06-01T00:00:00.000Z"));
    expect(await suite.db.select().from(webVitalBuckets)).toEqual([]);
    expect(await readVitalsReport(suite.db)).toEqual({ last7: [], last28: [] });
  });
});
