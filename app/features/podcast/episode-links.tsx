import { LinkButton } from "~/components/ui/link-button";
import type { PodcastEpisode } from "./podcast.server";

interface EpisodeLinksProps {
  episode: Pick<PodcastEpisode, "title" | "youtubeUrl" | "spotifyUrl">;
  /** Name the episode for screen readers, where several episodes' links sit on one page. */
  nameEpisode?: boolean;
  size?: "sm" | "md";
}

/** Watch on YouTube / Listen on Spotify, opening in a new tab. */
export function EpisodeLinks({ episode, nameEpisode = false, size = "md" }: EpisodeLinksProps) {
  const episodeName = nameEpisode ? <span className="sr-only">: {episode.title}</span> : null;
  return (
    <div className="flex flex-wrap gap-3">
      <LinkButton to={episode.youtubeUrl} size={size}>
        Watch on YouTube{episodeName}
      </LinkButton>
      <LinkButton to={episode.spotifyUrl} variant="secondary" size={size}>
        Listen on Spotify{episodeName}
      </LinkButton>
    </div>
  );
}
