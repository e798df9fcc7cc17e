import { hasSeenObjection, MAX_SEEN_PER_BEACON, SEEN_ATTRIBUTE, SEEN_BEACON_PATH, SEEN_RULE } from "./seen";
import { createSeenClock } from "./seen-clock";

/*
 * The browser's half of the seen count (ADR 0145), loaded on demand by useSeenCounting: watches
 * the partner marks under a root with an IntersectionObserver, and sends the ones seen in batches
 * with navigator.sendBeacon (no cookie of its own, nothing stored). Each send first reads the
 * objection again, so an objection made in any tab stops the count at once.
 */

/** How long seen marks wait for others before they go, so a scroll past several sends one beacon. */
const BATCH_MS = 3_000;

/** Whether this visitor's browser may count what it sees: no objection, no Global Privacy Control. */
export function seenCountAllowed(): boolean {
  const gpc = (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
  return !gpc && !hasSeenObjection(document.cookie);
}

/** Starts watching the marks under `root`; returns the function that stops (and sends what is held). */
export function watchPartnerMarks(root: Element): () => void {
  const clock = createSeenClock();
  const held = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let batch: ReturnType<typeof setTimeout> | undefined;

  const send = () => {
    clearTimeout(batch);
    batch = undefined;
    if (held.size === 0) return;
    const keys = [...held].slice(0, MAX_SEEN_PER_BEACON);
    held.clear();
    if (seenCountAllowed()) navigator.sendBeacon(SEEN_BEACON_PATH, keys.join(" "));
  };

  const check = () => {
    timer = undefined;
    for (const key of clock.due(performance.now())) held.add(key);
    if (held.size > 0 && batch === undefined) batch = setTimeout(send, BATCH_MS);
    schedule();
  };

  const schedule = () => {
    const next = clock.nextDue();
    if (next === null || timer !== undefined) return;
    timer = setTimeout(check, Math.max(0, next - performance.now()));
  };

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const key = entry.target.getAttribute(SEEN_ATTRIBUTE);
        if (key) clock.observe(key, entry.isIntersecting ? entry.intersectionRatio : 0, performance.now());
      }
      schedule();
    },
    { threshold: [0, SEEN_RULE.ratio] },
  );
  for (const mark of root.querySelectorAll(`[${SEEN_ATTRIBUTE}]`)) observer.observe(mark);

  const onVisibility = () => {
    if (document.visibilityState === "hidden") {
      clock.pause();
      send();
    } else {
      clock.resume(performance.now());
      schedule();
    }
  };
  document.addEventListener("visibilitychange", onVisibility);
  addEventListener("pagehide", send);

  return () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", onVisibility);
    removeEventListener("pagehide", send);
    send();
  };
}
