import { and, asc, desc, eq, gt, isNull, lte, min, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { articleSlugRedirects, articles, mediaAssets, rounds } from "../../../db/schema";
import { brand } from "~/brand";
import { getPictureImage, pictureImageOf, pictureNotesFor } from "~/features/media/media.server";
import type { ArticleContent } from "./article-snapshot";
import { resolveAuthor } from "./news-author";
import { categoryLabel, filterArticles, type NewsFilter } from "./news-filter";
import { articleHero, articleShareImage } from "./news-image";
import { isArticleId } from "./news-links";
import type { SpoilerRound } from "~/features/spoiler-free/spoiler-guard";
import { articleRoundOf, type CalendarRound } from "./article-round";
import { imageSources, renderRichText } from "./rich-text-html.server";

/**
 * The one rule of what the public sees (ADR 26): published, and its time has come.
 * Every public query (list, article, home, RSS, sitemap, hero slides) goes through it, so a
 * scheduled article appears at its publish_at without any job, and a restart cannot lose it.
 */
export const isPublicArticle = () => and(eq(articles.status, "published"), lte(articles.publishAt, sql`now()`));

// An article's public key is its slug: `id` here is what the URL holds (/news/{slug}).
const cardFields = {
  id: articles.slug,
  title: articles.title,
  publishedOn: articles.publishedOn,
  category: articles.category,
  image: articles.image,
  objectPosition: articles.objectPosition,
  excerpt: articles.excerpt,
  // The hero photo, when it is still in the library (a deleted one falls back to the art).
  photo: mediaAssets,
};

async function selectCards(db: Database, order: "oldest first" | "newest first", limit?: number) {
  const byDate = order === "oldest first" ? asc(articles.publishedOn) : desc(articles.publishedOn);
  const byTime = order === "oldest first" ? asc(articles.publishAt) : desc(articles.publishAt);
  const query = db
    .select(cardFields)
    .from(articles)
    .leftJoin(mediaAssets, and(eq(mediaAssets.id, articles.heroAssetId), isNull(mediaAssets.deletedAt)))
    .where(isPublicArticle())
    .orderBy(byDate, byTime, asc(articles.slug));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map(({ photo, image, objectPosition, ...row }) => ({
    ...row,
    category: categoryLabel(row.category),
    hero: articleHero({ image, objectPosition }, photo && pictureImageOf(photo)),
  }));
}

/** Every round of the calendar, for the rule that finds the round an article follows. */
export function getCalendarRounds(db: Database): Promise<CalendarRound[]> {
  return db
    .select({ id: rounds.id, roundNumber: rounds.roundNumber, name: rounds.name, startDate: rounds.startDate })
    .from(rounds)
    .orderBy(asc(rounds.startDate));
}

/** Articles with the round each follows, which spoiler-free mode hides them with (ADR 0143). */
async function withArticleRounds<T extends { publishedOn: string }>(db: Database, cards: Promise<T[]>) {
  const [list, calendar] = await Promise.all([cards, getCalendarRounds(db)]);
  return list.map((card) => ({ ...card, spoilerRound: articleRoundOf(card, calendar) }));
}

/** The news list: every article newest first, as the home page has them (issue 16), narrowed by the filter. */
export async function getNewsList(db: Database, filter: NewsFilter) {
  const all = await withArticleRounds(db, selectCards(db, "newest first"));
  return { total: all.length, articles: filterArticles(all, filter) };
}

/** The home page's Latest News. */
export function getLatestArticles(db: Database, limit: number) {
  return withArticleRounds(db, selectCards(db, "newest first", limit));
}

/** Every article newest first, for the RSS feed. */
export function getFeedArticles(db: Database) {
  return selectCards(db, "newest first");
}

/** The public articles for the sitemap. */
export function getSitemapArticles(db: Database) {
  return db
    .select({ slug: articles.slug, publishedOn: articles.publishedOn })
    .from(articles)
    .where(isPublicArticle())
    .orderBy(asc(articles.publishedOn), asc(articles.slug));
}

/**
 * When the next scheduled article goes live (the earliest future publish_at of a published row),
 * or null: the page cache must not keep a page past that moment (server/app.ts).
 */
export async function nextScheduledPublishAt(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ next: min(articles.publishAt) })
    .from(articles)
    .where(and(eq(articles.status, "published"), gt(articles.publishAt, sql`now()`)));
  return row?.next ? new Date(row.next) : null;
}

/** An article's content as the public page shows it: body rendered, author resolved. */
export async function presentArticle(db: Database, content: ArticleContent, publishedOn: string) {
  const hero = articleHero(content, content.heroAssetId ? await getPictureImage(db, content.heroAssetId) : null);
  const pictureNotes = await pictureNotesFor(db, imageSources(content.body?.content));
  const podcastLinks =
    content.podcastYoutubeUrl || content.podcastSpotifyUrl
      ? { youtube: content.podcastYoutubeUrl, spotify: content.podcastSpotifyUrl }
      : null;
  return {
    id: content.slug,
    title: content.title,
    publishedOn,
    category: categoryLabel(content.category),
    venue: content.venue,
    hero,
    image: articleShareImage(null, hero)?.path ?? null,
    excerpt: content.excerpt,
    html: renderRichText(content.body?.content, pictureNotes),
    author: resolveAuthor(content, brand.name),
    podcastLinks,
    seoTitle: content.seoTitle,
    seoDescription: content.seoDescription,
    // The picture the editor chose for link previews; without one, the drawn share card (ADR 0077).
    shareImage: content.shareImage ? { path: content.shareImage } : null,
  };
}

export type NewsArticle = Awaited<ReturnType<typeof presentArticle>>;

/** A public article: the preview's, with the round it follows (spoiler-free mode). */
export type PublicArticle = NewsArticle & { spoilerRound: SpoilerRound | null };

export type ArticleLookup = { found: "article"; article: PublicArticle } | { found: "redirect"; slug: string } | { found: "nothing" };

/**
 * A public article by slug. A slug the article answered to before a rename gives the current
 * slug to redirect to (only when that article is public: a redirect must not reveal a draft).
 */
export async function getArticle(db: Database, slug: string): Promise<ArticleLookup> {
  if (!isArticleId(slug)) return { found: "nothing" };
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.slug, slug), isPublicArticle()));
  if (row) {
    const content = { ...row, body: row.body ?? { type: "doc" as const, content: [] } };
    const [article, calendar] = await Promise.all([presentArticle(db, content, row.publishedOn), getCalendarRounds(db)]);
    return { found: "article", article: { ...article, spoilerRound: articleRoundOf(article, calendar) } };
  }
  const [moved] = await db
    .select({ slug: articles.slug })
    .from(articleSlugRedirects)
    .innerJoin(articles, eq(articles.id, articleSlugRedirects.articleId))
    .where(and(eq(articleSlugRedirects.oldSlug, slug), isPublicArticle()));
  return moved ? { found: "redirect", slug: moved.slug } : { found: "nothing" };
}
