import { desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { podcastEpisodes, siteContent } from "../../../db/schema";
import { z } from "~/lib/zod";

const personSchema = z.object({ name: z.string().min(1), role: z.string().min(1), bio: z.string().min(1) });

/** site_content "podcast": the show, its schedule and the people who make it. */
const podcastShowSchema = z.object({
  show: z.string().min(1),
  schedule: z.string().min(1),
  host: personSchema.extend({ image: z.string().min(1) }),
  producer: personSchema,
});

/** The show and its episodes, newest first. */
export async function getPodcast(db: Database) {
  const [[row], episodes] = await Promise.all([
    db.select({ value: siteContent.value }).from(siteContent).where(eq(siteContent.key, "podcast")),
    db
      .select()
      .from(podcastEpisodes)
      .where(isNull(podcastEpisodes.deletedAt))
      .orderBy(desc(podcastEpisodes.publishedOn), desc(podcastEpisodes.id)),
  ]);
  if (!row) throw new Error('site_content "podcast" is missing: has the database been seeded?');
  return {
    ...podcastShowSchema.parse(row.value),
    episodes: episodes.map(({ id, title, publishedOn, description, thumbnail, youtubeUrl, spotifyUrl }) => ({
      id,
      title,
      publishedOn,
      description,
      thumbnail,
      youtubeUrl,
      spotifyUrl,
    })),
  };
}

export type Podcast = Awaited<ReturnType<typeof getPodcast>>;
export type PodcastEpisode = Podcast["episodes"][number];
