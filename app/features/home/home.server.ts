import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { articles, teamMembers } from "../../../db/schema";
import { getFemaleSideMembers } from "../team/members.server";
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

export interface HomeTeamTile {
  key: string;
  name: string;
  role: string;
  image: string;
  video: string | null;
}

/** The home page's team strip: the Chief Mechanic, then the Female Side in their order. */
export async function getHomeTeamTiles(db: Database): Promise<HomeTeamTile[]> {
  const [chiefMechanics, femaleSide] = await Promise.all([
    db.select().from(teamMembers).where(and(eq(teamMembers.role, "Chief Mechanic"), isNull(teamMembers.deletedAt))).limit(1),
    getFemaleSideMembers(db),
  ]);
  return [
    ...chiefMechanics.map((m) => ({ key: `member-${m.id}`, name: m.name, role: m.role, image: m.image, video: m.video })),
    ...femaleSide.map((m) => ({ key: m.id, name: m.name, role: m.role, image: m.image, video: m.video })),
  ];
}
