import { data, Link } from "react-router";
import type { Route } from "./+types/season";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { HistoryPanel } from "~/features/admin/audit-views";
import { RESTORE_INTENT } from "~/features/admin/history-form";
import { entityHistory } from "~/features/admin/history.server";
import { restoreAction } from "~/features/admin/desk/restore.server";
import { RecordTabs, recordTabOf } from "~/features/admin/record-tabs";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { formatRoundDates } from "~/features/calendar/schedule";
import { DeskInputError, deskInputRefused } from "~/features/admin/desk/desk-write.server";
import { seasonRestoreTarget } from "~/features/results/results-desk.server";
import { getSeasonRounds } from "~/features/results/rounds-desk.server";
import { readForm } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { appContext, type RequestContext } from "~/context";

async function loadSeason(context: RequestContext, yearParam: string) {
  const year = /^\d{4}$/.test(yearParam) ? Number(yearParam) : null;
  const season = year === null ? null : await getSeasonRounds(context.db, year);
  if (!season) throw data({ message: "There is no such season." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  return season;
}

export async function loader({ request, context: routerContext, params }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const season = await loadSeason(context, params.year);
  const tab = recordTabOf(request);
  const history =
    tab === "history"
      ? await entityHistory(context.db, "season", String(season.season.year), { currentVersion: season.season.version })
      : [];
  return data({ ...season, tab, history }, { headers: BACK_OFFICE_HEADERS });
}

/** The History tab's Restore: sets whether the season is published back to an earlier version. */
export async function action({ request, context: routerContext, params }: Route.ActionArgs) {
  const context = appContext(routerContext);
  const staff = await requireStaff(request, context, "editor");
  const { season } = await loadSeason(context, params.year);
  const form = await readForm(request);
  if (form.get("intent") !== RESTORE_INTENT) return deskInputRefused({ intent: "Unknown action" }, "Unknown action.");
  try {
    const restored = await restoreAction(context, staff, form, seasonRestoreTarget(season.year));
    return data({ ...restored.data, errors: {} as Record<string, string> }, restored.init ?? undefined);
  } catch (error) {
    if (error instanceof DeskInputError) return deskInputRefused({}, error.message);
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: `${args.params.year} Season | Back Office`, description: "Rounds of the season.", path: null });

export default function SeasonPage({ loaderData, actionData }: Route.ComponentProps) {
  const { season, rounds, tab, history } = loaderData;
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
      {actionData && <FormNotice tone={actionData.tone}>{actionData.message}</FormNotice>}
      <RecordTabs base={`/admin/seasons/${season.year}`} tab={tab} detailsLabel="Rounds" />
      {tab === "history" ? (
        <>
          <p className="mb-4 text-sm text-muted">
            Restoring a version sets whether the season is published back to it. Which season is current is chosen on the seasons list.
          </p>
          <HistoryPanel entries={history} currentVersion={season.version} action={`/admin/seasons/${season.year}?tab=history`} />
        </>
      ) : (
        <>
          <div className="flex flex-wrap gap-3">
            <LinkButton to={`/admin/seasons/${season.year}/rounds/new`}>Add a round</LinkButton>
            <LinkButton to={`/admin/seasons/${season.year}/scoring`} variant="secondary">
              Scoring rules
            </LinkButton>
          </div>
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
      )}
    </>
  );
}
