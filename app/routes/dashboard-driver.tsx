import { data } from "react-router";
import type { Route } from "./+types/dashboard-driver";
import { SectionHeading } from "~/components/ui/section-heading";
import { NextRacePanel } from "~/features/calendar/next-race-panel";
import { getSeason } from "~/features/calendar/season.server";
import { requireUser } from "~/features/account/session.server";
import { DriverDetail } from "~/features/team/driver-detail";
import { getDriversForLatestSeason } from "~/features/team/drivers.server";
import { pageMeta } from "~/lib/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, { roles: ["driver"] });
  const [season, standings] = await Promise.all([
    getSeason(context.db),
    user.driverId ? getDriversForLatestSeason(context.db) : null,
  ]);
  const driver = standings?.drivers.find((candidate) => candidate.id === user.driverId) ?? null;
  return data(
    { name: user.name, season, now: new Date().toISOString(), driver, seasonYear: standings?.seasonYear ?? null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Driver Dashboard", description: "Your season and the next race weekend.", path: null });

export default function DriverDashboardPage({ loaderData }: Route.ComponentProps) {
  const { season, now, driver, seasonYear } = loaderData;
  return (
    <>
      <SectionHeading level={1} eyebrow={`Welcome, ${loaderData.name}`} title="Driver Dashboard" />
      <section aria-labelledby="my-season-heading">
        <h2 id="my-season-heading" className="mb-4 text-2xl font-bold uppercase">
          {driver && seasonYear ? `Your ${seasonYear} Season` : "Your Season"}
        </h2>
        {driver && seasonYear ? (
          <DriverDetail driver={driver} seasonYear={seasonYear} collapseStatsOnMobile={false} />
        ) : (
          <p className="rounded-card border border-line bg-surface p-5 text-muted sm:p-8">
            Your account isn&apos;t linked to a driver profile yet, so there are no results to show. Ask the team
            office to link it; your results and stats will appear here.
          </p>
        )}
      </section>
      <section aria-label="Next race weekend" className="mt-12">
        {season ? (
          <NextRacePanel season={season} initialNow={now} />
        ) : (
          <p className="text-muted">The next season&apos;s calendar will be published soon.</p>
        )}
      </section>
    </>
  );
}
