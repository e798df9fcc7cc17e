import { isBackupStale, type BackupSchedule } from "./backup-files";
import type { JobLag } from "./job-clock";

/*
 * Operational warnings (ADR 0047): what the back office's Today page, /readyz and the metrics
 * say about e-mail, payments and backups, worked out from one reading of the database.
 */

export interface OperationalSettings {
  /** BACKUP_SCHEDULE: how often a backup is expected. */
  backupSchedule: BackupSchedule;
  /** PAYMENT_WEBHOOK_WARNING_MINUTES */
  paymentWebhookWarningMinutes: number;
}

export interface OperationalState {
  email: {
    /** Messages not sent yet (including those still being retried). */
    unsent: number;
    /** Unsent messages that have failed at least once. */
    failing: number;
    /** Messages given up in the last day (refused for good, or every attempt used): not tried again unless staff retry them. */
    givenUp: number;
    oldestUnsentAt: Date | null;
    lastError: string | null;
  };
  payments: {
    /** Orders whose customer came back from paying more than N minutes ago, still unpaid. */
    awaitingWebhook: number;
    oldestReturnedAt: Date | null;
  };
  backups: {
    lastSuccessAt: Date | null;
    lastSuccessFile: string | null;
    /** The last restore into this database (npm run restore): when, and which backup it put back. */
    lastRestore: { restoredAt: Date; file: string; backupTakenAt: Date } | null;
    lastRun: {
      finishedAt: Date;
      outcome: "succeeded" | "failed";
      error: string | null;
      offsiteOutcome: "succeeded" | "failed" | null;
      offsiteError: string | null;
    } | null;
  };
}

export interface OperationalWarning {
  id: "email-failing" | "email-backlog" | "payments-without-webhook" | "backup-failed" | "backup-offsite-failed" | "backup-stale";
  title: string;
  detail: string;
}

/** An unsent e-mail older than this holds up the outbox (readiness turns degraded). */
export const EMAIL_BACKLOG_MINUTES = 15;

function minutesBetween(earlier: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - earlier.getTime()) / 60_000));
}

function age(earlier: Date, now: Date): string {
  const minutes = minutesBetween(earlier, now);
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function operationalWarnings(state: OperationalState, settings: OperationalSettings, now: Date): OperationalWarning[] {
  const warnings: OperationalWarning[] = [];
  const { email, payments, backups } = state;
  if (email.failing > 0 || email.givenUp > 0) {
    warnings.push({
      id: "email-failing",
      title:
        email.failing > 0
          ? `${plural(email.failing, "e-mail is", "e-mails are")} failing to send`
          : `${plural(email.givenUp, "e-mail was", "e-mails were")} not delivered`,
      detail: `${email.givenUp > 0 ? `${email.givenUp} will not be tried again. ` : ""}Last error: ${email.lastError ?? "unknown"}. Check SMTP_URL and the mail server; the mail queue (/admin/mail) lists them.`,
    });
  } else if (email.oldestUnsentAt && minutesBetween(email.oldestUnsentAt, now) >= EMAIL_BACKLOG_MINUTES) {
    warnings.push({
      id: "email-backlog",
      title: `${plural(email.unsent, "e-mail is", "e-mails are")} waiting to be sent`,
      detail: `The oldest has waited ${age(email.oldestUnsentAt, now)}: is the site's mail delivery running?`,
    });
  }
  if (payments.awaitingWebhook > 0 && payments.oldestReturnedAt) {
    warnings.push({
      id: "payments-without-webhook",
      title: `${plural(payments.awaitingWebhook, "payment has", "payments have")} not been confirmed by the payment provider`,
      detail: `Customers came back from paying up to ${age(payments.oldestReturnedAt, now)} ago, but no webhook has marked their order paid (after ${settings.paymentWebhookWarningMinutes} minutes this is a warning). Check the webhook endpoint and STRIPE_WEBHOOK_SECRET in the provider's dashboard.`,
    });
  }
  const last = backups.lastRun;
  if (last?.outcome === "failed") {
    warnings.push({
      id: "backup-failed",
      title: "The last backup failed",
      detail: `${age(last.finishedAt, now)} ago: ${last.error ?? "no message"}`,
    });
  } else if (last?.offsiteOutcome === "failed") {
    warnings.push({
      id: "backup-offsite-failed",
      title: "The last backup was not copied offsite",
      detail: `It is on this machine only. The copy to S3-compatible storage failed: ${last.offsiteError ?? "no message"}`,
    });
  }
  if (isBackupStale(settings.backupSchedule, backups.lastSuccessAt, now)) {
    warnings.push({
      id: "backup-stale",
      title: backups.lastSuccessAt ? `No backup for ${age(backups.lastSuccessAt, now)}` : "No backup has been made yet",
      detail: `Backups are expected ${settings.backupSchedule === "hourly" ? "every hour" : "every day"} (BACKUP_SCHEDULE). Run npm run backup, and see docs/production.md.`,
    });
  }
  return warnings;
}

/** A periodic job this far behind makes the process "degraded" in /readyz. */
export const JOB_LAG_DEGRADED_SECONDS = 60;

/**
 * Why /readyz says "degraded" (still 200: the process serves pages, but mail or a job is
 * behind): an unsent e-mail older than EMAIL_BACKLOG_MINUTES, or a job a minute past due.
 */
export function degradedReasons(email: OperationalState["email"], lags: readonly JobLag[], now: Date): string[] {
  const reasons: string[] = [];
  if (email.oldestUnsentAt && minutesBetween(email.oldestUnsentAt, now) >= EMAIL_BACKLOG_MINUTES) {
    reasons.push(`e-mail outbox: ${email.unsent} unsent, the oldest waiting ${age(email.oldestUnsentAt, now)}`);
  }
  for (const { job, lagSeconds } of lags) {
    if (lagSeconds >= JOB_LAG_DEGRADED_SECONDS) reasons.push(`job ${job}: ${Math.round(lagSeconds)} s behind`);
  }
  return reasons;
}
