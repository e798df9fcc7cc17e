/**
 * A CPU slowdown that emulates the same phone however busy the host is (ADR 0111).
 *
 * Chromium's CPU throttling multiplies the host's own speed: 4x on a quiet machine is a mid-range
 * phone, 4x on the same machine while other work takes half of it is a much slower one, and a
 * latency figure measured then is the machine's load more than the page's. Lighthouse's
 * BenchmarkIndex (a one-second string and array benchmark) says how fast the host is now; the
 * slowdown is lowered in proportion when it is below the quiet host's, and never raised above the
 * nominal slowdown. Below MIN_CPU_SLOWDOWN the host is too busy to stand in for a phone at all.
 */

/** Lighthouse's BenchmarkIndex of this machine's Chromium with nothing else running (3,300 – 3,850 on 2026-11-29). */
export const REFERENCE_HOST_INDEX = 3_000;
export const MIN_CPU_SLOWDOWN = 2;

/** The slowdown that makes a host measuring `hostIndex` the phone that `nominal` is on a quiet host, to 0.01. */
export function calibratedSlowdown(nominal: number, hostIndex: number): number {
  if (!Number.isFinite(hostIndex) || hostIndex <= 0) return nominal;
  const slowdown = nominal * Math.min(1, hostIndex / REFERENCE_HOST_INDEX);
  return Math.max(MIN_CPU_SLOWDOWN, Math.round(slowdown * 100) / 100);
}
