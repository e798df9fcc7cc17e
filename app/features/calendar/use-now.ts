import { useEffect, useState } from "react";

/**
 * The current time, re-read every `intervalMs`. The first render uses
 * `initialNow` (the server's clock, as an ISO string) so hydration matches the
 * server's HTML; from then on the browser's own clock drives it, so a page left
 * open, or served from a cache, moves on by itself.
 */
export function useNow(initialNow: string, intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date(initialNow));
  useEffect(() => {
    const readClock = () => setNow(new Date());
    readClock();
    const timer = window.setInterval(readClock, intervalMs);
    // Hidden tabs get throttled timers: catch up as soon as the page is seen again.
    document.addEventListener("visibilitychange", readClock);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", readClock);
    };
  }, [intervalMs]);
  return now;
}
