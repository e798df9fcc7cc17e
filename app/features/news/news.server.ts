import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { articles, siteContent } from "../../../db/schema";
import { renderMarkdown } from "~/lib/markdown.server";
import { z } from "~/lib/zod";
import { resolveAuthor } from "./news-author";
import { categoryLabel, filterArticles, type NewsFilter } from "./news-filter";
import { isArticleId } from "./news-links";

const cardFields = {
  id: articles.id,
  title: articles.title,
  publishedOn: articles.publishedOn,
  category: articles.category,
  image: articles.image,
  objectPosition: articles.objectPosition,
  excerpt: articles.excerpt,
};

async function selectCards(db: Database, order: "oldest first" | "newest first", limit?: number) {
  const byDate = order === "oldest first" ? asc(articles.publishedOn) : desc(articles.publishedOn);
  const query = db.select(cardFields).from(articles).orderBy(byDate, asc(articles.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((row) => ({ ...row, category: categoryLabel(row.category) }));
}

/** The news list: every article oldest first (the order the spec gives), narrowed by the filter. */
export async function getNewsList(db: Database, filter: NewsFilter) {
  const all = await selectCards(db, "oldest first");
  return { total: all.length, articles: filterArticles(all, filter) };
}

/** The home page's Latest News. */
export function getLatestArticles(db: Database, limit: number) {
  return selectCards(db, "newest first", limit);
}

/** Every article newest first, for the RSS feed. */
export function getFeedArticles(db: Database) {
  return selectCards(db, "newest first");
}

const podcastShow = z.object({ host: z.object({ name: z.string().min(1) }) });

async function getPodcastHostName(db: Database): Promise<string | null> {
  const [row] = await db.select({ value: siteContent.value }).from(siteContent).where(eq(siteContent.key, "podcast"));
  const parsed = podcastShow.safeParse(row?.value);
  return parsed.success ? parsed.data.host.name : null;
}

/** One article ready to show: Markdown rendered, author resolved; null for an unknown id. */
export async function getArticle(db: Database, id: string) {
  if (!isArticleId(id)) return null;
  const [article] = await db.select().from(articles).where(eq(articles.id, id));
  if (!article) return null;
  const hostName = article.authorName ? null : await getPodcastHostName(db);
  const podcastLinks =
    article.podcastYoutubeUrl || article.podcastSpotifyUrl
      ? { youtube: article.podcastYoutubeUrl, spotify: article.podcastSpotifyUrl }
      : null;
  return {
    id: article.id,
    title: article.title,
    publishedOn: article.publishedOn,
    category: categoryLabel(article.category),
    venue: article.venue,
    image: article.image,
    objectPosition: article.objectPosition,
    excerpt: article.excerpt,
    html: renderMarkdown(article.bodyMarkdown),
    author: resolveAuthor(article, hostName),
    podcastLinks,
  };
}

export type NewsArticle = NonNullable<Awaited<ReturnType<typeof getArticle>>>;
