import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatUkDateTime } from "~/lib/dates";
import type { DiffEntry } from "~/lib/json-diff";
import { readableDiff } from "~/lib/readable-value";
import { humanise } from "./activity";

/*
 * How the audit trail reads on screen: the Activity log, the overview's recent changes and
 * every record's History panel use these. Dates are shown in UK time.
 */

/** The parts of an audit row these views show (AuditEventView and HistoryEntry both fit). */
export interface AuditEventLike {
  id: number;
  at: string;
  actorLabel: string;
  roleUsed: string | null;
  action: string;
  entityType: string;
  entityId: string;
  entityLabel: string | null;
  diff: DiffEntry[];
  reason: string | null;
}

export function formatAuditTime(iso: string): string {
  return formatUkDateTime(iso);
}

/**
 * A change, field by field, in words: "Office hours: Days: Monday – Friday, Hours: 9:00 8:30 – 17:00"
 * with the words taken out struck through and those put in marked (readable-value.ts). Long
 * unchanged text around an edit is cut to a few words; the full values stay in the row.
 */
export function DiffView({ diff }: { diff: DiffEntry[] }) {
  const changes = readableDiff(diff);
  if (changes.length === 0) return <p className="text-sm text-muted">No field changed.</p>;
  return (
    <dl className="grid gap-1.5 text-sm">
      {changes.map((change, index) => (
        <div key={index} className="min-w-0 whitespace-pre-line [overflow-wrap:anywhere]">
          <dt className="inline font-semibold text-text">{change.label}: </dt>
          <dd className="inline text-muted">
            {change.kind === "added" && (
              <>
                <span className="sr-only">set to </span>
                <ins className="text-success no-underline">{change.text}</ins>
              </>
            )}
            {change.kind === "removed" && (
              <>
                <span className="sr-only">emptied, was </span>
                <del className="text-danger">{change.text}</del>
              </>
            )}
            {change.kind === "changed" &&
              change.parts.map((part, partIndex) =>
                part.kind === "same" ? (
                  <span key={partIndex}>{part.text}</span>
                ) : part.kind === "removed" ? (
                  <del key={partIndex} className="rounded-sm bg-danger/15 text-danger">
                    <span className="sr-only">removed: </span>
                    {part.text}
                  </del>
                ) : (
                  <ins key={partIndex} className="rounded-sm bg-success/15 text-success no-underline">
                    <span className="sr-only">added: </span>
                    {part.text}
                  </ins>
                ),
              )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Who did what to which record, when; then the change itself. */
export function AuditEventCard({ event, children }: { event: AuditEventLike; children?: React.ReactNode }) {
  return (
    <article className="min-w-0 rounded-card border border-line bg-surface p-4">
      <header className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="min-w-0 font-sans text-base font-semibold [overflow-wrap:anywhere]">
          {humanise(event.action)} · {humanise(event.entityType)} <span className="text-muted">{event.entityLabel ?? event.entityId}</span>
        </h3>
        <p className="text-xs text-muted">
          <time dateTime={event.at}>{formatAuditTime(event.at)}</time>
        </p>
      </header>
      <p className="mb-2 break-words text-sm text-muted">
        By {event.actorLabel}
        {event.roleUsed ? ` as ${humanise(event.roleUsed)}` : ""}
        {event.reason ? ` — “${event.reason}”` : ""}
      </p>
      <DiffView diff={event.diff} />
      {children}
    </article>
  );
}

/** The History panel's entries (HistoryEntry from history.server.ts). */
export interface HistoryPanelEntry extends AuditEventLike {
  version: number | null;
  restorable: boolean;
}

/**
 * A record's History: every change, newest first, each with a Restore button that posts
 * `intent=restore-version`, `eventId` and `version` (the record's current version, for the
 * conflict check) to `action` (the edit page's own action by default). The action calls
 * restoreFromHistory() and answers as for any save.
 */
export function HistoryPanel({
  entries,
  currentVersion,
  action,
  title = "History",
  headingId = "history-heading",
  hiddenFields,
}: {
  entries: HistoryPanelEntry[];
  currentVersion: number;
  action?: string;
  title?: string;
  /** Needed when a page shows more than one panel (ids are unique on a page). */
  headingId?: string;
  /** More fields the Restore form posts, e.g. which of the page's records it is about. */
  hiddenFields?: Record<string, string>;
}) {
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-2xl font-bold uppercase">
        {title}
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-muted">No changes have been recorded for this record yet.</p>
      ) : (
        <ol className="grid gap-3">
          {entries.map((entry) => (
            <li key={entry.id}>
              <AuditEventCard event={entry}>
                {entry.restorable && (
                  <Form method="post" action={action} className="mt-3">
                    <input type="hidden" name="intent" value="restore-version" />
                    <input type="hidden" name="eventId" value={entry.id} />
                    <input type="hidden" name="version" value={currentVersion} />
                    {Object.entries(hiddenFields ?? {}).map(([name, value]) => (
                      <input key={name} type="hidden" name={name} value={value} />
                    ))}
                    <Button type="submit" variant="secondary" size="sm">
                      Restore this version
                      <span className="sr-only"> (saved {formatAuditTime(entry.at)})</span>
                    </Button>
                  </Form>
                )}
                {entry.version === currentVersion && <p className="mt-3 text-xs font-semibold uppercase text-success">Current version</p>}
              </AuditEventCard>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
