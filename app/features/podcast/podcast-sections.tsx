import { brand } from "~/brand";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/link-button";
import { formatCalendarDate } from "~/lib/dates";
import { EpisodeLinks } from "./episode-links";
import type { Podcast, PodcastEpisode } from "./podcast.server";

/** Sizes of the podcast art (their SVG viewBoxes); CSS scales them. */
const EPISODE_THUMBNAIL = { width: 1200, height: 675 } as const;
const HOST_PORTRAIT = { width: 600, height: 750 } as const;

function EpisodeDate({ episode }: { episode: PodcastEpisode }) {
  return (
    <time dateTime={episode.publishedOn} className="text-sm font-semibold text-accent-text">
      {formatCalendarDate(episode.publishedOn)}
    </time>
  );
}

function EpisodeThumbnail({ episode, lazy }: { episode: PodcastEpisode; lazy: boolean }) {
  return (
    <img
      src={episode.thumbnail}
      alt=""
      width={EPISODE_THUMBNAIL.width}
      height={EPISODE_THUMBNAIL.height}
      className="aspect-video w-full rounded-lg bg-surface-raised object-cover"
      {...(lazy ? { loading: "lazy", decoding: "async" } : {})}
    />
  );
}

export function LatestEpisode({ episode }: { episode: PodcastEpisode }) {
  return (
    <section
      aria-labelledby="latest-episode-heading"
      className="grid gap-6 rounded-card border border-line bg-surface p-5 sm:p-8 md:grid-cols-2 md:items-center"
    >
      <EpisodeThumbnail episode={episode} lazy={false} />
      <div className="flex flex-col items-start gap-3">
        <Badge tone="accent">Latest Episode</Badge>
        <EpisodeDate episode={episode} />
        <h2 id="latest-episode-heading" className="text-3xl font-bold uppercase">
          {episode.title}
        </h2>
        <p className="text-muted">{episode.description}</p>
        <div className="mt-2">
          <EpisodeLinks episode={episode} />
        </div>
      </div>
    </section>
  );
}

export function EpisodeList({ episodes }: { episodes: PodcastEpisode[] }) {
  return (
    <section aria-labelledby="episodes-heading">
      <h2 id="episodes-heading" className="text-3xl font-bold uppercase">
        All Episodes
      </h2>
      {episodes.length === 0 ? (
        <p className="mt-4 text-muted">The first episode is on its way. We announce it on our socials.</p>
      ) : (
        <ol className="mt-6 flex flex-col gap-6">
          {episodes.map((episode) => (
            <li key={episode.id}>
              <article
                aria-labelledby={`episode-${episode.id}`}
                className="grid gap-5 rounded-card border border-line bg-surface p-5 sm:grid-cols-[14rem_1fr]"
              >
                <EpisodeThumbnail episode={episode} lazy />
                <div className="flex flex-col items-start gap-2">
                  <EpisodeDate episode={episode} />
                  <h3 id={`episode-${episode.id}`} className="text-xl font-bold uppercase">
                    {episode.title}
                  </h3>
                  <p className="text-sm text-muted">{episode.description}</p>
                  <div className="mt-2">
                    <EpisodeLinks episode={episode} nameEpisode size="sm" />
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function HostCard({ host, producer }: Pick<Podcast, "host" | "producer">) {
  return (
    <section aria-labelledby="host-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
      <h2 id="host-heading" className="text-2xl font-bold uppercase">
        Meet the Host
      </h2>
      <div className="mt-5 flex items-center gap-4">
        <img
          src={host.image}
          alt={`Portrait of ${host.name}`}
          width={HOST_PORTRAIT.width}
          height={HOST_PORTRAIT.height}
          loading="lazy"
          decoding="async"
          className="size-20 shrink-0 rounded-full bg-surface-raised object-cover object-top"
        />
        <div>
          <p className="text-lg font-bold">{host.name}</p>
          <p className="text-sm text-accent-text">{host.role}</p>
        </div>
      </div>
      <p className="mt-4 text-sm text-muted">{host.bio}</p>
      <div className="mt-6 border-t border-line pt-5">
        <p className="text-lg font-bold">{producer.name}</p>
        <p className="text-sm text-accent-text">{producer.role}</p>
        <p className="mt-3 text-sm text-muted">{producer.bio}</p>
      </div>
    </section>
  );
}

export function ScheduleNote({ schedule }: Pick<Podcast, "schedule">) {
  return (
    <section aria-labelledby="schedule-heading" className="rounded-card border border-accent-text/40 bg-surface-raised p-5 sm:p-6">
      <h2 id="schedule-heading" className="text-xl font-bold uppercase">
        {schedule}
      </h2>
      <p className="mt-2 text-sm text-muted">Subscribe so you never miss a conversation from the paddock.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <LinkButton to={brand.podcast.youtubeUrl} size="sm">
          Subscribe on YouTube
        </LinkButton>
        <LinkButton to={brand.podcast.spotifyUrl} variant="secondary" size="sm">
          Follow on Spotify
        </LinkButton>
      </div>
    </section>
  );
}
