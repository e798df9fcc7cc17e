import { data, Form, Link } from "react-router";
import type { Route } from "./+types/messages-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { inputClasses } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { formatAuditTime } from "~/features/admin/audit-views";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { MESSAGE_VIEW_LABELS, MESSAGE_VIEWS, STATUS_LABELS, type MessageView } from "~/features/inbox/inbox";
import { listMessages, MESSAGE_PAGE_SIZE } from "~/features/inbox/messages.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";
import { Pagination } from "~/components/ui/pagination";
import { pageCountOf, pageParam } from "~/lib/pagination";

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "shop");
  const viewParam = url.searchParams.get("view");
  const view: MessageView = (MESSAGE_VIEWS as readonly string[]).includes(viewParam ?? "") ? (viewParam as MessageView) : "inbox";
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = pageParam(url.searchParams);
  const { rows, total } = await listMessages(context.db, { view, query: q, page });
  return data(
    {
      view,
      q,
      page,
      total,
      pageCount: pageCountOf(total, MESSAGE_PAGE_SIZE),
      rows: rows.map((row) => ({ ...row, readAt: row.readAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() })),
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Messages | Back Office", description: "Messages sent through the contact form.", path: null });

export default function MessagesList({ loaderData }: Route.ComponentProps) {
  const { view, q, page, pageCount, total, rows } = loaderData;
  const link = (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams();
    const next = { view, q, page: 1, ...changes };
    if (next.view && next.view !== "inbox") params.set("view", String(next.view));
    if (next.q) params.set("q", String(next.q));
    if (next.page && Number(next.page) > 1) params.set("page", String(next.page));
    const text = params.toString();
    return text ? `?${text}` : "/admin/messages";
  };
  return (
    <>
      <SectionHeading
        level={1}
        title="Messages"
        description="What people sent through the contact form. Reply from here: the reply is e-mailed and kept with the message."
      />
      <nav aria-label="Message views" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {MESSAGE_VIEWS.map((name) => (
            <li key={name}>
              <Link
                to={link({ view: name })}
                aria-current={view === name ? "page" : undefined}
                className={cx(
                  "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold",
                  view === name ? "border-accent-text text-accent-text" : "border-line text-muted hover:text-text",
                )}
              >
                {MESSAGE_VIEW_LABELS[name]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" role="search" className="mb-6 flex max-w-xl gap-2">
        {view !== "inbox" && <input type="hidden" name="view" value={view} />}
        <label htmlFor="message-search" className="sr-only">
          Search messages
        </label>
        <input id="message-search" type="search" name="q" defaultValue={q} placeholder="Name, e-mail or subject" className={inputClasses} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <p className="mb-3 text-sm text-muted">
        {total} {total === 1 ? "message" : "messages"}
      </p>
      {rows.length === 0 ? (
        <p className="text-muted">No messages here.</p>
      ) : (
        <ul className="grid gap-2">
          {rows.map((row) => (
            <li key={row.id} className={cx("rounded-card border border-line p-4", row.readAt ? "bg-ink" : "bg-surface")}>
              <div className="flex flex-wrap items-center gap-2">
                {!row.readAt && <Badge tone="accent">Unread</Badge>}
                <Badge tone={row.status === "new" ? "warning" : row.status === "replied" ? "success" : "neutral"}>
                  {STATUS_LABELS[row.status]}
                </Badge>
                {row.spam && <Badge tone="neutral">Spam</Badge>}
                <Link
                  to={`/admin/messages/${row.id}`}
                  className={cx("min-w-0 break-words text-accent-text hover:underline", !row.readAt && "font-bold")}
                >
                  {row.subject}
                </Link>
              </div>
              <p className="mt-1 break-words text-sm text-muted">
                {row.name} &lt;{row.email}&gt; · {row.category} · <time dateTime={row.createdAt}>{formatAuditTime(row.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} href={(page) => link({ page })} previous="Newer" next="Older" />
    </>
  );
}
