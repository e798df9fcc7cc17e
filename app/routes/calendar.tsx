import type { Route } from "./+types/calendar";
import { buttonClasses } from "~/components/ui/button";
import { SectionHeading } from "~/components/ui/section-heading";
import { JsonLd } from "~/components/json-ld";
import { roundEventsJsonLd } from "~/features/calendar/json-ld";
import { NextRacePanel } from "~/features/calendar/next-race-panel";
import { SeasonSwitcher } from "~/features/calendar/season-switcher";
import { OPEN_ROUND_PARAM, SEASON_PARAM, SeasonCalendar } from "~/features/calendar/season-calendar";
import { getPublicSeasonYear, getPublishedSeasons, getSeason } from "~/features/calendar/season.server";
import { hydrateLater } from "~/components/hydrate-later";
import { pageMeta } from "~/lib/meta";
import { roundShareCard, seasonShareCard, shareCardImage } from "~/features/share-cards/cards.server";
import { appContext } from "~/context";

// Plain forms in the server's HTML: its script comes after the page's first (ADR 0093).
const SpoilerFreeBar = hydrateLater(() => import("~/features/spoiler-free/spoiler-free-bar").then((m) => m.SpoilerFreeBar));

export async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const searchParams = url.searchParams;
  const requestedSeason = searchParams.get(SEASON_PARAM);
  const [siteSeasonYear, publishedSeasons] = await Promise.all([getPublicSeasonYear(context.db), getPublishedSeasons(context.db)]);
  let seasonYear = siteSeasonYear;
  if (requestedSeason) {
    // Only a published season's year answers; anything else is a page that does not exist.
    seasonYear = publishedSeasons.find((season) => String(season.year) === requestedSeason)?.year ?? null;
    if (seasonYear === null) throw new Response("No such season", { status: 404 });
  }
  const season = seasonYear === null ? null : await getSeason(context.db, seasonYear);
  const requestedRound = searchParams.get(OPEN_ROUND_PARAM);
  const openRoundId = season?.rounds.find((round) => round.id === requestedRound)?.id ?? null;
  // /calendar?round=<id> is the round's page: its preview is the round's card (its result once raced).
  const roundCard = season && openRoundId ? roundShareCard(season, openRoundId) : null;
  const card = roundCard ?? (season ? seasonShareCard(season, new Date()) : null);
  return {
    season,
    seasonParam: season && season.year !== siteSeasonYear ? season.year : null,
    seasonYears: publishedSeasons.map((published) => published.year),
    siteSeasonYear,
    // The first render shows the server's moment; the browser's clock takes over after hydration.
    now: new Date().toISOString(),
    openRoundId,
    publicUrl: context.publicUrl,
    shareCard: card ? await shareCardImage(context.db, card) : null,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.seasonParam ? `${args.loaderData.seasonParam} Race Calendar` : "Race Calendar",
    description: args.loaderData?.season
      ? `The ${args.loaderData.season.year} race calendar: countdown to the next race, weekend schedules and our results from all ${args.loaderData.season.rounds.length} rounds.`
      : "The race calendar: countdown to the next race, weekend schedules and our results.",
    image: args.loaderData?.shareCard ?? undefined,
    path: args.loaderData?.openRoundId ? roundPath(args.loaderData.openRoundId, args.loaderData.seasonParam) : undefined,
  });

/** A round's own address: the calendar opened on it. */
function roundPath(roundId: string, seasonParam: number | null): string {
  const params = new URLSearchParams(seasonParam ? { [SEASON_PARAM]: String(seasonParam) } : {});
  params.set(OPEN_ROUND_PARAM, roundId);
  return `/calendar?${params}`;
}

export default function CalendarPage({ loaderData }: Route.ComponentProps) {
  const { season, seasonParam, seasonYears, siteSeasonYear, now, openRoundId, publicUrl } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <SectionHeading
        level={1}
        eyebrow={season ? `${season.year} season` : undefined}
        title="Race Calendar"
        description="The countdown to the next race, every weekend's schedule and our results. All times are UK time."
      />
      <SubscribeLinks feedUrl={`${publicUrl}/calendar.ics`} />
      <SpoilerFreeBar className="mb-8" />
      {season && <SeasonSwitcher years={seasonYears} shownYear={season.year} siteYear={siteSeasonYear} />}
      {season && season.rounds.length === 0 ? (
        <p className="text-muted">The {season.year} calendar will be published soon.</p>
      ) : season ? (
        <>
          <NextRacePanel season={season} initialNow={now} variant="calendar" />
          <div className="mt-16">
            <SeasonCalendar season={season} initialNow={now} initialOpenRoundId={openRoundId} seasonParam={seasonParam} />
          </div>
          <JsonLd data={import.meta.env.SSR ? roundEventsJsonLd(season.rounds, { publicUrl }) : null} />
        </>
      ) : (
        <p className="text-muted">The next season&apos;s calendar will be published soon.</p>
      )}
    </div>
  );
}

function SubscribeLinks({ feedUrl }: { feedUrl: string }) {
  return (
    <p className="-mt-2 mb-8 flex flex-wrap gap-3">
      <a href={feedUrl.replace(/^https?:/, "webcal:")} className={buttonClasses("primary", "sm")}>
        Subscribe to the calendar
      </a>
      <a href={feedUrl} className={buttonClasses("secondary", "sm")}>
        Download .ics file
      </a>
    </p>
  );
}
