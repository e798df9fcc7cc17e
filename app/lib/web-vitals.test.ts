import { describe, expect, it } from "vitest";
import {
  bucketOf,
  formatVital,
  percentileOf,
  rateVital,
  VITAL_BUCKET_EDGES,
  VITAL_METRICS,
  VITAL_THRESHOLDS,
  type VitalMetric,
} from "./web-vitals";

/** The histogram of a list of measured values, as the server would store it. */
function histogramOf(metric: VitalMetric, values: number[]): Map<number, number> {
  const histogram = new Map<number, number>();
  for (const value of values) {
    const bucket = bucketOf(metric, value);
    histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1);
  }
  return histogram;
}

/** The exact p-th percentile of a list: the ⌈p·n⌉-th smallest value. */
function exactPercentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1]!;
}

describe("bucketOf", () => {
  it("puts a value on an edge in the bucket that ends there, and one just above in the next", () => {
    expect(bucketOf("LCP", 0)).toBe(0);
    expect(bucketOf("LCP", 100)).toBe(0);
    expect(bucketOf("LCP", 100.5)).toBe(1);
    expect(bucketOf("LCP", 2500)).toBe(24);
    expect(bucketOf("CLS", 0.1)).toBe(9);
    expect(bucketOf("CLS", 0.1000001)).toBe(10);
    expect(bucketOf("INP", -3)).toBe(0);
  });

  it("sends everything past the last edge to one open-ended bucket", () => {
    const edges = VITAL_BUCKET_EDGES.LCP;
    expect(bucketOf("LCP", 30_000.1)).toBe(edges.length);
    expect(bucketOf("LCP", 599_999)).toBe(edges.length);
  });

  it("has every rating threshold as a bucket edge, with edges strictly rising", () => {
    for (const metric of VITAL_METRICS) {
      const edges = VITAL_BUCKET_EDGES[metric];
      for (const threshold of VITAL_THRESHOLDS[metric]) expect(edges, `${metric} ${threshold}`).toContain(threshold);
      for (let i = 1; i < edges.length; i++) expect(edges[i]!, `${metric} edge ${i}`).toBeGreaterThan(edges[i - 1]!);
    }
  });
});

describe("percentileOf", () => {
  it("is null without samples", () => {
    expect(percentileOf("LCP", new Map(), 0.75)).toBeNull();
    expect(percentileOf("LCP", new Map([[3, 0]]), 0.75)).toBeNull();
  });

  it("lands in the bucket of the exact 75th percentile and on the same side of every threshold", () => {
    // A fixed pseudo-random spread of LCPs between 0.3 s and 7 s, and CLS between 0 and 0.6.
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (const [metric, scale] of [
      ["LCP", 7000],
      ["CLS", 0.6],
      ["INP", 900],
      ["TTFB", 2500],
    ] as const) {
      for (let run = 0; run < 20; run++) {
        const values = Array.from({ length: 1 + Math.floor(random() * 200) }, () => random() * scale);
        const estimate = percentileOf(metric, histogramOf(metric, values), 0.75)!;
        const exact = exactPercentile(values, 0.75);
        expect(bucketOf(metric, estimate.value), `${metric} run ${run}`).toBe(bucketOf(metric, exact));
        expect(rateVital(metric, estimate.value), `${metric} run ${run}`).toBe(rateVital(metric, exact));
        expect(estimate.atLeast).toBe(false);
      }
    }
  });

  it("interpolates inside the bucket by rank", () => {
    // Four samples in (2400, 2500]: the 75th percentile is the third, three quarters of the way up.
    expect(percentileOf("LCP", new Map([[24, 4]]), 0.75)).toEqual({ value: 2475, atLeast: false });
    // One sample: the bucket's top.
    expect(percentileOf("INP", new Map([[5, 1]]), 0.75)).toEqual({ value: 60, atLeast: false });
    // Three fast and one slow page view: the third sample, in the fast bucket.
    expect(
      percentileOf(
        "TTFB",
        new Map([
          [1, 3],
          [30, 1],
        ]),
        0.75,
      ),
    ).toEqual({ value: 200, atLeast: false });
    // Three slow: the slow bucket.
    expect(
      percentileOf(
        "TTFB",
        new Map([
          [1, 1],
          [30, 3],
        ]),
        0.75,
      )?.value,
    ).toBeGreaterThan(3000);
  });

  it("says 'at least' when the percentile lies past the last edge", () => {
    const edges = VITAL_BUCKET_EDGES.LCP;
    expect(percentileOf("LCP", new Map([[edges.length, 4]]), 0.75)).toEqual({ value: 30_000, atLeast: true });
  });
});

describe("rateVital and formatVital", () => {
  it("uses Google's thresholds, good up to and including the first", () => {
    expect(rateVital("LCP", 2500)).toBe("good");
    expect(rateVital("LCP", 2501)).toBe("needs-improvement");
    expect(rateVital("LCP", 4001)).toBe("poor");
    expect(rateVital("INP", 200)).toBe("good");
    expect(rateVital("INP", 500)).toBe("needs-improvement");
    expect(rateVital("CLS", 0.25)).toBe("needs-improvement");
    expect(rateVital("CLS", 0.26)).toBe("poor");
    expect(rateVital("TTFB", 1801)).toBe("poor");
  });

  it("shows seconds for load times, milliseconds for INP and CLS as a plain number", () => {
    expect(formatVital("LCP", 2475)).toBe("2.48\u00a0s");
    expect(formatVital("INP", 87.4)).toBe("87\u00a0ms");
    expect(formatVital("CLS", 0.0312)).toBe("0.03");
  });
});
