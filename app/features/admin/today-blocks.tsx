import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatAuditTime } from "./audit-views";
import { LowStockList, type LowStockItem } from "~/features/shop/shop-desk/low-stock-list";
import { formatPence } from "~/lib/money";
import { countdownTo } from "~/lib/race-time";
import type { OperationalWarning } from "~/features/operations/warnings";
import { UnsentPushes, type UnsentPushView } from "~/features/push/unsent-pushes";
import { formatUkWeekdayDate, formatUkWeekdayDateTime } from "~/lib/dates";

/** What loadToday() (today.server.ts) returns; a block is null/undefined when the role cannot act on it. */
export interface TodayData {
  now: string;
  operations: {
    warnings: OperationalWarning[];
    lastBackup: { at: string; file: string | null } | null;
    /** The last `npm run restore` into this database. */
    lastRestore: { at: string; file: string; backupTakenAt: string } | null;
    backupSchedule: string;
  } | null;
  /** Sessions finished more than 15 minutes ago with no result published (the results watchdog). */
  resultsOverdue: Array<{ sessionId: string; roundId: string; roundName: string; sessionName: string; finishedAt: string }> | null;
  /** Results published more than a few minutes ago whose push did not go out (the push watchdog). */
  resultsNotPushed: UnsentPushView[] | null;
  ordersToPack: {
    count: number;
    rows: Array<{ orderNumber: string; customerName: string; totalPence: number; paidAt: string | null }>;
  } | null;
  lowStock: LowStockItem[] | null;
  unreadMessages: { count: number; rows: Array<{ id: string; name: string; subject: string; createdAt: string }> } | null;
  draftsInReview: Array<{ id: string; title: string; updatedAt: string }> | null;
  nextSession?: { roundName: string; circuit: string; name: string; startsAt: string; timeAnnounced: boolean } | null;
}

function Block({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="min-w-0 rounded-card border border-line bg-surface p-4">
      <h2 id={`${id}-heading`} className="text-lg font-bold uppercase">
        {title}
        {count !== undefined && <span className="ml-2 text-accent-text">{count}</span>}
      </h2>
      <div className="mt-2 text-sm">{children}</div>
    </section>
  );
}

function countdownText(startsAt: string, now: string): string {
  const { days, hours, minutes } = countdownTo(new Date(startsAt), new Date(now));
  const parts = [days && `${days} ${days === 1 ? "day" : "days"}`, hours && `${hours} h`, `${minutes} min`].filter(Boolean);
  return `in ${parts.join(" ")}`;
}

const minutesSince = (at: string, now: string) => Math.round((Date.parse(now) - Date.parse(at)) / 60_000);

/** E-mail, payments and backups (admins): warnings first, or a line saying all is well. */
function OperationsBlock({ operations }: { operations: NonNullable<TodayData["operations"]> }) {
  const { warnings, lastBackup, lastRestore } = operations;
  const lastBackupText = lastBackup
    ? `Last backup ${formatAuditTime(lastBackup.at)}${lastBackup.file ? ` (${lastBackup.file})` : ""}`
    : null;
  const restoredText = lastRestore && `restored ${formatAuditTime(lastRestore.at)}`;
  const backupLine = !lastBackupText
    ? "No backup has been made yet."
    : !lastRestore
      ? `${lastBackupText}.`
      : lastRestore.file === lastBackup?.file
        ? `${lastBackupText}; the site was ${restoredText} from it.`
        : `${lastBackupText}. The site was ${restoredText} from the backup taken ${formatAuditTime(lastRestore.backupTakenAt)} (${lastRestore.file}).`;
  return (
    <section
      aria-labelledby="operations-heading"
      className={`min-w-0 rounded-card border p-4 md:col-span-2 ${warnings.length > 0 ? "border-accent bg-surface" : "border-line bg-surface"}`}
    >
      <h2 id="operations-heading" className="text-lg font-bold uppercase">
        {warnings.length > 0 ? "Needs attention" : "Site operations"}
        {warnings.length > 0 && <span className="ml-2 text-accent-text">{warnings.length}</span>}
      </h2>
      <div className="mt-2 text-sm">
        {warnings.length === 0 ? (
          <p className="break-words text-muted">
            E-mails are going out and payments are being confirmed.{" "}
            {operations.backupSchedule === "off" ? "Backups are not scheduled (BACKUP_SCHEDULE=off)." : "Backups are on schedule."}{" "}
            {backupLine}
          </p>
        ) : (
          <>
            <ul className="grid gap-2">
              {warnings.map((warning) => (
                <li key={warning.id} className="break-words">
                  <strong className="font-semibold">{warning.title}.</strong> <span className="text-muted">{warning.detail}</span>
                </li>
              ))}
            </ul>
            <p className="mt-2 break-words text-muted">{backupLine}</p>
          </>
        )}
      </div>
    </section>
  );
}

