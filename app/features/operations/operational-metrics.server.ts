/**
 * The gauges /metrics reads from the database when scraped (ADR 0046): the e-mail outbox,
 * payments waiting for the provider's webhook, the last backup, and the periodic jobs' lag.
 * One reading serves every gauge of a scrape. On PostgreSQL every process reports the same
 * database-wide figures: aggregate them with max(), not sum().
 */
import { gauge } from "./metrics.server";
import type { JobLag } from "./job-clock";
import type { OperationalState } from "./warnings";

export function registerOperationalMetrics(source: { read: () => Promise<OperationalState>; jobLags: () => JobLag[] }): void {
  let reading: { at: number; state: Promise<OperationalState> } | undefined;
  const state = () => {
    if (!reading || Date.now() - reading.at > 1_000) reading = { at: Date.now(), state: source.read() };
    return reading.state;
  };
  const seconds = (date: Date | null) => (date ? date.getTime() / 1000 : 0);
  const ageSeconds = (date: Date | null) => (date ? Math.max(0, (Date.now() - date.getTime()) / 1000) : 0);

  gauge({
    name: "ridgeway_email_outbox_unsent",
    help: "E-mails in the outbox not sent yet.",
    async collect() {
      this.set((await state()).email.unsent);
    },
  });
  gauge({
    name: "ridgeway_email_outbox_failing",
    help: "Unsent e-mails that have failed at least once.",
    async collect() {
      this.set((await state()).email.failing);
    },
  });
  gauge({
    name: "ridgeway_email_outbox_oldest_unsent_age_seconds",
    help: "How long the oldest unsent e-mail has waited (0 when none).",
    async collect() {
      this.set(ageSeconds((await state()).email.oldestUnsentAt));
    },
  });
  gauge({
    name: "ridgeway_payments_awaiting_webhook",
    help: "Orders whose customer came back from paying more than PAYMENT_WEBHOOK_WARNING_MINUTES ago, still unpaid.",
    async collect() {
      this.set((await state()).payments.awaitingWebhook);
    },
  });
  gauge({
    name: "ridgeway_backup_last_success_timestamp_seconds",
    help: "When the last good backup started (Unix time; 0 when none).",
    async collect() {
      this.set(seconds((await state()).backups.lastSuccessAt));
    },
  });
  gauge({
    name: "ridgeway_backup_last_run_failed",
    help: "1 when the last backup attempt failed, else 0.",
    async collect() {
      this.set((await state()).backups.lastRun?.outcome === "failed" ? 1 : 0);
    },
  });
  gauge({
    name: "ridgeway_job_lag_seconds",
    help: "How far past its due time each periodic job of this process is (0 when on time).",
    labelNames: ["job"],
    collect() {
      for (const { job, lagSeconds } of source.jobLags()) this.set({ job }, lagSeconds);
    },
  });
}
