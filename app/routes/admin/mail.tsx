import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/mail";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { formatAuditTime } from "~/features/admin/audit-views";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import type { OutboxState } from "~/features/mail/delivery-policy";
import {
  clearBounce,
  listBouncingAddresses,
  listMailQueue,
  MAIL_QUEUE_PAGE_SIZE,
  mailQueueCounts,
  mailQueueView,
  retryNow,
  type MailQueueView,
} from "~/features/mail/mail-queue.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { z } from "~/lib/zod";
import { appContext } from "~/context";
import { Pagination } from "~/components/ui/pagination";
import { pageCountOf, pageParam } from "~/lib/pagination";

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "shop");
  const view = mailQueueView(url);
  const page = pageParam(url.searchParams);
  const now = new Date();
  const counts = await mailQueueCounts(context.db, now);
  if (view === "bouncing") {
    const { rows, total } = await listBouncingAddresses(context.db, page);
    return data(
      {
        view,
        page,
        counts,
        pageCount: pageCountOf(total, MAIL_QUEUE_PAGE_SIZE),
        messages: [],
        bounces: rows.map((row) => ({
          address: row.address,
          firstBouncedAt: row.firstBouncedAt.toISOString(),
          lastBouncedAt: row.lastBouncedAt.toISOString(),
          bounces: row.bounces,
          lastResponse: row.lastResponse,
        })),
      },
      { headers: BACK_OFFICE_HEADERS },
    );
  }
  const { rows, total } = await listMailQueue(context.db, view, page, now);
  return data(
    {
      view,
      page,
      counts,
      pageCount: pageCountOf(total, MAIL_QUEUE_PAGE_SIZE),
      messages: rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        nextAttemptAt: iso(row.nextAttemptAt),
        sentAt: iso(row.sentAt),
        failedAt: iso(row.failedAt),
      })),
      bounces: [],
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Mail queue | Back Office",
    description: "E-mails waiting, retried, given up, and addresses that bounce.",
    path: null,
  });

const actionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("retry"), id: z.string().min(1, "Choose a message.").max(64, "Choose a message.") }),
    z.object({ intent: z.literal("clear-bounce"), address: z.string().trim().min(3, "Choose an address.").max(320, "Choose an address.") }),
  ],
  { message: "Unknown form intent." },
);

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "shop");
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return deskAnswer({ tone: "error" as const, message: parsed.error.issues[0]!.message }, 400);
  const result =
    parsed.data.intent === "retry"
      ? await retryNow(context, staff, parsed.data.id)
      : await clearBounce(context, staff, parsed.data.address);
  if (!result.ok) return data({ tone: "error" as const, message: result.message }, { status: result.status, headers: BACK_OFFICE_HEADERS });
  return data({ tone: "success" as const, message: result.message }, { headers: BACK_OFFICE_HEADERS });
}

const VIEW_LABELS: Record<MailQueueView, string> = {
  problems: "Needs attention",
  waiting: "Waiting",
  failed: "Failed",
  sent: "Sent",
  bouncing: "Bouncing addresses",
};
const STATE_LABELS: Record<OutboxState, string> = {
  queued: "Queued",
  sending: "Sending",
  retrying: "Retrying",
  failed: "Failed",
  sent: "Sent",
};
const STATE_TONES: Record<OutboxState, BadgeTone> = {
  queued: "neutral",
  sending: "neutral",
  retrying: "warning",
  failed: "accent",
  sent: "success",
};

