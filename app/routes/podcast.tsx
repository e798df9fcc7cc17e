import type { Route } from "./+types/podcast";
import { SectionHeading } from "~/components/ui/section-heading";
import { EpisodeList, HostCard, LatestEpisode, ScheduleNote } from "~/features/podcast/podcast-sections";
import { getPodcast } from "~/features/podcast/podcast.server";
import { JsonLd } from "~/components/json-ld";
import { podcastJsonLd } from "~/features/seo/structured-data";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  return { ...(await getPodcast(context.db)), publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.show ?? "Podcast",
    description:
      "Conversations from the paddock with drivers, engineers and team staff from British junior single-seater racing. Watch on YouTube or listen on Spotify.",
  });

export default function PodcastPage({ loaderData: podcast }: Route.ComponentProps) {
  const [latest] = podcast.episodes;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-12 sm:px-6 sm:py-16">
      <JsonLd data={import.meta.env.SSR ? podcastJsonLd(podcast.publicUrl, podcast) : null} />
      <SectionHeading
        level={1}
        eyebrow="Podcast"
        title={podcast.show}
        description="Conversations from the paddock with the drivers, engineers and crew of British junior single-seater racing."
      />
      {latest && <LatestEpisode episode={latest} />}
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <EpisodeList episodes={podcast.episodes} />
        </div>
        <div className="flex flex-col gap-6">
          <ScheduleNote schedule={podcast.schedule} />
          <HostCard host={podcast.host} producer={podcast.producer} />
        </div>
      </div>
    </div>
  );
}
