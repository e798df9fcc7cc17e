import type { Route } from "./+types/home";
import { brand } from "~/brand";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { NextRacePanel } from "~/features/calendar/next-race-panel";
import { getSeason } from "~/features/calendar/season.server";
import { HeroSlider } from "~/features/home/hero-slider";
import { getHeroSlides } from "~/features/home/home.server";
import { ConnectWithUs, MissionAndValues, OurCars, PodcastPromo } from "~/features/home/home-sections";
import { NewsCard } from "~/features/news/news-card";
import { getLatestArticles } from "~/features/news/news.server";
import { PartnersSection } from "~/features/partners/partners-section";
import { getPartnersSection } from "~/features/partners/partners.server";
import { getPodcast } from "~/features/podcast/podcast.server";
import { pageMeta } from "~/lib/meta";

export async function loader({ context }: Route.LoaderArgs) {
  const [heroSlides, season, latestNews, podcast, partners] = await Promise.all([
    getHeroSlides(context.db),
    getSeason(context.db),
    getLatestArticles(context.db, 3),
    getPodcast(context.db),
    getPartnersSection(context.db),
  ]);
  return {
    heroSlides,
    season,
    latestNews,
    podcast: { show: podcast.show, latestEpisode: podcast.episodes[0] },
    partners,
    now: new Date().toISOString(),
  };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    description: `${brand.name} races F3A, F3B and FF1600 at UK circuits and runs a programme for women drivers. News, race calendar, team and store.`,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { heroSlides, season, latestNews, podcast, partners, now } = loaderData;
  return (
    <>
      <h1 className="sr-only">{brand.name}: international motorsport team</h1>
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

      <PodcastPromo show={podcast.show} episode={podcast.latestEpisode} />
      <ConnectWithUs />
      <OurCars />
      <MissionAndValues />
      <PartnersSection partners={partners.partners} vipProgram={partners.vipProgram} />

    </>
  );
}
