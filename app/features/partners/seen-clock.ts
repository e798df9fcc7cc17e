import { SEEN_RULE } from "./seen";

/**
 * Which marks have been seen, from what an IntersectionObserver reports: a mark starts its second
 * when at least half of it is on screen, loses it when it drops below half or the page is hidden,
 * and is reported once a page view. Time is passed in, so it is tested without a browser.
 */
export interface SeenClock {
  /** The share of a mark now on screen (an IntersectionObserver entry's intersectionRatio). */
  observe(key: string, ratio: number, now: number): void;
  /** The page was hidden (another tab, the phone locked): every running second stops. */
  pause(): void;
  /** The page is visible again: marks still at least half on screen start a new second. */
  resume(now: number): void;
  /** The marks seen by `now` and not reported before; each is reported once. */
  due(now: number): string[];
  /** When the next mark will have had its second, or null when none is running. */
  nextDue(): number | null;
}

export function createSeenClock(rule: { ratio: number; milliseconds: number } = SEEN_RULE): SeenClock {
  const ratios = new Map<string, number>();
  const since = new Map<string, number>();
  const reported = new Set<string>();
  let hidden = false;
  return {
    observe(key, ratio, now) {
      ratios.set(key, ratio);
      if (reported.has(key)) return;
      if (ratio < rule.ratio) since.delete(key);
      else if (!since.has(key) && !hidden) since.set(key, now);
    },
    pause() {
      hidden = true;
      since.clear();
    },
    resume(now) {
      hidden = false;
      for (const [key, ratio] of ratios) if (ratio >= rule.ratio && !reported.has(key) && !since.has(key)) since.set(key, now);
    },
    due(now) {
      const seen: string[] = [];
      for (const [key, start] of since) {
        if (now - start < rule.milliseconds) continue;
        since.delete(key);
        reported.add(key);
        seen.push(key);
      }
      return seen;
    },
    nextDue() {
      let next: number | null = null;
      for (const start of since.values()) next = next === null ? start + rule.milliseconds : Math.min(next, start + rule.milliseconds);
      return next;
    },
  };
}
