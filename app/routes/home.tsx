import type { Route } from "./+types/home";
import { brand } from "~/brand";
import { hydrateLater } from "~/components/hydrate-later";
import { nextRaceRounds } from "~/features/calendar/schedule";
import { getSeason } from "~/features/calendar/season.server";
import { HeroSlider } from "~/features/home/hero-slider";
import { getHeroSlides, getHomeTeamTiles } from "~/features/home/home.server";
import { getLatestArticles } from "~/features/news/news.server";
import { getPartnersSection } from "~/features/partners/partners.server";
import { placePartners } from "~/features/partners/placements.server";
import { getPodcast } from "~/features/podcast/podcast.server";
import { getMerchStrip } from "~/features/shop/store/catalogue.server";
import { shippingNotice } from "~/features/shop/store/store-view";
import { DRIVER_PARAM } from "~/features/team/driver-param";
import { getDriverCarousel } from "~/features/team/drivers.server";
import { getSiteSettings } from "~/features/settings/site-settings.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

// Everything under the hero hydrates after it, with its own script (ADR 0093).
const HomeSections = hydrateLater(() => import("~/features/home/home-sections").then((m) => m.HomeSections));

/** What the home page's loader gives its sections. */
export type HomeData = Route.ComponentProps["loaderData"];

export async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const [heroSlides, season, latestNews, teamTiles, podcast, driverCarousel, partners, merchandise, settings] = await Promise.all([
    getHeroSlides(context.db),
    getSeason(context.db),
    getLatestArticles(context.db, 3),
    getHomeTeamTiles(context.db),
    getPodcast(context.db),
    getDriverCarousel(context.db, url.searchParams.get(DRIVER_PARAM)),
    getPartnersSection(context.db),
    getMerchStrip(context.db),
    getSiteSettings(context),
  ]);
  const now = new Date();
  return {
    heroSlides,
    teamTiles,
    driverCarousel,
    // The panel shows one round; it gets the ones still to come, so that it can move on by itself.
    season: season && { year: season.year, nextSeason: season.nextSeason, rounds: nextRaceRounds(season.rounds, now) },
    latestNews,
    podcast: { show: podcast.show, latestEpisode: podcast.episodes[0] },
    partners: { ...partners, partners: await placePartners(context, "home", partners.partners) },
    merchandise,
    shippingPerk: shippingNotice(context.shipping),
    now: now.toISOString(),
    publicUrl: context.publicUrl,
    contact: { email: settings.email, phone: settings.phone, socials: settings.socials },
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    description: `${brand.name} races F3A, F3B and FF1600 at UK circuits and runs a programme for women drivers. News, race calendar, team and store.`,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {/* Hidden, as the hero says it in pictures; shown while it has focus (after a navigation here), as the skip link is. */}
      <h1 className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-[calc(var(--header-height)+1rem)] focus:z-30 focus:max-w-[calc(100vw-2rem)] focus:rounded focus:bg-ink/90 focus:px-4 focus:py-2 focus:text-xl focus:font-bold focus:uppercase">
        {brand.name}: international motorsport team
      </h1>
      <HeroSlider slides={loaderData.heroSlides} />
      <HomeSections data={loaderData} />
    </>
  );
}
