/**
 * One reading of how the site's machinery is doing (ADR 0047): the e-mail outbox, payments the
 * provider has not confirmed, and the backups. Read by the back office's Today page, /readyz
 * and the /metrics gauges.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../../../db/client.server";
import type { OperationalSettings, OperationalState } from "./warnings";

/** Times are read as seconds since the epoch: the same on both drivers, whatever the session's time zone. */
const asDate = (seconds: number | string | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : new Date(Number(seconds) * 1000);

export async function readOperationalState(db: Database, settings: OperationalSettings, now = new Date()): Promise<OperationalState> {
  const returnedBefore = new Date(now.getTime() - settings.paymentWebhookWarningMinutes * 60_000);
  const givenUpSince = new Date(now.getTime() - 24 * 60 * 60_000);
  const [emailRows, paymentRows, lastSuccessRows, lastRunRows, lastRestoreRows] = await Promise.all([
    // Waiting: neither sent nor given up. Given up: in the last day, so an old failure that staff
    // have seen on the mail queue (/admin/mail) does not keep the warning on for ever. The oldest
    // is transactional mail's: a newsletter of thousands takes a while on purpose.
    queryRows<{ unsent: number; failing: number; given_up: number; oldest: number | null; last_error: string | null }>(
      db,
      sql`select count(*) filter (where sent_at is null and failed_at is null)::int as unsent,
                 count(*) filter (where sent_at is null and failed_at is null and attempts > 0)::int as failing,
                 count(*) filter (where failed_at > ${givenUpSince.toISOString()} and attempts > 0)::int as given_up,
                 extract(epoch from min(created_at) filter (where sent_at is null and failed_at is null and not (headers ? 'List-Id')))::float8 as oldest,
                 (select last_error from email_outbox where sent_at is null and last_error is not null and (failed_at is null or failed_at > ${givenUpSince.toISOString()})
                  order by coalesce(failed_at, next_attempt_at) desc limit 1) as last_error
          from email_outbox where sent_at is null`,
    ),
    queryRows<{ waiting: number; oldest: number | null }>(
      db,
      sql`select count(*)::int as waiting, extract(epoch from min(returned_from_payment_at))::float8 as oldest from orders
          where status = 'pending_payment' and returned_from_payment_at <= ${returnedBefore.toISOString()}`,
    ),
    queryRows<{ started_at: number; file_name: string | null }>(
      db,
      sql`select extract(epoch from started_at)::float8 as started_at, file_name from backup_runs where outcome = 'succeeded' order by started_at desc limit 1`,
    ),
    queryRows<{
      finished_at: number;
      outcome: "succeeded" | "failed";
      error: string | null;
      offsite_outcome: "succeeded" | "failed" | null;
      offsite_error: string | null;
    }>(
      db,
      sql`select extract(epoch from finished_at)::float8 as finished_at, outcome, error, offsite_outcome, offsite_error from backup_runs order by finished_at desc, id desc limit 1`,
    ),
    queryRows<{ restored_at: number; backup_file: string; backup_taken_at: number }>(
      db,
      sql`select extract(epoch from restored_at)::float8 as restored_at, backup_file, extract(epoch from backup_taken_at)::float8 as backup_taken_at
          from database_restores order by restored_at desc, id desc limit 1`,
    ),
  ]);
  const email = emailRows[0]!;
  const payments = paymentRows[0]!;
  const lastRun = lastRunRows[0];
  const lastRestore = lastRestoreRows[0];
  // A restored backup is a good backup the database has no run of (its row was written after
  // it was taken): the newer of the two is the last backup there is.
  const lastGoodRun = lastSuccessRows[0];
  const restoredIsNewer =
    lastRestore !== undefined && (lastGoodRun === undefined || Number(lastRestore.backup_taken_at) >= Number(lastGoodRun.started_at));
  const lastSuccess = restoredIsNewer
    ? { at: lastRestore.backup_taken_at, file: lastRestore.backup_file }
    : lastGoodRun && { at: lastGoodRun.started_at, file: lastGoodRun.file_name };
  return {
    email: {
      unsent: email.unsent,
      failing: email.failing,
      givenUp: email.given_up,
      oldestUnsentAt: asDate(email.oldest),
      lastError: email.last_error,
    },
    payments: { awaitingWebhook: payments.waiting, oldestReturnedAt: asDate(payments.oldest) },
    backups: {
      lastSuccessAt: asDate(lastSuccess?.at),
      lastSuccessFile: lastSuccess?.file ?? null,
      lastRestore: lastRestore
        ? {
            restoredAt: asDate(lastRestore.restored_at)!,
            file: lastRestore.backup_file,
            backupTakenAt: asDate(lastRestore.backup_taken_at)!,
          }
        : null,
      lastRun: lastRun
        ? {
            finishedAt: asDate(lastRun.finished_at)!,
            outcome: lastRun.outcome,
            error: lastRun.error,
            offsiteOutcome: lastRun.offsite_outcome,
            offsiteError: lastRun.offsite_error,
          }
        : null,
    },
  };
}

/** Marks that the payment provider sent the customer back to the confirmation page (once). */
export async function noteReturnFromPayment(db: Database, orderId: string, now = new Date()): Promise<void> {
  await db.execute(
    sql`update orders set returned_from_payment_at = ${now.toISOString()}
        where id = ${orderId} and status = 'pending_payment' and returned_from_payment_at is null`,
  );
}
