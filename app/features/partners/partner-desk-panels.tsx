import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormNotice } from "~/components/ui/form-notice";
import { formatUkDate, formatUkDateTime } from "~/lib/dates";
import { DELIVERABLE_KINDS } from "./deliverable-kinds";
import type { PlacementOption } from "./placements.server";
import type { partnerDesk } from "./partners-desk.server";

export interface PartnerDeskResult {
  tone: "success" | "error";
  message: string;
  errors: Record<string, string>;
  /** A new report link, shown once. */
  link?: string;
}

type Desk = NonNullable<Awaited<ReturnType<typeof partnerDesk>>> & { lastMonth: string };

const input = "min-h-11 w-full rounded-lg border border-line bg-ink px-3 text-text";
const panel = "rounded-card border border-line bg-surface p-4 sm:p-6";
const GROUPS: PlacementOption["group"][] = ["Site", "E-mail", "Newsletter", "Livery", "Podcast"];

function Intent({ value }: { value: string }) {
  return <input type="hidden" name="intent" value={value} />;
}

/** The partner desk's panels: placements, the report's contact and links, and the ledger (ADR 0133). Each works at 390 px. */
export function PartnerDeskPanels({ desk }: { desk: Desk }) {
  const result = useActionData<PartnerDeskResult>();
  const busy = useNavigation().state !== "idle";
  const linked = new Set(desk.linked);
  return (
    <div className="flex flex-col gap-8">
      {result && (
        <FormNotice tone={result.tone}>
          {result.message}
          {result.link && (
            <span className="mt-2 block break-all font-mono" data-testid="new-report-link">
              {result.link}
            </span>
          )}
        </FormNotice>
      )}

      <section aria-labelledby="placements-heading" className={panel}>
        <h2 id="placements-heading" className="text-xl font-bold uppercase">
          Where they appear
        </h2>
        <p className="mt-1 text-sm text-muted">Counted only where ticked. E-mails and the packages page show a partner only when ticked.</p>
        <Form method="post" className="mt-4 flex flex-col gap-4">
          <Intent value="placements" />
          {GROUPS.map((group) => {
            const options = desk.placements.filter((placement) => placement.group === group);
            if (options.length === 0) return null;
            return (
              <fieldset key={group} className="flex flex-col gap-1">
                <legend className="mb-1 font-semibold">{group}</legend>
                {options.map((placement) => (
                  <label key={placement.id} className="flex min-h-11 items-center gap-3 text-sm">
                    <input
                      type="checkbox"
                      name="placement"
                      value={placement.id}
                      defaultChecked={linked.has(placement.id)}
                      className="size-5 shrink-0"
                    />
                    <span className="min-w-0 break-words">{placement.label}</span>
                  </label>
                ))}
              </fieldset>
            );
          })}
          <div>
            <Button type="submit" disabled={busy}>
              Save placements
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="report-heading" className={panel}>
        <h2 id="report-heading" className="text-xl font-bold uppercase">
          Their report
        </h2>
        <Form method="post" className="mt-4 flex flex-col gap-2">
          <Intent value="contact" />
          <label htmlFor="contact-email" className="font-semibold">
            Contact for the monthly report
          </label>
          <input
            id="contact-email"
            name="email"
            type="email"
            defaultValue={desk.contactEmail}
            className={input}
            aria-describedby="contact-hint"
          />
          <p id="contact-hint" className="text-sm text-muted">
            The PDF and CSV go here on the first of each month.{desk.lastReportMonth && ` Last sent: ${desk.lastReportMonth}.`}
          </p>
          {result?.errors.email && <p className="text-sm text-danger">{result.errors.email}</p>}
          <div>
            <Button type="submit" variant="secondary" disabled={busy}>
              Save contact
            </Button>
          </div>
        </Form>
        <Form method="post" className="mt-6 flex flex-wrap items-end gap-3">
          <Intent value="send-report" />
          <label className="flex flex-col gap-1 font-semibold">
            Report month
            <input name="month" type="month" defaultValue={desk.lastMonth} className={input} required />
          </label>
          <Button type="submit" variant="secondary" disabled={busy}>
            Send report now
          </Button>
        </Form>
        <h3 className="mt-8 font-semibold">Report links</h3>
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
          <Intent value="create-link" />
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Works for (days)
            <input name="days" type="number" min={1} max={365} defaultValue={30} className={input} required />
          </label>
          <Button type="submit" disabled={busy}>
            Make a report link
          </Button>
        </Form>
        {desk.links.length > 0 && (
          <ul className="mt-4 flex flex-col gap-2 text-sm">
            {desk.links.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 border-b border-line py-2">
                <span>
                  Made {formatUkDateTime(link.createdAt)};{" "}
                  {link.revokedAt
                    ? `withdrawn ${formatUkDateTime(link.revokedAt)}`
                    : link.expired
                      ? `expired ${formatUkDate(link.expiresAt)}`
                      : `works until ${formatUkDate(link.expiresAt)}`}
                </span>
                {!link.revokedAt && !link.expired && (
                  <Form method="post">
                    <Intent value="revoke-link" />
                    <input type="hidden" name="linkId" value={link.id} />
                    <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                      Withdraw
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <LedgerPanel desk={desk} busy={busy} errors={result?.errors ?? {}} />
    </div>
  );
}

function LedgerPanel({ desk, busy, errors }: { desk: Desk; busy: boolean; errors: Record<string, string> }) {
  const lines =
    desk.report?.ledger.flatMap((round) => round.lines.map((line) => ({ ...line, roundId: round.roundId, roundLabel: round.label }))) ?? [];
  return (
    <section aria-labelledby="ledger-desk-heading" className={panel}>
      <h2 id="ledger-desk-heading" className="text-xl font-bold uppercase">
        Promised and delivered
      </h2>
      {lines.length > 0 && (
        <ul className="mt-4 flex flex-col gap-4">
          {lines.map((line) => (
            <li key={line.id} className="rounded-lg border border-line p-3">
              <p className="font-semibold">
                {line.roundLabel}: {line.label}
              </p>
              <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-2">
                <Intent value="update-deliverable" />
                <input type="hidden" name="id" value={line.id} />
                <input type="hidden" name="roundId" value={line.roundId} />
                <input type="hidden" name="kind" value={line.kind} />
                <input type="hidden" name="evidenceAssetId" value={line.evidenceAssetId ?? ""} />
                <input type="hidden" name="note" value={line.note} />
                <label className="flex flex-col gap-1 text-sm">
                  Promised
                  <input name="promised" type="number" min={0} max={1000} defaultValue={line.promised} className={input} />
                </label>
                <label className="flex flex-col gap-1 text-sm">
                  Delivered
                  <input name="delivered" type="number" min={0} max={1000} defaultValue={line.delivered} className={input} />
                </label>
                <label className="flex flex-col gap-1 text-sm sm:col-span-2">
                  Link to the post or episode
                  <input name="evidenceUrl" type="url" defaultValue={line.evidenceUrl ?? ""} className={input} />
                </label>
                <div className="flex flex-wrap gap-2 sm:col-span-2">
                  <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                    Save line
                  </Button>
                </div>
              </Form>
              <Form method="post" className="mt-2">
                <Intent value="delete-deliverable" />
                <input type="hidden" name="id" value={line.id} />
                <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                  Remove line
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-6 font-semibold">Add a line</h3>
      <Form method="post" className="mt-2 grid gap-3 sm:grid-cols-2">
        <Intent value="add-deliverable" />
        <label className="flex flex-col gap-1 text-sm">
          Race weekend
          <select name="roundId" className={input} required>
            {desk.rounds.map((round) => (
              <option key={round.id} value={round.id}>
                {round.label}
              </option>
            ))}
          </select>
          {errors.roundId && <span className="text-danger">{errors.roundId}</span>}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          What was promised
          <select name="kind" className={input} required>
            {Object.entries(DELIVERABLE_KINDS).map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Promised
          <input name="promised" type="number" min={0} max={1000} defaultValue={1} className={input} required />
          {errors.promised && <span className="text-danger">{errors.promised}</span>}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Delivered
          <input name="delivered" type="number" min={0} max={1000} defaultValue={0} className={input} required />
          {errors.delivered && <span className="text-danger">{errors.delivered}</span>}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Photo from the media library
          <select name="evidenceAssetId" className={input} defaultValue="">
            <option value="">None</option>
            {desk.photos.map((photo) => (
              <option key={photo.id} value={photo.id}>
                {photo.label}
              </option>
            ))}
          </select>
          {errors.evidenceAssetId && <span className="text-danger">{errors.evidenceAssetId}</span>}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Link to the post or episode
          <input name="evidenceUrl" type="url" className={input} placeholder="https://" />
          {errors.evidenceUrl && <span className="text-danger">{errors.evidenceUrl}</span>}
        </label>
        <label className="flex flex-col gap-1 text-sm sm:col-span-2">
          Note
          <input name="note" className={input} maxLength={500} />
        </label>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            Add line
          </Button>
        </div>
      </Form>
    </section>
  );
}
