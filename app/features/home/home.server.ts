import { asc, isNotNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { articles } from "../../../db/schema";
import type { HeroSlide } from "./hero-slider";

/** The articles the team picked for the hero (those with a hero title), oldest first. */
export async function getHeroSlides(db: Database): Promise<HeroSlide[]> {
  const rows = await db
    .select({ id: articles.id, title: articles.heroTitle, subtitle: articles.heroSubtitle })
    .from(articles)
    .where(isNotNull(articles.heroTitle))
    .orderBy(asc(articles.publishedOn))
    .limit(3);
  return rows.map((row, index) => ({
    articleId: row.id,
    title: row.title ?? "",
    subtitle: row.subtitle ?? "",
    image: `/media/hero/hero-${index + 1}.svg`,
  }));
}
