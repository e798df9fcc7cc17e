import { createHmac } from "node:crypto";
import { gte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { webVitalBuckets } from "../../../db/schema";
import type { RequestContext } from "~/context";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { isRequestBodyTooLarge } from "~/lib/request-body";
import {
  bucketOf,
  percentileOf,
  rateVital,
  VITAL_METRICS,
  type PercentileEstimate,
  type VitalMetric,
  type VitalRating,
} from "~/lib/web-vitals";
import { vitalsBeaconSchema, type VitalsBeacon } from "./beacon";

/**
 * One browser sends one beacon per page view it loads (client-side navigations send none), so 60
 * in ten minutes is far more than a person reading the site; a script replaying beacons is cut
 * off there.
 */
export const VITALS_RATE_LIMIT = { limit: 60, windowMs: 10 * 60_000 } as const;

/**
 * Beacons this process takes per second from everyone together, before it reads a body or
 * touches the database: a flood from many addresses at once costs it a counter increment.
 */
export const VITALS_PROCESS_LIMIT_PER_SECOND = 100;

const noStore = { "Cache-Control": "no-store" };

function refuse(status: number, error: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error }, { status, headers: { ...noStore, ...headers } });
}

let processWindow = { second: 0, count: 0 };

function withinProcessLimit(now: Date): boolean {
  const second = Math.floor(now.getTime() / 1000);
  if (processWindow.second !== second) processWindow = { second, count: 0 };
  processWindow.count += 1;
  return processWindow.count <= VITALS_PROCESS_LIMIT_PER_SECOND;
}

/**
 * The rate limit's key: a keyed hash of the client's address, so the counter table (kept for a
 * day, see pruneRateLimits) never holds the address itself.
 */
function clientKey(clientIp: string, appSecret: string): string {
  return `vitals:${createHmac("sha256", appSecret).update(clientIp).digest("hex").slice(0, 24)}`;
}

/** The UTC day of `now`, as the table's `day` column holds it. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Adds one page view's measurements to the day's histograms: one statement, whatever the number of metrics. */
export async function recordVitals(db: Database, beacon: VitalsBeacon, now: Date): Promise<void> {
  const day = utcDay(now);
  const rows = VITAL_METRICS.flatMap((metric) => {
    const value = beacon.metrics[metric];
    return value === undefined ? [] : [{ day, page: beacon.page, metric, bucket: bucketOf(metric, value), samples: 1 }];
  });
  if (rows.length === 0) return;
  await db
    .insert(webVitalBuckets)
    .values(rows)
    .onConflictDoUpdate({
      target: [webVitalBuckets.day, webVitalBuckets.page, webVitalBuckets.metric, webVitalBuckets.bucket],
      set: { samples: sql`${webVitalBuckets.samples} + excluded.samples` },
    });
}

export interface VitalsEndpointContext {
  db: Database;
  clientIp: string;
  appSecret: string;
  /** The route pattern a path matches ("unmatched" for none); a beacon's page must be one. */
  routePattern: (pathname: string) => string;
  now?: Date;
}

/**
 * POST /api/vitals: `{ page, metrics: { LCP?, INP?, CLS?, TTFB?, FCP? } }` as JSON, sent with
 * any content type (navigator.sendBeacon sends text/plain). 204 when counted; 400 for a body
 * that is not that, or a page that is not one of the site's route patterns; 413 over
 * MAX_VITALS_BODY_BYTES; 429 over the per-client or per-process limit. Reads no cookie, sets
 * none, and keeps nothing about the sender.
 */
export async function handleVitalsBeacon(request: Request, context: VitalsEndpointContext): Promise<Response> {
  const now = context.now ?? new Date();
  if (!withinProcessLimit(now)) return refuse(429, "Too many measurements just now", { "Retry-After": "1" });
  let text: string;
  try {
    text = await request.text();
  } catch (error) {
    if (isRequestBodyTooLarge(error)) return refuse(413, "The measurements are too large");
    return refuse(400, "The request body could not be read");
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse(400, "The body must be JSON: { page, metrics: { LCP, INP, CLS, TTFB, FCP } }");
  }
  const parsed = vitalsBeaconSchema.safeParse(body);
  if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? "The measurements could not be read");
  if (context.routePattern(parsed.data.page) !== parsed.data.page) return refuse(400, "page is not one of the site's pages");
  const limit = await consumeRateLimit(context.db, { key: clientKey(context.clientIp, context.appSecret), ...VITALS_RATE_LIMIT }, now);
  if (!limit.allowed) return refuse(429, "Too many measurements from this address", { "Retry-After": String(limit.retryAfterSeconds) });
  await recordVitals(context.db, parsed.data, now);
  return new Response(null, { status: 204, headers: noStore });
}

