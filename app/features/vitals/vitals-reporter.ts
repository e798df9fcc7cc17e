import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from "web-vitals";
import { VITALS_BEACON_PATH, type VitalMetric } from "~/lib/web-vitals";
import type { VitalsBeacon } from "./beacon";

/**
 * Collects this page view's LCP, INP, CLS, TTFB and FCP and sends them in one beacon when the
 * page is first hidden (a tab switch, the app switcher, leaving): the last moment a phone
 * reliably runs script. Loaded on demand by start-reporting.ts. `page` is the route pattern the
 * server rendered ("/news/:reportId"): a page view is counted against the page it landed on.
 */
export function reportVitals(page: string): void {
  const metrics: VitalsBeacon["metrics"] = {};
  let sent = false;
  const record = (metric: Metric) => {
    metrics[metric.name as VitalMetric] = metric.value;
  };
  onLCP(record);
  onINP(record);
  onCLS(record);
  onTTFB(record);
  onFCP(record);
  const send = () => {
    if (sent || Object.keys(metrics).length === 0) return;
    sent = true;
    navigator.sendBeacon(VITALS_BEACON_PATH, JSON.stringify({ page, metrics } satisfies VitalsBeacon));
  };
  // Registered after web-vitals' own listeners (on window, capturing), so they have reported the
  // final LCP, CLS and INP by the time this runs.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") send();
  });
  addEventListener("pagehide", send);
}
