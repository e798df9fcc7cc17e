import { data } from "react-router";
import type { Route } from "./+types/calendar-round";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { RoundResults } from "~/features/calendar/round-results";
import { formatRoundDates } from "~/features/calendar/schedule";
import { getSeason } from "~/features/calendar/season.server";
import { getLiveRound } from "~/features/live/live-round.server";
import { LiveRoundBody } from "~/features/live/live-round-page";
import { followsLive } from "~/features/live/round-status";
import { timeLabelsFor } from "~/features/live/live-times";
import { roundPagePath, sessionIcsPath } from "~/features/live/round-paths";
import { SpoilerGuard } from "~/features/spoiler-free/spoiler-guard";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";
import { hydrateLater } from "~/components/hydrate-later";

// A link to /notifications and plain forms in the server's HTML: their scripts come after the
// page's first (ADR 0093).
const NotifyMe = hydrateLater(() => import("~/features/push/notify-me").then((m) => m.NotifyMe));
const SpoilerFreeBar = hydrateLater(() => import("~/features/spoiler-free/spoiler-free-bar").then((m) => m.SpoilerFreeBar));

export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const now = new Date();
  const found = await getLiveRound(context.db, params.roundId, now);
  if (!found) return data({ found: null }, { status: 404 });
  const { round, live } = found;
  // Our drivers' positions and points in this round, as the calendar shows them (round_results).
  const season = await getSeason(context.db, round.seasonYear);
  const ourResults = season?.rounds.find((seasonRound) => seasonRound.id === round.id)?.results ?? [];
  const asOf = now.toISOString();
  // Every instant the first render shows, written out here: the browser builds no Intl formatter while it hydrates.
  const labels = timeLabelsFor([asOf, ...live.ticker.map((post) => post.postedAt), ...live.classifications.map((issue) => issue.issuedAt)]);
  return {
    found: {
      round: {
        id: round.id,
        name: round.name,
        roundNumber: round.roundNumber,
        seasonYear: round.seasonYear,
        circuit: round.circuit,
        location: round.location,
        dates: formatRoundDates(round),
      },
      live,
      ourResults,
      asOf,
      labels,
      followLive: followsLive(round, now),
    },
  };
}

export const meta: Route.MetaFunction = (args) => {
  const round = args.loaderData?.found?.round;
  if (!round) return pageMeta(args, { path: null, title: "Round Not Found", description: "There is no such round on the calendar." });
  return pageMeta(args, {
    title: `${round.name}: Round ${round.roundNumber}, live`,
    description: `Round ${round.roundNumber} of the ${round.seasonYear} season at ${round.circuit}, ${round.dates}: sessions as they happen, the paddock ticker and the results.`,
    path: roundPagePath(round.id),
  });
};

export default function CalendarRoundPage({ loaderData }: Route.ComponentProps) {
  const { found } = loaderData;
  if (!found) return <RoundNotFound />;
  const { round, live, ourResults, asOf, labels, followLive } = found;
  const spoilerRound = { id: round.id, roundNumber: round.roundNumber, name: round.name };
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <SectionHeading
        level={1}
        eyebrow={`Round ${round.roundNumber} · ${round.seasonYear} season`}
        title={round.name}
        description={`${round.circuit}, ${round.location}. ${round.dates}.`}
      />
      <SpoilerFreeBar round={spoilerRound} className="mb-6" />
      <NotifyMe
        className="mb-8"
        request={{ kinds: ["session", "result"] }}
        about="every session and result"
        caption="15 minutes before each session, and each result"
      />
      <LiveRoundBody
        initial={live}
        asOf={asOf}
        labels={labels}
        followLive={followLive}
        sessionIcsPath={(sessionId) => sessionIcsPath(round.id, sessionId)}
        spoilerRound={spoilerRound}
      />
      {ourResults.length > 0 && (
        <section aria-labelledby="our-points-heading" className="mt-12">
          <h2 id="our-points-heading" className="text-2xl font-bold uppercase">
            Our drivers&apos; points
          </h2>
          <p className="mt-2 text-sm text-muted">Positions and points in this round as they stand; the season table is on the calendar.</p>
          <SpoilerGuard rounds={[spoilerRound]} what="Our drivers' points" className="mt-4">
            <RoundResults results={ourResults} />
          </SpoilerGuard>
        </section>
      )}
    </div>
  );
}

function RoundNotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <h1 className="text-4xl font-bold uppercase sm:text-5xl">Round not found</h1>
      <p className="mt-4 text-muted">This round is not on the calendar. Every round of the season is one click away.</p>
      <div className="mt-8">
        <LinkButton to="/calendar">Race Calendar</LinkButton>
      </div>
    </section>
  );
}
