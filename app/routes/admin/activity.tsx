import { data, Form, Link } from "react-router";
import type { Route } from "./+types/activity";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { SectionHeading } from "~/components/ui/section-heading";
import { activityQuery, humanise, parseActivityFilters, type ActivityFilterErrors, type ActivityFilters } from "~/features/admin/activity";
import { AuditEventCard } from "~/features/admin/audit-views";
import { activityFilterOptions, listAuditEvents } from "~/features/admin/history.server";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";
import { Pagination } from "~/components/ui/pagination";

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "admin");
  const parsed = parseActivityFilters(url.searchParams);
  const options = await activityFilterOptions(context.db);
  if (!parsed.ok) {
    const typed = Object.fromEntries(url.searchParams) as Record<string, string>;
    return data(
      { events: [], total: 0, pageCount: 1, filters: { ...typed, page: 1 } as ActivityFilters, options, errors: parsed.errors },
      { status: 400, headers: BACK_OFFICE_HEADERS },
    );
  }
  const { events, total, pageCount } = await listAuditEvents(context.db, parsed.filters);
  return data(
    { events, total, pageCount, filters: parsed.filters, options, errors: {} as ActivityFilterErrors },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Activity | Back Office", description: "Every change made in the back office.", path: null });

function FilterField({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const { events, total, pageCount, filters, options, errors } = loaderData;
  const invalid = (key: keyof ActivityFilterErrors) =>
    errors[key] ? { "aria-invalid": true as const, "aria-describedby": `activity-${key}-error` } : {};
  return (
    <>
      <SectionHeading level={1} title="Activity" description="Every change made in the back office: who, when, and what changed." />
      <Form method="get" role="search" aria-label="Activity" className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <FilterField id="activity-actor" label="Who (name or e-mail)" error={errors.actor}>
          <input id="activity-actor" name="actor" defaultValue={filters.actor ?? ""} className={inputClasses} {...invalid("actor")} />
        </FilterField>
        <FilterField id="activity-entityType" label="Record type" error={errors.entityType}>
          <select
            id="activity-entityType"
            name="entityType"
            defaultValue={filters.entityType ?? ""}
            className={inputClasses}
            {...invalid("entityType")}
          >
            <option value="">Any</option>
            {options.entityTypes.map((type) => (
              <option key={type} value={type}>
                {humanise(type)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="activity-action" label="Action" error={errors.action}>
          <select id="activity-action" name="action" defaultValue={filters.action ?? ""} className={inputClasses} {...invalid("action")}>
            <option value="">Any</option>
            {options.actions.map((action) => (
              <option key={action} value={action}>
                {humanise(action)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="activity-from" label="From" error={errors.from}>
          <input
            id="activity-from"
            name="from"
            type="date"
            defaultValue={filters.from ?? ""}
            className={inputClasses}
            {...invalid("from")}
          />
        </FilterField>
        <FilterField id="activity-to" label="To" error={errors.to}>
          <input id="activity-to" name="to" type="date" defaultValue={filters.to ?? ""} className={inputClasses} {...invalid("to")} />
        </FilterField>
        {filters.entityId && <input type="hidden" name="entityId" value={filters.entityId} />}
        <div className="flex flex-wrap items-end gap-3">
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          <Link
            to="/admin/activity"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-muted underline hover:text-text"
          >
            Clear filters
          </Link>
        </div>
      </Form>
      <p className="mb-3 text-sm text-muted" role="status">
        {total === 1 ? "1 change" : `${total.toLocaleString("en-GB")} changes`}
        {filters.entityId ? ` to record ${filters.entityId}` : ""}
      </p>
      {events.length === 0 ? (
        <p className="text-muted">No changes match these filters.</p>
      ) : (
        <ol className="grid gap-3">
          {events.map((event) => (
            <li key={event.id}>
              <AuditEventCard event={event}>
                <p className="mt-2 text-xs text-muted">
                  <Link
                    to={`/admin/activity${activityQuery({ entityType: event.entityType, entityId: event.entityId, page: 1 }, 1)}`}
                    className="underline hover:text-text"
                  >
                    All changes to this record
                  </Link>
                  {event.requestId ? <span className="break-all"> · request {event.requestId}</span> : null}
                </p>
              </AuditEventCard>
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={filters.page}
        pageCount={pageCount}
        href={(page) => `/admin/activity${activityQuery(filters, page)}`}
        previous="Newer changes"
        next="Older changes"
      />
    </>
  );
}
