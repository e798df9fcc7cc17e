import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { articles, heroSlides, teamMembers } from "../../../db/schema";
import { pathOnThisSite } from "~/lib/site-path";
import { getCalendarRounds, isPublicArticle } from "../news/news.server";
import { categoryLabel } from "../news/news-filter";
import { articleRoundOf, hiddenArticleTitle, type CalendarRound } from "../news/article-round";
import { getFemaleSideMembers } from "../team/members.server";
import { withLibraryPhotos } from "../media/media.server";
import type { PictureImage } from "../media/media";
import type { HeroSlide } from "./hero-slider";

/**
 * The hero slides staff keep at /admin/content/hero-slides, in their order. A slide that leads
 * to an article shows only while the article is public (a draft or a scheduled report would
 * otherwise be announced, and its link would answer 404). A slide whose link leaves the site
 * (saved before the desk checked links as browsers read them) is left out. A slide that leads to an
 * article carries the round the article follows, which spoiler-free mode hides its words with (ADR 0143).
 */
export async function getHeroSlides(db: Database): Promise<HeroSlide[]> {
  const [rows, calendar] = await Promise.all([
    db
      .select({
        id: heroSlides.id,
        title: heroSlides.title,
        subtitle: heroSlides.subtitle,
        image: heroSlides.image,
        photoAssetId: heroSlides.photoAssetId,
        href: heroSlides.href,
        articleCategory: articles.category,
        articlePublishedOn: articles.publishedOn,
      })
      .from(heroSlides)
      .leftJoin(articles, eq(heroSlides.href, sql`'/news/' || ${articles.slug}`))
      .where(and(isNull(heroSlides.deletedAt), or(isNull(articles.id), isPublicArticle())))
      .orderBy(asc(heroSlides.sortOrder), asc(heroSlides.id)),
    getCalendarRounds(db),
  ]);
  const slides = await withLibraryPhotos(db, rows, (row) => row.photoAssetId);
  return slides
    .filter((slide) => pathOnThisSite(slide.href) !== null)
    .map(({ photoAssetId: _assetId, articleCategory, articlePublishedOn, ...slide }) => ({
      ...slide,
      spoiler: spoilerOf(articleCategory, articlePublishedOn, calendar),
    }));
}

/** A slide's round and spoiler-safe title, when it leads to an article that follows a round. */
function spoilerOf(category: string | null, publishedOn: string | null, calendar: CalendarRound[]): HeroSlide["spoiler"] {
  const round = category && publishedOn ? articleRoundOf({ publishedOn }, calendar) : null;
  return round && { round, title: hiddenArticleTitle(categoryLabel(category!), round) };
}

export interface HomeTeamTile {
  key: string;
  name: string;
  role: string;
  image: string;
  photo: PictureImage | null;
  video: string | null;
}

/** The home page's team strip: the Chief Mechanic, then the Female Side in their order. */
export async function getHomeTeamTiles(db: Database): Promise<HomeTeamTile[]> {
  const [chiefMechanics, femaleSide] = await Promise.all([
    db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.role, "Chief Mechanic"), isNull(teamMembers.deletedAt)))
      .limit(1)
      .then((rows) => withLibraryPhotos(db, rows, (row) => row.photoAssetId)),
    getFemaleSideMembers(db),
  ]);
  return [
    ...chiefMechanics.map((m) => ({ key: `member-${m.id}`, name: m.name, role: m.role, image: m.image, photo: m.photo, video: m.video })),
    ...femaleSide.map((m) => ({ key: m.id, name: m.name, role: m.role, image: m.image, photo: m.photo, video: m.video })),
  ];
}
