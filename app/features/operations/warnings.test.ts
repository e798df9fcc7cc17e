import { describe, expect, it } from "vitest";
import { degradedReasons, operationalWarnings, type OperationalSettings, type OperationalState } from "./warnings";

const now = new Date("2026-11-25T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const settings: OperationalSettings = { backupSchedule: "daily", paymentWebhookWarningMinutes: 10 };

function healthy(): OperationalState {
  return {
    email: { unsent: 0, failing: 0, givenUp: 0, oldestUnsentAt: null, lastError: null },
    payments: { awaitingWebhook: 0, oldestReturnedAt: null },
    backups: {
      lastSuccessAt: minutesAgo(60),
      lastSuccessFile: "ridgeway-embedded-20261125T110000Z-0000000000000000.tar",
      lastRestore: null,
      lastRun: { finishedAt: minutesAgo(59), outcome: "succeeded", error: null, offsiteOutcome: null, offsiteError: null },
    },
  };
}

const ids = (state: OperationalState, schedule = settings) => operationalWarnings(state, schedule, now).map((warning) => warning.id);

describe("operational warnings", () => {
  it("says nothing when e-mails go, payments are confirmed and the last backup is recent", () => {
    expect(ids(healthy())).toEqual([]);
  });

  it("warns about e-mails that fail, with the last error", () => {
    const state = healthy();
    state.email = { unsent: 3, failing: 2, givenUp: 1, oldestUnsentAt: minutesAgo(3), lastError: "Error: connect ECONNREFUSED" };
    const [warning] = operationalWarnings(state, settings, now);
    expect(warning).toMatchObject({ id: "email-failing", title: "2 e-mails are failing to send" });
    expect(warning!.detail).toContain("1 will not be tried again");
    expect(warning!.detail).toContain("ECONNREFUSED");
  });

  it("warns about a backlog only once the oldest unsent e-mail has waited 15 minutes", () => {
    const state = healthy();
    state.email = { unsent: 4, failing: 0, givenUp: 0, oldestUnsentAt: minutesAgo(14), lastError: null };
    expect(ids(state)).toEqual([]);
    state.email.oldestUnsentAt = minutesAgo(15);
    expect(ids(state)).toEqual(["email-backlog"]);
  });

  it("warns about payments the provider has not confirmed", () => {
    const state = healthy();
    state.payments = { awaitingWebhook: 1, oldestReturnedAt: minutesAgo(25) };
    const [warning] = operationalWarnings(state, settings, now);
    expect(warning).toMatchObject({ id: "payments-without-webhook", title: "1 payment has not been confirmed by the payment provider" });
    expect(warning!.detail).toContain("25 minutes ago");
  });

  it("warns about a failed backup, a failed offsite copy, and a stale or missing backup", () => {
    const failed = healthy();
    failed.backups.lastRun = {
      finishedAt: minutesAgo(5),
      outcome: "failed",
      error: "ENOSPC: no space left on device",
      offsiteOutcome: null,
      offsiteError: null,
    };
    expect(operationalWarnings(failed, settings, now)[0]).toMatchObject({
      id: "backup-failed",
      detail: "5 minutes ago: ENOSPC: no space left on device",
    });

    const local = healthy();
    local.backups.lastRun!.offsiteOutcome = "failed";
    expect(ids(local)).toEqual(["backup-offsite-failed"]);

    const stale = healthy();
    stale.backups.lastSuccessAt = minutesAgo(27 * 60);
    expect(operationalWarnings(stale, settings, now)[0]).toMatchObject({ id: "backup-stale", title: "No backup for 27 hours" });
    expect(ids(stale, { ...settings, backupSchedule: "off" })).toEqual([]);

    const never = healthy();
    never.backups = { lastSuccessAt: null, lastSuccessFile: null, lastRestore: null, lastRun: null };
    expect(operationalWarnings(never, settings, now)[0]).toMatchObject({ id: "backup-stale", title: "No backup has been made yet" });
  });
});

describe("readiness", () => {
  it("is degraded by an e-mail backlog or a job a minute behind, not by anything less", () => {
    const email = healthy().email;
    expect(degradedReasons(email, [{ job: "mail-delivery", lagSeconds: 59 }], now)).toEqual([]);
    expect(
      degradedReasons(
        { ...email, unsent: 7, oldestUnsentAt: minutesAgo(20) },
        [
          { job: "mail-delivery", lagSeconds: 75 },
          { job: "order-expiry", lagSeconds: 0 },
        ],
        now,
      ),
    ).toEqual(["e-mail outbox: 7 unsent, the oldest waiting 20 minutes", "job mail-delivery: 75 s behind"]);
  });
});
