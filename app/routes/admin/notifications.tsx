import { data } from "react-router";
import type { Route } from "./+types/notifications";
import { Badge } from "~/components/ui/badge";
import { Pagination } from "~/components/ui/pagination";
import { SectionHeading } from "~/components/ui/section-heading";
import { formatAuditTime } from "~/features/admin/audit-views";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { PUSH_KIND_LABELS } from "~/features/push/push-content";
import { findUnsentResultPushes, listPushes, PUSH_DESK_PAGE_SIZE } from "~/features/push/push-desk.server";
import { UnsentPushes } from "~/features/push/unsent-pushes";
import { pageMeta } from "~/lib/meta";
import { pageCountOf, pageParam } from "~/lib/pagination";
import { appContext } from "~/context";

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const page = pageParam(url.searchParams);
  const now = new Date();
  const [{ rows, total }, unsent] = await Promise.all([listPushes(context.db, page), findUnsentResultPushes(context.db, now)]);
  return data({ page, pageCount: pageCountOf(total, PUSH_DESK_PAGE_SIZE), total, pushes: rows, unsent }, { headers: BACK_OFFICE_HEADERS });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Notifications | Back Office", description: "Every push sent to fans, and how it went.", path: null });

const FIGURES = [
  ["sent", "Sent"],
  ["failed", "Failed"],
  ["pruned", "Pruned"],
  ["pending", "Pending"],
  ["unconfirmed", "Not confirmed"],
] as const;

export default function PushDesk({ loaderData }: Route.ComponentProps) {
  const { page, pageCount, total, pushes, unsent } = loaderData;
  return (
    <>
      <SectionHeading
        level={1}
        title="Notifications"
        description="Every push the site sends to fans: results, sessions 15 minutes before they start, race reports and shop drops. Sent: accepted by the browser's push service. Failed: refused, or still failing when it went stale. Pruned: the fan's subscription was gone, and is deleted. Pending: still being sent, or waiting to try again. Not confirmed (shown when there are any): on its way when the site stopped, so it may or may not have arrived, and is not sent twice."
      />
      {unsent.length > 0 && (
        <div className="mb-6">
          <UnsentPushes pushes={unsent} />
        </div>
      )}
      {pushes.length === 0 ? (
        <p className="text-muted">No push has been sent yet.</p>
      ) : (
        <ol className="grid gap-3" aria-label={`Pushes, ${total} in all`}>
          {pushes.map((push) => (
            <li key={push.id} className="min-w-0 rounded-card border border-line bg-surface p-4">
              <article aria-labelledby={`push-${push.id}`}>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={push.kind === "result" ? "accent" : "neutral"}>{PUSH_KIND_LABELS[push.kind].label}</Badge>
                  <h2 id={`push-${push.id}`} className="min-w-0 break-words font-semibold">
                    {push.about}
                  </h2>
                </div>
                <p className="mt-1 text-sm text-muted">
                  Queued {formatAuditTime(push.createdAt)}
                  {push.dueAt !== push.createdAt && `, to go at ${formatAuditTime(push.dueAt)}`}
                  {push.fannedOutAt
                    ? `; sent out to ${push.recipients} ${push.recipients === 1 ? "subscription" : "subscriptions"}.`
                    : "; not sent out yet."}
                </p>
                <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-[repeat(auto-fit,minmax(8rem,1fr))]">
                  {FIGURES.filter(([key]) => key !== "unconfirmed" || push.unconfirmed > 0).map(([key, label]) => (
                    <div key={key} className="rounded-lg border border-line px-3 py-2">
                      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
                      <dd className="text-xl font-bold tabular-nums">{push[key]}</dd>
                    </div>
                  ))}
                </dl>
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pageCount={pageCount} href={(target) => (target > 1 ? `?page=${target}` : "/admin/notifications")} />
    </>
  );
}