/** The endpoint's context from a request's (see app/context.ts). */
export function vitalsEndpointContext(context: RequestContext): VitalsEndpointContext {
  return { db: context.db, clientIp: context.clientIp, appSecret: context.appSecret, routePattern: context.vitals.routePattern };
}

export interface VitalSummary {
  p75: PercentileEstimate;
  rating: VitalRating;
  samples: number;
}

export interface PageVitals {
  page: string;
  /** Beacons counted for the page: the most samples any one metric has. */
  pageViews: number;
  metrics: Partial<Record<VitalMetric, VitalSummary>>;
}

export interface VitalsReport {
  last7: PageVitals[];
  last28: PageVitals[];
}

/** The first UTC day of the `days` days that end with today's. */
function firstDay(now: Date, days: number): string {
  return utcDay(new Date(now.getTime() - (days - 1) * 86_400_000));
}

/** Per page, the 75th percentile of each metric over the last 7 and 28 days (today's included), busiest page first. */
export async function readVitalsReport(db: Database, now = new Date()): Promise<VitalsReport> {
  const from7 = firstDay(now, 7);
  const rows = await db
    .select({
      page: webVitalBuckets.page,
      metric: webVitalBuckets.metric,
      bucket: webVitalBuckets.bucket,
      last28: sql<number>`sum(${webVitalBuckets.samples})`.mapWith(Number),
      last7: sql<number>`coalesce(sum(${webVitalBuckets.samples}) filter (where ${webVitalBuckets.day} >= ${from7}), 0)`.mapWith(Number),
    })
    .from(webVitalBuckets)
    .where(gte(webVitalBuckets.day, firstDay(now, 28)))
    .groupBy(webVitalBuckets.page, webVitalBuckets.metric, webVitalBuckets.bucket);
  const summarise = (period: "last7" | "last28"): PageVitals[] => {
    const histograms = new Map<string, Map<VitalMetric, Map<number, number>>>();
    for (const row of rows) {
      if (row[period] === 0 || !(VITAL_METRICS as readonly string[]).includes(row.metric)) continue;
      const byMetric = histograms.get(row.page) ?? new Map<VitalMetric, Map<number, number>>();
      histograms.set(row.page, byMetric);
      const histogram = byMetric.get(row.metric as VitalMetric) ?? new Map<number, number>();
      byMetric.set(row.metric as VitalMetric, histogram);
      histogram.set(row.bucket, (histogram.get(row.bucket) ?? 0) + row[period]);
    }
    const pages = [...histograms].map(([page, byMetric]): PageVitals => {
      const metrics: Partial<Record<VitalMetric, VitalSummary>> = {};
      for (const [metric, histogram] of byMetric) {
        const p75 = percentileOf(metric, histogram, 0.75);
        if (!p75) continue;
        const samples = [...histogram.values()].reduce((sum, count) => sum + count, 0);
        metrics[metric] = { p75, rating: rateVital(metric, p75.value), samples };
      }
      const pageViews = Math.max(0, ...Object.values(metrics).map((summary) => summary.samples));
      return { page, pageViews, metrics };
    });
    return pages.sort((a, b) => b.pageViews - a.pageViews || a.page.localeCompare(b.page));
  };
  return { last7: summarise("last7"), last28: summarise("last28") };
}

/** Forgets days older than the report reads (28) with a margin; called with the daily housekeeping. */
export async function pruneVitals(db: Database, now = new Date(), keepDays = 90): Promise<void> {
  await db.delete(webVitalBuckets).where(sql`${webVitalBuckets.day} < ${firstDay(now, keepDays)}`);
}
