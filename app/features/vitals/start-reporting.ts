/**
 * Starts field Core Web Vitals reporting for this page view, or not (ADR 0089). This is the only
 * part in the visitor's first JavaScript: it decides by sample rate, and a sampled page view
 * fetches the reporter and web-vitals only once the page has loaded and the browser is idle,
 * so neither first paint nor hydration waits for it.
 */
export function startVitalsReporting(): void {
  const { vitalsPage: page, vitalsSampleRate } = document.documentElement.dataset;
  const sampleRate = Number(vitalsSampleRate);
  if (!page || !(sampleRate > 0) || Math.random() >= sampleRate || typeof navigator.sendBeacon !== "function") return;
  const load = () => void import("./vitals-reporter").then((reporter) => reporter.reportVitals(page));
  const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(load, { timeout: 5_000 }) : setTimeout(load, 1_000));
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
}