/** The Today blocks: operations, orders to pack, low stock, unread messages, drafts in review, the next session. */
export function TodayBlocks({ today }: { today: TodayData }) {
  const { operations, resultsOverdue, resultsNotPushed, ordersToPack, lowStock, unreadMessages, draftsInReview, nextSession } = today;
  return (
    <div className="mb-10 grid gap-4 md:grid-cols-2">
      {operations && <OperationsBlock operations={operations} />}
      {resultsOverdue && resultsOverdue.length > 0 && (
        <section
          aria-labelledby="overdue-heading"
          className="min-w-0 rounded-card border border-warning/60 bg-warning/10 p-4 md:col-span-2"
          role="alert"
        >
          <h2 id="overdue-heading" className="text-lg font-bold uppercase">
            Results overdue<span className="ml-2 text-accent-text">{resultsOverdue.length}</span>
          </h2>
          <ul className="mt-2 grid gap-1 text-sm">
            {resultsOverdue.map((session) => (
              <li key={session.sessionId}>
                <strong>
                  {session.sessionName}, {session.roundName}
                </strong>{" "}
                finished {minutesSince(session.finishedAt, today.now)} minutes ago with no result.{" "}
                <Link
                  to={`/admin/live/${encodeURIComponent(session.roundId)}/sessions/${encodeURIComponent(session.sessionId)}/result`}
                  className="inline-flex min-h-11 items-center font-semibold text-accent-text underline"
                >
                  Publish the result
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {resultsNotPushed && resultsNotPushed.length > 0 && <UnsentPushes pushes={resultsNotPushed} />}
      {ordersToPack && (
        <Block id="pack" title="Orders to pack" count={ordersToPack.count}>
          {ordersToPack.count === 0 ? (
            <p className="text-muted">Nothing paid is waiting to be packed.</p>
          ) : (
            <ul className="grid gap-1">
              {ordersToPack.rows.map((order) => (
                <li key={order.orderNumber}>
                  <Link to={`/admin/orders/${order.orderNumber}`} className="font-semibold text-accent-text hover:underline">
                    {order.orderNumber}
                  </Link>{" "}
                  · {order.customerName} · {formatPence(order.totalPence)}
                  {order.paidAt && <span className="text-muted"> · paid {formatAuditTime(order.paidAt)}</span>}
                </li>
              ))}
              {ordersToPack.count > ordersToPack.rows.length && (
                <li>
                  <Link to="/admin/orders?status=paid" className="text-accent-text hover:underline">
                    and {ordersToPack.count - ordersToPack.rows.length} more
                  </Link>
                </li>
              )}
            </ul>
          )}
        </Block>
      )}
      {lowStock && (
        <Block id="low" title="Low stock" count={lowStock.length}>
          {lowStock.length === 0 ? (
            <p className="text-muted">Nothing is sold out, and every size is at or above its alert level.</p>
          ) : (
            <LowStockList sizes={lowStock} />
          )}
        </Block>
      )}
      {unreadMessages && (
        <Block id="unread" title="Unread messages" count={unreadMessages.count}>
          {unreadMessages.count === 0 ? (
            <p className="text-muted">Every message has been read.</p>
          ) : (
            <ul className="grid gap-1">
              {unreadMessages.rows.map((message) => (
                <li key={message.id} className="break-words">
                  <Link to={`/admin/messages/${message.id}`} className="text-accent-text hover:underline">
                    {message.subject}
                  </Link>{" "}
                  <span className="text-muted">from {message.name}</span>
                </li>
              ))}
              {unreadMessages.count > unreadMessages.rows.length && (
                <li>
                  <Link to="/admin/messages?view=unread" className="underline">
                    All {unreadMessages.count} unread
                  </Link>
                </li>
              )}
            </ul>
          )}
        </Block>
      )}
      {draftsInReview && (
        <Block id="review" title="Drafts awaiting review" count={draftsInReview.length}>
          {draftsInReview.length === 0 ? (
            <p className="text-muted">No article is waiting for review.</p>
          ) : (
            <ul className="grid gap-1">
              {draftsInReview.map((draft) => (
                <li key={draft.id} className="break-words">
                  <Link to={`/admin/news/${draft.id}`} className="text-accent-text hover:underline">
                    {draft.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Block>
      )}
      {nextSession !== undefined && (
        <Block id="session" title="Next race session">
          {nextSession === null ? (
            <p className="text-muted">No session is on the published calendar.</p>
          ) : (
            <>
              <p className="font-semibold">
                {nextSession.name}, {nextSession.roundName}
              </p>
              <p>{nextSession.circuit}</p>
              <p className="mt-1">
                <time dateTime={nextSession.startsAt}>
                  {nextSession.timeAnnounced
                    ? formatUkWeekdayDateTime(nextSession.startsAt)
                    : `${formatUkWeekdayDate(nextSession.startsAt)} (time not announced)`}
                </time>{" "}
                <strong className="text-accent-text">{countdownText(nextSession.startsAt, today.now)}</strong>
              </p>
            </>
          )}
        </Block>
      )}
    </div>
  );
}
