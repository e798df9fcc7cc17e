import { VITAL_MAX_VALUE, type VitalMetric } from "~/lib/web-vitals";
export { VITALS_BEACON_PATH } from "~/lib/web-vitals";
import { z } from "~/lib/zod";

/**
 * The largest beacon body the endpoint reads: a real one is about 120 bytes (a route pattern and
 * five numbers); server/body-limit.ts counts it while it streams.
 */
export const MAX_VITALS_BODY_BYTES = 2 * 1024;

/** A page's route pattern as React Router writes it ("/news/:reportId", "/*"); never a URL with a query. */
const routePattern = z
  .string({ message: "page must be a route pattern" })
  .max(200, "page is too long")
  .regex(/^\/[A-Za-z0-9/:._*-]*$/, "page must be a route pattern such as /news/:reportId");

const metricValue = (metric: VitalMetric) =>
  z
    .number({ message: `${metric} must be a number` })
    .min(0, `${metric} cannot be negative`)
    .max(VITAL_MAX_VALUE[metric], `${metric} is out of range`)
    .optional();

/** One page view's measurements: `{ page, metrics: { LCP?, INP?, CLS?, TTFB?, FCP? } }` (ms, CLS unitless). */
export const vitalsBeaconSchema = z.strictObject({
  page: routePattern,
  metrics: z
    .strictObject({
      LCP: metricValue("LCP"),
      INP: metricValue("INP"),
      CLS: metricValue("CLS"),
      TTFB: metricValue("TTFB"),
      FCP: metricValue("FCP"),
    })
    .refine(
      (metrics) => Object.values(metrics).some((value) => value !== undefined),
      "metrics must hold at least one of LCP, INP, CLS, TTFB, FCP",
    ),
});

export type VitalsBeacon = z.infer<typeof vitalsBeaconSchema>;