export default function MailQueue({ loaderData, actionData }: Route.ComponentProps) {
  const { view, page, pageCount, counts, messages, bounces } = loaderData;
  const busy = useNavigation().state === "submitting";
  const link = (changes: { show?: MailQueueView; page?: number }) => {
    const next = { show: view, page: 1, ...changes };
    const params = new URLSearchParams();
    if (next.show !== "problems") params.set("show", next.show);
    if (next.page > 1) params.set("page", String(next.page));
    const text = params.toString();
    return text ? `?${text}` : "/admin/mail";
  };
  const viewCount: Partial<Record<MailQueueView, number>> = {
    problems: counts.retrying + counts.failed,
    waiting: counts.waiting,
    failed: counts.failed,
    bouncing: counts.bouncing,
  };
  return (
    <>
      <SectionHeading
        level={1}
        title="Mail queue"
        description="Every e-mail the site sends waits here until the mail server takes it. A failed attempt is retried later, each wait twice the last; a permanent refusal marks the address as bouncing."
      />
      {actionData && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}
      <dl className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {[
          ["Waiting", counts.waiting],
          ["Retrying", counts.retrying],
          ["Failed", counts.failed],
          ["Sent in 24 hours", counts.sentToday],
        ].map(([label, value]) => (
          <div key={label} className="rounded-card border border-line bg-surface p-3">
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <nav aria-label="Mail queue views" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(VIEW_LABELS) as MailQueueView[]).map((name) => (
            <li key={name}>
              <Link
                to={link({ show: name })}
                aria-current={view === name ? "page" : undefined}
                className={cx(
                  "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold",
                  view === name ? "border-accent-text text-accent-text" : "border-line text-muted hover:text-text",
                )}
              >
                {VIEW_LABELS[name]}
                {viewCount[name] !== undefined && <span className="ml-1.5 tabular-nums">({viewCount[name]})</span>}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === "bouncing" ? (
        bounces.length === 0 ? (
          <p className="text-muted">No address bounces.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Bouncing addresses">
            {bounces.map((bounce) => (
              <li
                key={bounce.address}
                className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-surface p-3"
              >
                <div className="min-w-0">
                  <p className="break-all font-semibold">{bounce.address}</p>
                  <p className="break-words text-sm text-muted">{bounce.lastResponse}</p>
                  <p className="text-xs text-muted">
                    Refused {bounce.bounces} {bounce.bounces === 1 ? "time" : "times"}, last{" "}
                    <time dateTime={bounce.lastBouncedAt}>{formatAuditTime(bounce.lastBouncedAt)}</time>. Newsletters are not sent to it;
                    account and order e-mails still are.
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="clear-bounce" />
                  <input type="hidden" name="address" value={bounce.address} />
                  <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                    Clear<span className="sr-only"> {bounce.address}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )
      ) : messages.length === 0 ? (
        <p className="text-muted">
          {view === "problems" ? "Nothing is failing: every e-mail went, or waits for its first attempt." : "No e-mail here."}
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="E-mails">
          {messages.map((message) => (
            <li
              key={message.id}
              className="grid gap-2 rounded-card border border-line bg-surface p-3 sm:grid-cols-[1fr_auto] sm:items-center"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <Badge tone={STATE_TONES[message.state]}>{STATE_LABELS[message.state]}</Badge>
                  {message.bulk && <Badge>Newsletter</Badge>}
                  {message.bouncing && <Badge tone="warning">Address bounces</Badge>}
                </p>
                <p className="mt-1 break-words font-semibold">{message.subject}</p>
                <p className="break-all text-sm">To {message.to}</p>
                <p className="text-xs text-muted">
                  Queued <time dateTime={message.createdAt}>{formatAuditTime(message.createdAt)}</time>
                  {message.attempts > 0 && ` · ${message.attempts} ${message.attempts === 1 ? "attempt" : "attempts"}`}
                  {message.sentAt && (
                    <>
                      {" "}
                      · sent <time dateTime={message.sentAt}>{formatAuditTime(message.sentAt)}</time>
                    </>
                  )}
                  {message.failedAt && (
                    <>
                      {" "}
                      · given up <time dateTime={message.failedAt}>{formatAuditTime(message.failedAt)}</time>
                    </>
                  )}
                  {message.state === "retrying" && message.nextAttemptAt && (
                    <>
                      {" "}
                      · next attempt <time dateTime={message.nextAttemptAt}>{formatAuditTime(message.nextAttemptAt)}</time>
                    </>
                  )}
                </p>
                {message.lastError && !message.sentAt && <p className="mt-1 break-words text-sm text-warning">{message.lastError}</p>}
              </div>
              {(message.state === "failed" || message.state === "retrying") && (
                <Form method="post">
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="id" value={message.id} />
                  <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                    Retry now<span className="sr-only"> the e-mail to {message.to}</span>
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} href={(page) => link({ page })} previous="Previous" next="Next" />
    </>
  );
}
