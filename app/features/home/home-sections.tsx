import type { ReactNode } from "react";
import { ChevronDownIcon, Mark, type MarkName, SocialIcon } from "~/components/icons";
import { JsonLd } from "~/components/json-ld";
import { Card } from "~/components/ui/card";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { NextRacePanel } from "~/features/calendar/next-race-panel";
import { NewsCard } from "~/features/news/news-card";
import { PartnersSection } from "~/features/partners/partners-section";
import { EpisodeLinks } from "~/features/podcast/episode-links";
import type { PodcastEpisode } from "~/features/podcast/podcast.server";
import { MerchStrip } from "~/features/shop/store/merch-strip";
import { ClipsPauseButton } from "~/features/team/clips-pause";
import { DriverCarousel } from "~/features/team/driver-carousel";
import { VideoTile } from "~/features/team/video-tile";
import { organizationJsonLd } from "~/lib/json-ld";
import type { HomeData } from "~/routes/home";

/** Everything on the home page under the hero: one part that hydrates after it (ADR 0093). */
export function HomeSections({ data }: { data: HomeData }) {
  const { season, latestNews, teamTiles, podcast, driverCarousel, partners, merchandise, shippingPerk, now, publicUrl, contact } = data;
  return (
    <>
      <JsonLd data={import.meta.env.SSR ? organizationJsonLd(publicUrl, contact) : null} />
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

const values = [
  {
    mark: "excellence",
    title: "Excellence",
    text: "Every lap is prepared, measured and reviewed. We chase tenths in the workshop so drivers can find them on track.",
  },
  {
    mark: "passion",
    title: "Passion",
    text: "We are racers first: volunteers, engineers and families who give their weekends to the sport they love.",
  },
  { mark: "innovation", title: "Innovation", text: "Data, simulation and clever engineering let a small team punch above its budget." },
  { mark: "integrity", title: "Integrity", text: "Fair racing, honest feedback and clear dealings with drivers, partners and fans." },
] as const;

export function ConnectWithUs({ socials }: { socials: ReadonlyArray<{ name: string; url: string }> }) {
  return (
    <section aria-labelledby="connect-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading id="connect-heading" eyebrow="Follow the team" title="Connect With Us" />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {socials.map((social) => (
          <li key={social.name}>
            <a
              href={social.url}
              target="_blank"
              rel="noopener noreferrer"
              className="flex h-28 flex-col items-center justify-center gap-1 rounded-card border border-line bg-surface font-semibold transition-colors hover:border-accent-text hover:text-accent-text"
            >
              <SocialIcon name={social.name} className="mb-1 size-7" />
              {social.name}
              <span className="mt-1 text-xs font-normal text-muted">@ridgewayracing</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OurCars() {
  return (
    <section aria-labelledby="cars-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading id="cars-heading" eyebrow="The machinery" title="Our Cars" />
      <img
        src="/media/cars.svg"
        alt="The team's three single-seaters side by side: the red F3A car, the F3B car and the FF1600."
        width={1600}
        height={700}
        loading="lazy"
        decoding="async"
        className="h-auto w-full rounded-card border border-line"
      />
    </section>
  );
}

/** Mission, vision and values; each part folds away behind its heading. */
export function MissionAndValues() {
  return (
    <section aria-labelledby="mission-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading id="mission-heading" eyebrow="What drives us" title="Mission & Vision" />
      <div className="grid gap-4 md:grid-cols-2">
        <Collapsible mark="mission" title="Our Mission">
          To give talented young drivers, whatever their background, a professional, affordable route through British junior single-seaters,
          and to open the paddock to more women at every level of the sport.
        </Collapsible>
        <Collapsible mark="vision" title="Our Vision">
          A team known for developing champions and engineers alike: where drivers learn racecraft, staff learn their trade, and partners
          see their support turn into results on and off the track.
        </Collapsible>
      </div>
      <h3 className="mt-10 text-2xl font-bold uppercase">Our Values</h3>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {values.map((value) => (
          <li key={value.title}>
            <Collapsible mark={value.mark} title={value.title}>
              {value.text}
            </Collapsible>
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <LinkButton to="/team" variant="secondary">
          Meet the Team
        </LinkButton>
      </div>
    </section>
  );
}

/**
 * A disclosure, open to begin with, that the mouse and the keyboard open and close alike at every
 * width; readable without JavaScript. Its sign is a chevron that turns (a "+" turned 45° read as a
 * close button).
 */
function Collapsible({ mark, title, children }: { mark: MarkName; title: string; children: ReactNode }) {
  return (
    <Card className="h-full p-0 sm:p-0">
      <details className="group" open>
        <summary className="flex cursor-pointer list-none items-center gap-3 p-5 text-lg font-bold uppercase sm:p-6 [&::-webkit-details-marker]:hidden">
          <span aria-hidden="true" className="mark-badge">
            <Mark name={mark} />
          </span>
          <span className="flex-1">{title}</span>
          <ChevronDownIcon aria-hidden="true" className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180" />
        </summary>
        <p className="px-5 pb-5 text-muted sm:px-6 sm:pb-6">{children}</p>
      </details>
    </Card>
  );
}

export function PodcastPromo({ show, episode }: { show: string; episode: PodcastEpisode | undefined }) {
  return (
    <section aria-labelledby="podcast-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <Card className="grid gap-6 md:grid-cols-[2fr_3fr] md:items-center">
        {episode && (
          <img
            src={episode.thumbnail}
            alt=""
            width={1200}
            height={675}
            loading="lazy"
            decoding="async"
            className="aspect-video w-full rounded-lg object-cover"
          />
        )}
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-accent-text">Podcast</p>
          <h2 id="podcast-heading" className="text-3xl font-bold uppercase sm:text-4xl">
            {show}
          </h2>
          {episode && (
            <>
              <p className="text-muted">
                Latest episode: <span className="font-semibold text-text">{episode.title}</span>
              </p>
              <EpisodeLinks episode={episode} nameEpisode />
            </>
          )}
          <LinkButton to="/podcast" variant="ghost">
            View All Episodes
          </LinkButton>
        </div>
      </Card>
    </section>
  );
}
