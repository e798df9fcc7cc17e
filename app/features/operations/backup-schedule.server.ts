/**
 * The embedded database's built-in backup schedule (BACKUP_SCHEDULE, ADR 0043): a team on one
 * machine is covered without cron. Every minute the process asks whether the last good backup
 * (from `backup_runs`, so restarts and `npm run backup` count) is a whole interval old; after a
 * failure it waits a quarter of an hour before trying again.
 */
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { backupRuns } from "../../../db/schema";
import { isBackupDue, type BackupSchedule } from "./backup-files";

const RETRY_AFTER_FAILURE_MS = 15 * 60_000;

export async function lastSuccessfulBackupAt(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ startedAt: backupRuns.startedAt })
    .from(backupRuns)
    .where(eq(backupRuns.outcome, "succeeded"))
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  return row?.startedAt ?? null;
}

export interface BackupScheduler {
  stop(): Promise<void>;
}

export function startBackupSchedule(options: {
  db: Database;
  schedule: BackupSchedule;
  /** Makes one backup; a rejection is already logged and recorded by it. */
  backUp: () => Promise<unknown>;
  /** Told each time the schedule has looked (for the job-lag metric). */
  onChecked?: () => void;
  onError: (error: unknown) => void;
  checkEveryMs?: number;
  now?: () => Date;
}): BackupScheduler {
  const now = options.now ?? (() => new Date());
  let lastFailureAt = 0;
  let current: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const check = async () => {
    if (stopped || Date.now() - lastFailureAt < RETRY_AFTER_FAILURE_MS) return;
    const last = await lastSuccessfulBackupAt(options.db);
    if (!isBackupDue(options.schedule, last, now())) return;
    await options.backUp().catch(() => {
      lastFailureAt = Date.now();
    });
  };
  const timer = setInterval(() => {
    current = current
      .then(check)
      .catch(options.onError)
      .finally(() => options.onChecked?.());
  }, options.checkEveryMs ?? 60_000);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
