/*
 * How far behind the process's periodic jobs are (mail delivery, order expiry, low-stock alerts,
 * the backup schedule): each job says when it has run, and its lag is how long past its next
 * due time it has not (ADR 0047). A job stuck on a slow database, or a timer that stopped, shows.
 */

export interface JobLag {
  job: string;
  /** Seconds past the time the job should have run again; 0 when on time. */
  lagSeconds: number;
}

export interface JobClock {
  /** Registers a job that should run every `intervalMs`; call `ran()` each time it finishes. */
  register(job: string, intervalMs: number): { ran(): void };
  lags(): JobLag[];
}

export function createJobClock(now: () => number = Date.now): JobClock {
  const jobs = new Map<string, { intervalMs: number; lastRunAt: number }>();
  return {
    register(job, intervalMs) {
      const entry = { intervalMs, lastRunAt: now() };
      jobs.set(job, entry);
      return {
        ran: () => {
          entry.lastRunAt = now();
        },
      };
    },
    lags: () =>
      [...jobs].map(([job, { intervalMs, lastRunAt }]) => ({ job, lagSeconds: Math.max(0, now() - lastRunAt - intervalMs) / 1000 })),
  };
}
