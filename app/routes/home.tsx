import type { Route } from "./+types/home";
import { brand } from "~/brand";
import { JsonLd } from "~/components/json-ld";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { NextRacePanel } from "~/features/calendar/next-race-panel";
import { nextRaceRounds } from "~/features/calendar/schedule";
import { getSeason } from "~/features/calendar/season.server";
import { HeroSlider } from "~/features/home/hero-slider";
import { getHeroSlides, getHomeTeamTiles } from "~/features/home/home.server";
import { ConnectWithUs, MissionAndValues, OurCars, PodcastPromo } from "~/features/home/home-sections";
import { NewsCard } from "~/features/news/news-card";
import { getLatestArticles } from "~/features/news/news.server";
import { PartnersSection } from "~/features/partners/partners-section";
import { getPartnersSection } from "~/features/partners/partners.server";
import { getPodcast } from "~/features/podcast/podcast.server";
import { getMerchStrip } from "~/features/store/catalogue.server";
import { MerchStrip } from "~/features/store/merch-strip";
import { shippingNotice } from "~/features/store/store-view";
import { ClipsPauseButton } from "~/features/team/clips-pause";
import { DRIVER_PARAM, DriverCarousel } from "~/features/team/driver-carousel";
import { getDriverCarousel } from "~/features/team/drivers.server";
import { VideoTile } from "~/features/team/video-tile";
import { getSiteSettings } from "~/features/settings/site-settings.server";
import { organizationJsonLd } from "~/lib/json-ld";
import { pageMeta } from "~/lib/meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [heroSlides, season, latestNews, teamTiles, podcast, driverCarousel, partners, merchandise, settings] = await Promise.all([
    getHeroSlides(context.db),
    getSeason(context.db),
    getLatestArticles(context.db, 3),
    getHomeTeamTiles(context.db),
    getPodcast(context.db),
    getDriverCarousel(context.db, new URL(request.url).searchParams.get(DRIVER_PARAM)),
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
    partners,
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
  const { heroSlides, season, latestNews, teamTiles, podcast, driverCarousel, partners, merchandise, shippingPerk, now, publicUrl, contact } =
    loaderData;
  return (
    <>
      <JsonLd data={organizationJsonLd(publicUrl, contact)} />
      {/* Hidden, as the hero says it in pictures; shown while it has focus (after a navigation here), as the skip link is. */}
      <h1 className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-[calc(var(--header-height)+1rem)] focus:z-30 focus:max-w-[calc(100vw-2rem)] focus:rounded focus:bg-ink/90 focus:px-4 focus:py-2 focus:text-xl focus:font-bold focus:uppercase">
        {brand.name}: international motorsport team
      </h1>
      <HeroSlider slides={heroSlides} />

      <section aria-labelledby="next-race-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading id="next-race-heading" eyebrow="On track" title="Next Race" />
        {season ? (
          <NextRacePanel season={season} initialNow={now} />
        ) : (
          <p className="text-muted">The next season's calendar will be published soon.</p>
        )}
        <div className="mt-6">
          <LinkButton to="/calendar" variant="secondary">
            Full Calendar
          </LinkButton>
        </div>
      </section>

      <section aria-labelledby="latest-news-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading id="latest-news-heading" eyebrow="From the paddock" title="Latest News" />
        <ul className="grid gap-6 md:grid-cols-3">
          {latestNews.map((article) => (
            <li key={article.id}>
              <NewsCard article={article} headingLevel={3} />
            </li>
          ))}
        </ul>
        <div className="mt-8">
          <LinkButton to="/news" variant="secondary">
            View All News
          </LinkButton>
        </div>
      </section>

      <section aria-labelledby="our-team-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-x-4">
          <SectionHeading id="our-team-heading" eyebrow="In the garage" title="Our Team" />
          {teamTiles.some((tile) => tile.video) && <ClipsPauseButton className="mb-8" />}
        </div>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {teamTiles.map((tile, index) => (
            <li key={tile.key}>
              <VideoTile name={tile.name} role={tile.role} image={tile.image} photo={tile.photo} video={tile.video} index={index} />
            </li>
          ))}
        </ul>
        <div className="mt-8">
          <LinkButton to="/team" variant="secondary">
            Meet the Full Team
          </LinkButton>
        </div>
      </section>

      <PodcastPromo show={podcast.show} episode={podcast.latestEpisode} />
      <ConnectWithUs socials={contact.socials} />

      <section aria-labelledby="home-drivers-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionHeading
          id="home-drivers-heading"
          eyebrow="Behind the wheel"
          title="Our Drivers"
          description="Pick a driver for their story and season. Drag, swipe or use the arrows to see everyone."
        />
        <DriverCarousel id="home-driver-detail" {...driverCarousel} collapseStatsOnMobile />
      </section>

      <OurCars />
      <MissionAndValues />
      <MerchStrip products={merchandise} shippingPerk={shippingPerk} />
      <PartnersSection partners={partners.partners} vipProgram={partners.vipProgram} />

    </>
  );
}
