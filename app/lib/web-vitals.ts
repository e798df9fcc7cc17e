/**
 * Field Core Web Vitals (issue 23, ADR 0089): the metrics browsers report, Google's thresholds,
 * and the fixed histogram the server keeps per page, metric and day. A histogram with fixed
 * bucket edges adds up across days and app processes by plain addition, so the 75th percentile
 * of any period is computed from the summed counts without keeping a single sample.
 */

/** Where the browser sends its measurements (ADR 0089). */
export const VITALS_BEACON_PATH = "/api/vitals";

export const VITAL_METRICS = ["LCP", "INP", "CLS", "TTFB", "FCP"] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/**
 * The share of page views that report (0 to 1). The site is small: one in five page views
 * gives a usable 75th percentile within days while most visitors never download the reporter.
 * VITALS_SAMPLE_RATE overrides it (the browser tests set 1; 0 turns reporting off).
 */
export const DEFAULT_VITALS_SAMPLE_RATE = 0.2;

/** Good up to the first value, poor above the second (web.dev's thresholds); ms except CLS. */
export const VITAL_THRESHOLDS: Record<VitalMetric, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  TTFB: [800, 1800],
  FCP: [1800, 3000],
};

/** The largest value a beacon may carry per metric: beyond this it is not a measurement of a page view. */
export const VITAL_MAX_VALUE: Record<VitalMetric, number> = {
  LCP: 600_000,
  INP: 600_000,
  CLS: 100,
  TTFB: 600_000,
  FCP: 600_000,
};

function steps(from: number, to: number, step: number): number[] {
  const edges: number[] = [];
  // Integer arithmetic on the step count, so 0.01 steps stay exact (0.1, not 0.10000000000000002).
  const count = Math.round((to - from) / step);
  for (let i = 1; i <= count; i++) edges.push(Number((from + i * step).toFixed(6)));
  return edges;
}

const TIMING_EDGES = [...steps(0, 5000, 100), ...steps(5000, 10_000, 250), ...steps(10_000, 30_000, 1000)];

/**
 * Upper edges of each metric's buckets. Bucket 0 holds values up to and including edges[0];
 * bucket i holds values above edges[i-1] up to and including edges[i]; the last bucket
 * (index edges.length) holds everything above the last edge. Every threshold above is an edge,
 * so a percentile's rating read from the histogram is the rating of the true value.
 * Changing an edge changes what stored bucket numbers mean: add a new metric name instead.
 */
export const VITAL_BUCKET_EDGES: Record<VitalMetric, readonly number[]> = {
  LCP: TIMING_EDGES,
  FCP: TIMING_EDGES,
  TTFB: TIMING_EDGES,
  INP: [...steps(0, 500, 10), ...steps(500, 2000, 50), ...steps(2000, 10_000, 500)],
  CLS: [...steps(0, 0.5, 0.01), ...steps(0.5, 1, 0.05), ...steps(1, 3, 0.25)],
};

/** The bucket a measured value falls in (values below 0 count as 0). */
export function bucketOf(metric: VitalMetric, value: number): number {
  const edges = VITAL_BUCKET_EDGES[metric];
  let low = 0;
  let high = edges.length;
  // The first edge at or above the value.
  while (low < high) {
    const middle = (low + high) >> 1;
    if (value <= edges[middle]!) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Samples per bucket number. */
export type Histogram = ReadonlyMap<number, number>;

export interface PercentileEstimate {
  value: number;
  /** True when the percentile lies in the open-ended last bucket: the value is a lower bound. */
  atLeast: boolean;
}

/**
 * The p-th percentile (0 < p ≤ 1) of the samples counted in `histogram`, or null without samples.
 * It is the value of the ⌈p·n⌉-th smallest sample, placed by linear interpolation inside its
 * bucket; so it always lies in the same bucket as the true percentile, and is on the same side
 * of every threshold.
 */
export function percentileOf(metric: VitalMetric, histogram: Histogram, p: number): PercentileEstimate | null {
  const edges = VITAL_BUCKET_EDGES[metric];
  const buckets = [...histogram.entries()].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let before = 0;
  for (const [bucket, count] of buckets) {
    if (before + count >= rank) {
      if (bucket >= edges.length) return { value: edges[edges.length - 1]!, atLeast: true };
      const lower = bucket === 0 ? 0 : edges[bucket - 1]!;
      const upper = edges[bucket]!;
      return { value: lower + ((upper - lower) * (rank - before)) / count, atLeast: false };
    }
    before += count;
  }
  // Unreachable: the ranks add up to the total.
  return null;
}

export type VitalRating = "good" | "needs-improvement" | "poor";

export const VITAL_RATING_LABELS: Record<VitalRating, string> = {
  good: "Good",
  "needs-improvement": "Needs improvement",
  poor: "Poor",
};

export function rateVital(metric: VitalMetric, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[metric];
  if (value <= good) return "good";
  if (value <= poor) return "needs-improvement";
  return "poor";
}

/**
 * A metric's value as the back office shows it: seconds for page-load times, ms for INP, CLS
 * unitless. The unit is joined by a no-break space, so a line never ends between number and unit.
 */
export function formatVital(metric: VitalMetric, value: number): string {
  if (metric === "CLS") return value.toFixed(2);
  if (metric === "INP") return `${Math.round(value)}\u00a0ms`;
  return `${(value / 1000).toFixed(2)}\u00a0s`;
}
