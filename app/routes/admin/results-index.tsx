import { data, Link } from "react-router";
import type { Route } from "./+types/results-index";
import { SectionHeading } from "~/components/ui/section-heading";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { getPublicSeasonYear } from "~/features/calendar/season.server";
import { formatRoundDates } from "~/features/calendar/schedule";
import { getSeasonRounds } from "~/features/results/rounds-desk.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

/** "Results" in the menu: the rounds of the season the site shows, each a link to its results sheet. */
export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const year = await getPublicSeasonYear(context.db);
  const season = year === null ? null : await getSeasonRounds(context.db, year);
  return data({ season }, { headers: BACK_OFFICE_HEADERS });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Results | Back Office", description: "Pick a round to enter its results.", path: null });

export default function ResultsIndexPage({ loaderData }: Route.ComponentProps) {
  const { season } = loaderData;
  return (
    <>
      <SectionHeading
        level={1}
        title="Results"
        description={
          <>
            Pick a round. Other seasons are under{" "}
            <Link to="/admin/seasons" className="underline">
              Seasons
            </Link>
            .
          </>
        }
      />
      {!season || season.rounds.length === 0 ? (
        <p className="text-muted">No rounds yet.</p>
      ) : (
        <>
          <h2 className="mb-3 text-xl font-bold uppercase">{season.season.year} season</h2>
          <ol className="grid gap-2">
            {season.rounds.map((round) => (
              <li key={round.id}>
                <Link
                  to={`/admin/results/${round.id}`}
                  className="flex min-h-11 flex-wrap items-baseline gap-x-3 rounded-card border border-line bg-surface px-4 py-3 hover:bg-surface-raised"
                >
                  <span className="font-display text-xl font-bold text-accent-text">R{round.roundNumber}</span>
                  <span className="font-semibold">{round.name}</span>
                  <span className="text-sm text-muted">{formatRoundDates(round)}</span>
                </Link>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}
