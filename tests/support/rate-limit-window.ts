/**
 * The server's rate limits count in fixed windows of the wall clock (lib/rate-limit.server.ts):
 * a test that must see N requests land in one window starts them at least `marginMs` before the
 * current window ends, waiting for the next window if it is closer than that. The wait is the
 * only clock wait left in the rate-limit specs: at most `marginMs`, in marginMs / windowMs of runs.
 */
export async function awayFromWindowEdge(windowMs: number, marginMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
