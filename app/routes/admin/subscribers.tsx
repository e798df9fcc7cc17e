import { data, Form, Link, useNavigation } from "react-router";
import { newsletterSourceLabel } from "~/features/inbox/subscriber-source";
import type { Route } from "./+types/subscribers";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { formatAuditTime } from "~/features/admin/audit-views";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import {
  SUBSCRIBER_PAGE_SIZE,
  SUBSCRIBER_STATES,
  subscriberQuery,
  subscriberState,
  type SubscriberState,
} from "~/features/inbox/subscribers";
import { listSubscribers, unsubscribeAtDesk } from "~/features/inbox/subscribers.server";
import { bounceKey } from "~/features/mail/delivery-policy";
import { bouncingAmong } from "~/features/mail/mail-queue.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { z } from "~/lib/zod";
import { appContext } from "~/context";
import { Pagination } from "~/components/ui/pagination";
import { pageCountOf } from "~/lib/pagination";

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "shop");
  const query = subscriberQuery(url);
  const { rows, total } = await listSubscribers(context.db, { query: query.q, state: query.state, page: query.page });
  const bouncing = await bouncingAmong(
    context.db,
    rows.map((row) => row.email),
  );
  return data(
    {
      ...query,
      total,
      pageCount: pageCountOf(total, SUBSCRIBER_PAGE_SIZE),
      rows: rows.map((row) => ({
        id: row.id,
        email: row.email,
        source: row.source,
        state: subscriberState(row),
        consentedAt: row.consentedAt.toISOString(),
        bounce: bouncing.get(bounceKey(row.email))?.lastResponse ?? null,
      })),
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Subscribers | Back Office", description: "The newsletter's subscribers.", path: null });

const unsubscribeSchema = z.object({
  intent: z.literal("unsubscribe", { message: "Unknown form intent." }),
  id: z.string().min(1).max(64),
  reason: z.string().trim().max(300, "Keep the reason under 300 characters.").default(""),
});

export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "shop");
  const parsed = unsubscribeSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return deskAnswer({ tone: "error" as const, message: parsed.error.issues[0]!.message }, 400);
  const result = await unsubscribeAtDesk(context, staff, parsed.data.id, parsed.data.reason || null);
  if (!result.ok) return data({ tone: "error" as const, message: result.message }, { status: result.status, headers: BACK_OFFICE_HEADERS });
  return data({ tone: "success" as const, message: result.message }, { headers: BACK_OFFICE_HEADERS });
}

const STATE_LABELS: Record<SubscriberState, string> = {
  all: "All",
  confirmed: "Confirmed",
  pending: "Not confirmed yet",
  unsubscribed: "Unsubscribed",
};

export default function Subscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { q, state, page, pageCount, total, rows } = loaderData;
  const busy = useNavigation().state === "submitting";
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (state !== "all") params.set("state", state);
  const pageLink = (to: number) => {
    const next = new URLSearchParams(params);
    if (to > 1) next.set("page", String(to));
    return `?${next.toString()}`;
  };
  return (
    <>
      <SectionHeading level={1} title="Subscribers" description="Who asked for the newsletter, when, and on which form." />
      {actionData && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}
      <Form method="get" role="search" className="mb-4 flex max-w-2xl flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor="subscriber-search" className="text-sm font-medium">
            E-mail address
          </label>
          <input id="subscriber-search" type="search" name="q" defaultValue={q} className={inputClasses} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="subscriber-state" className="text-sm font-medium">
            Show
          </label>
          <select
            id="subscriber-state"
            name="state"
            defaultValue={state}
            className="min-h-11 rounded-lg border border-line bg-ink px-3 text-text"
          >
            {SUBSCRIBER_STATES.map((name) => (
              <option key={name} value={name}>
                {STATE_LABELS[name]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <p className="mb-4 flex flex-wrap items-center gap-3 text-sm">
        <span className="text-muted">
          {total} {total === 1 ? "subscriber" : "subscribers"}
        </span>
        <a
          href={`/admin/subscribers/export.csv${params.toString() ? `?${params.toString()}` : ""}`}
          className="inline-flex min-h-11 items-center font-semibold text-accent-text underline"
          download
        >
          Download these as CSV
        </a>
      </p>
      {rows.length === 0 ? (
        <p className="text-muted">No subscriber matches.</p>
      ) : (
        <ul className="grid gap-2">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-surface p-3">
              <div className="min-w-0">
                <p className="break-all font-semibold">{row.email}</p>
                <p className="text-xs text-muted">
                  Consented <time dateTime={row.consentedAt}>{formatAuditTime(row.consentedAt)}</time> on the{" "}
                  {newsletterSourceLabel(row.source)}
                </p>
                {row.bounce && (
                  <p className="break-words text-xs text-warning">
                    Bounces: newsletters are not sent to it (
                    <Link to="/admin/mail?show=bouncing" className="underline">
                      mail queue
                    </Link>
                    ). {row.bounce}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={row.state === "confirmed" ? "success" : row.state === "pending" ? "warning" : "neutral"}>
                  {STATE_LABELS[row.state]}
                </Badge>
                {row.bounce && <Badge tone="warning">Bouncing</Badge>}
                {row.state !== "unsubscribed" && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="unsubscribe" />
                    <input type="hidden" name="id" value={row.id} />
                    <input type="hidden" name="reason" value="Unsubscribed at the desk" />
                    <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                      Unsubscribe<span className="sr-only"> {row.email}</span>
                    </Button>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} href={pageLink} previous="Previous" next="Next" />
    </>
  );
}
