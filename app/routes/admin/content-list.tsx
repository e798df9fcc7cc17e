import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/content-list";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { formatAuditTime } from "~/features/admin/audit-views";
import { peopleSearchSchema } from "~/features/admin/people-form";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { deskAnswer } from "~/features/admin/desk/answer.server";
import { undoDeadline } from "~/features/admin/soft-delete";
import { versionField } from "~/features/admin/desk/desk-fields";
import { DESKS, isDeskKey } from "~/features/site-desk/desks";
import { listDesk, parseDeskId, undeleteDeskRecord } from "~/features/site-desk/desks.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { z } from "~/lib/zod";
import { appContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";
import { Pagination } from "~/components/ui/pagination";

function deskOf(params: { desk?: string }) {
  if (!isDeskKey(params.desk))
    throw data({ message: "There is no such list in the back office." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  return DESKS[params.desk];
}

export async function loader({ request, url, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const desk = deskOf(params);
  const parsed = peopleSearchSchema.pick({ q: true, page: true }).safeParse(Object.fromEntries(url.searchParams));
  const search = parsed.success ? parsed.data : { q: "", page: 1 };
  const list = await listDesk(context.db, desk.key, { query: search.q, page: search.page });
  return data(
    {
      desk: { key: desk.key, title: desk.title, singular: desk.singular, description: desk.description },
      ...list,
      search,
      deletedNotice: url.searchParams.get("deleted"),
      errors: parsed.success ? ({} as Record<string, string>) : firstErrorPerField(parsed.error),
    },
    { status: parsed.success ? 200 : 400, headers: BACK_OFFICE_HEADERS },
  );
}

const undeleteSchema = z.object({
  intent: z.literal("undelete", { message: "Unknown form intent." }),
  id: z.string().trim().min(1, "Choose a record.").max(100),
  version: versionField,
});

export async function action({ request, context: routerContext, params }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const desk = deskOf(params);
  const form = await readForm(request);
  const parsed = undeleteSchema.safeParse(Object.fromEntries(form));
  const id = parsed.success ? parseDeskId(desk.key, parsed.data.id) : null;
  if (!parsed.success || id === null) {
    const errors = parsed.success ? { id: "Choose a record." } : firstErrorPerField(parsed.error);
    return deskAnswer({ tone: "error" as const, message: Object.values(errors)[0]! }, 400);
  }
  const outcome = await undeleteDeskRecord(context, staff, desk.key, id, parsed.data.version);
  if (!outcome.ok) {
    const status = outcome.kind === "conflict" ? 409 : outcome.kind === "not-found" ? 404 : 410;
    return deskAnswer({ tone: "error" as const, message: outcome.message }, status);
  }
  return data({ tone: "success" as const, message: `Brought back: it is on the site again.` }, { headers: BACK_OFFICE_HEADERS });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: `${args.loaderData?.desk.title ?? "Content"} | Back Office`, description: "Site content.", path: null });

export default function ContentList({ loaderData, actionData }: Route.ComponentProps) {
  const { desk, items, deleted, total, pageCount, search, deletedNotice, errors } = loaderData;
  const busy = useNavigation().state === "submitting";
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (search.q) params.set("q", search.q);
    if (page > 1) params.set("page", String(page));
    return params.size ? `?${params}` : ".";
  };
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/content" className="text-muted underline hover:text-text">
          Site content
        </Link>
      </p>
      <SectionHeading level={1} title={desk.title} description={desk.description} />
      <div className="mb-6 flex flex-wrap items-end gap-3">
        <Form method="get" role="search" aria-label={desk.title} className="flex min-w-0 flex-1 basis-64 flex-wrap items-end gap-3">
          <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1.5">
            <label htmlFor="desk-q" className="text-sm font-medium">
              Search by name
            </label>
            <input
              id="desk-q"
              name="q"
              type="search"
              defaultValue={search.q}
              className={inputClasses}
              aria-invalid={errors.q ? true : undefined}
              aria-describedby={errors.q ? "desk-q-error" : undefined}
            />
            {errors.q && (
              <p id="desk-q-error" className="text-sm text-danger">
                {errors.q}
              </p>
            )}
          </div>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>
        <LinkButton to={`/admin/content/${desk.key}/new`}>New {desk.singular}</LinkButton>
      </div>
      {actionData && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}
      {deletedNotice && !actionData && (
        <FormNotice tone="success">Deleted. You can bring it back from the list below for 30 days.</FormNotice>
      )}
      <p className="mb-3 text-sm text-muted" role="status">
        {total === 1 ? `1 ${desk.singular}` : `${total.toLocaleString("en-GB")} records`}
        {search.q ? ` matching “${search.q}”` : ""}
      </p>
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={`/admin/content/${desk.key}/${encodeURIComponent(item.id)}`}
              className="block min-h-11 rounded-card border border-line bg-surface px-4 py-3 hover:border-accent-text"
            >
              <span className="block break-words font-semibold text-text">{item.label}</span>
              <span className="block break-words text-sm text-muted">{item.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Pagination page={search.page} pageCount={pageCount} href={pageLink} />
      {deleted.length > 0 && (
        <section aria-labelledby="deleted-heading" className="mt-10">
          <h2 id="deleted-heading" className="mb-3 text-xl font-bold uppercase">
            Recently deleted
          </h2>
          <ul className="grid gap-2">
            {deleted.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-line px-4 py-3">
                <span className="min-w-0 break-words">
                  <span className="block font-semibold">{item.label}</span>
                  <span className="block text-xs text-muted">
                    Deleted {formatAuditTime(item.deletedAt!)}; can be brought back until{" "}
                    {formatAuditTime(undoDeadline(new Date(item.deletedAt!)).toISOString())}
                  </span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="undelete" />
                  <input type="hidden" name="id" value={item.id} />
                  <input type="hidden" name="version" value={item.version} />
                  <Button type="submit" variant="secondary" size="sm" disabled={busy} className="min-h-11">
                    Undo delete<span className="sr-only"> of {item.label}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
