import { data } from "react-router";
import type { Route } from "./+types/index";
import { SectionHeading } from "~/components/ui/section-heading";
import { AuditEventCard } from "~/features/admin/audit-views";
import { loadOverview } from "~/features/admin/overview.server";
import { TodayBlocks } from "~/features/admin/today-blocks";
import { loadToday } from "~/features/admin/today.server";
import { BACK_OFFICE_HEADERS, requireAnyStaff } from "~/features/admin/staff.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const staff = await requireAnyStaff(request, context);
  const [overview, today] = await Promise.all([loadOverview(context.db, staff), loadToday(context.db, staff, context.operations)]);
  return data({ ...overview, today, isAdmin: staff.roles.includes("admin") }, { headers: BACK_OFFICE_HEADERS });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Back Office", description: "Ridgeway Racing's back office.", path: null });

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { counts, recent, isAdmin, today } = loaderData;
  return (
    <>
      <SectionHeading
        level={1}
        title="Today"
        description="What needs doing first, then the site at a glance and the latest changes made here."
      />
      <TodayBlocks today={today} />
      <section aria-labelledby="figures-heading" className="mb-10">
        <h2 id="figures-heading" className="sr-only">
          Figures
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {counts.map((figure) => (
            <div key={figure.label} className="rounded-card border border-line bg-surface p-4">
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{figure.label}</dt>
              <dd className="mt-1 font-display text-3xl font-bold">{figure.value.toLocaleString("en-GB")}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="recent-heading" className="grid gap-3">
        <h2 id="recent-heading" className="text-2xl font-bold uppercase">
          {isAdmin ? "Recent changes" : "Your recent changes"}
        </h2>
        {recent.length === 0 ? (
          <p className="text-muted">Nothing has been changed in the back office yet.</p>
        ) : (
          <ol className="grid gap-3">
            {recent.map((event) => (
              <li key={event.id}>
                <AuditEventCard event={event} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
