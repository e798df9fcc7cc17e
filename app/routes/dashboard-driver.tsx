import { data } from "react-router";
import type { Route } from "./+types/dashboard-driver";
import { SectionHeading } from "~/components/ui/section-heading";
import { DriverProfileEditor } from "~/features/people-desk/driver-profile-editor";
import { latestDriverChange, submitOwnDriverChange } from "~/features/people-desk/driver-changes.server";
import { driverSelfEdit } from "~/features/people-desk/people-forms";
import { missingSiteFiles } from "~/features/people-desk/site-files.server";
import { parseFormBody } from "~/lib/forms.server";
import { NextRacePanel } from "~/features/calendar/next-race-panel";
import { getSeason } from "~/features/calendar/season.server";
import { FormNotice } from "~/components/ui/form-notice";
import { NOT_FOR_PARAM, wrongDashboardNotice } from "~/features/account/roles";
import { requireUser } from "~/features/account/session.server";
import { DriverDetail } from "~/features/team/driver-detail";
import { getDriversForLatestSeason } from "~/features/team/drivers.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";
import { firstErrorPerField } from "~/lib/form-errors";

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const user = await requireUser(request, context, { roles: ["driver"] });
  const [season, standings, change] = await Promise.all([
    getSeason(context.db),
    user.driverId ? getDriversForLatestSeason(context.db) : null,
    user.driverId ? latestDriverChange(context.db, user.driverId) : null,
  ]);
  const driver = standings?.drivers.find((candidate) => candidate.id === user.driverId) ?? null;
  return data(
    {
      name: user.name,
      season,
      now: new Date().toISOString(),
      driver,
      seasonYear: standings?.seasonYear ?? null,
      change,
      notice: wrongDashboardNotice(url.searchParams.get(NOT_FOR_PARAM), user.role),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * The driver's own bio and photo, sent for approval. The driver record is the one the
 * signed-in account is linked to: the form names no driver, and any it names is ignored.
 */
export async function action({ request, context: routerContext }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const user = await requireUser(request, context, { roles: ["driver"] });
  const headers = { "Cache-Control": "private, no-store" };
  const body = await parseFormBody(request);
  if (!body.ok) return data({ tone: "error" as const, message: body.message, errors: {}, values: null }, { status: body.status, headers });
  const form = Object.fromEntries(body.form);
  const values = { bio: typeof form.bio === "string" ? form.bio : "", image: typeof form.image === "string" ? form.image : "" };
  const parsed = driverSelfEdit.safeParse(form);
  if (!parsed.success) {
    return data(
      {
        tone: "error" as const,
        message: "Some fields need attention; nothing was sent.",
        errors: firstErrorPerField(parsed.error),
        values,
      },
      { status: 400, headers },
    );
  }
  const missing = missingSiteFiles(parsed.data, ["image"]);
  if (Object.keys(missing).length > 0) {
    return data(
      { tone: "error" as const, message: "Some fields need attention; nothing was sent.", errors: missing, values },
      { status: 400, headers },
    );
  }
  const outcome = await submitOwnDriverChange(context.db, user, parsed.data);
  if (!outcome.ok)
    return data({ tone: "error" as const, message: outcome.message, errors: {}, values }, { status: outcome.status, headers });
  return data(
    {
      tone: "success" as const,
      message: "Sent. The team will check it; your page on the site keeps its current text until they approve it.",
      errors: {},
      values: null,
    },
    { headers },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Driver Dashboard", description: "Your season and the next race weekend.", path: null });

export default function DriverDashboardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { season, now, driver, seasonYear, change } = loaderData;
  return (
    <>
      {loaderData.notice && <FormNotice tone="info">{loaderData.notice}</FormNotice>}
      <SectionHeading level={1} eyebrow={`Welcome, ${loaderData.name}`} title="Driver Dashboard" />
      <section aria-labelledby="my-season-heading">
        <h2 id="my-season-heading" className="mb-4 text-2xl font-bold uppercase">
          {driver && seasonYear ? `Your ${seasonYear} Season` : "Your Season"}
        </h2>
        {driver && seasonYear ? (
          <DriverDetail driver={driver} seasonYear={seasonYear} collapseStatsOnMobile={false} />
        ) : (
          <p className="rounded-card border border-line bg-surface p-5 text-muted sm:p-8">
            Your account isn&apos;t linked to a driver profile yet, so there are no results to show. Ask the team office to link it; your
            results and stats will appear here.
          </p>
        )}
      </section>
      {driver && <DriverProfileEditor published={{ bio: driver.bio, image: driver.image }} change={change} answer={actionData ?? null} />}
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
