import { useEffect, type RefObject } from "react";
import { SEEN_ATTRIBUTE } from "./seen";

/**
 * Counts the partner marks under `root` as seen (ADR 0145) once the page has hydrated: the
 * reporter is fetched only when the section holds a counted mark, the browser can observe and send
 * beacons, and the visitor has not objected; client-side navigation away stops it.
 */
export function useSeenCounting(root: RefObject<Element | null>): void {
  useEffect(() => {
    const element = root.current;
    if (!element?.querySelector(`[${SEEN_ATTRIBUTE}]`)) return;
    if (typeof IntersectionObserver !== "function" || typeof navigator.sendBeacon !== "function") return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("./seen-reporter").then((reporter) => {
      if (!cancelled && reporter.seenCountAllowed()) stop = reporter.watchPartnerMarks(element);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [root]);
}
