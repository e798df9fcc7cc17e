import { data, Link } from "react-router";
import type { Route } from "./+types/season";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { formatRoundDates } from "~/features/calendar/schedule";
import { getSeasonRounds } from "~/features/results/results-desk.server";
import { pageMeta } from "~/lib/meta";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(request, context, "editor");
  const year = /^\d{4}$/.test(params.year) ? Number(params.year) : null;
  const season = year === null ? null : await getSeasonRounds(context.db, year);
  if (!season) throw data({ message: "There is no such season." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  return data(season, { headers: BACK_OFFICE_HEADERS });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: `${args.params.year} Season | Back Office`, description: "Rounds of the season.", path: null });

export default function SeasonPage({ loaderData }: Route.ComponentProps) {
  const { season, rounds } = loaderData;
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to="/admin/seasons" className="inline-flex min-h-11 items-center text-muted underline hover:text-text">
          ← All seasons
        </Link>
      </p>
      <SectionHeading
        level={1}
        title={`${season.year} season`}
        description={
          <>
            {season.isCurrent && <Badge tone="accent">Current</Badge>}{" "}
            <Badge tone={season.published ? "success" : "warning"}>{season.published ? "Published" : "Not published"}</Badge>
          </>
        }
      />
      <LinkButton to={`/admin/seasons/${season.year}/rounds/new`}>Add a round</LinkButton>
      {rounds.length === 0 ? (
        <p className="mt-6 text-muted">No rounds yet.</p>
      ) : (
        <ol className="mt-6 grid gap-3">
          {rounds.map((round) => (
            <li key={round.id} className="rounded-card border border-line bg-surface p-4">
              <p className="text-xs font-semibold uppercase tracking-wider text-muted">
                Round {round.roundNumber} · {formatRoundDates(round)}
              </p>
              <h2 className="font-display text-xl font-bold uppercase [overflow-wrap:anywhere]">{round.name}</h2>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link
                  to={`/admin/results/${round.id}`}
                  className="inline-flex min-h-11 items-center rounded-full bg-accent px-5 text-sm font-semibold uppercase tracking-wide text-white hover:bg-accent-strong"
                >
                  Results<span className="sr-only"> of round {round.roundNumber}</span>
                </Link>
                <Link
                  to={`/admin/seasons/${season.year}/rounds/${round.id}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-line px-5 text-sm font-semibold uppercase tracking-wide hover:border-muted"
                >
                  Edit round and sessions<span className="sr-only"> {round.roundNumber}</span>
                </Link>
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
