import { asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { products, seasons, teamMembers } from "../../../db/schema";
import { getPublicSeasonYear } from "~/features/calendar/season.server";
import { getSitemapArticles } from "../news/news.server";
import type { SitemapEntry } from "./sitemap";

const staticPaths = [
  "/",
  "/team",
  "/calendar",
  "/news",
  "/gallery",
  "/store",
  "/partners",
  "/partner-packages",
  "/contact",
  "/female-side",
  "/podcast",
  "/terms",
  "/privacy",
  "/cookies",
  "/returns",
  "/accessibility",
];

export async function sitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const [articleRows, memberRows, productRows, seasonRows, siteSeasonYear] = await Promise.all([
    getSitemapArticles(db),
    db.select({ id: teamMembers.id }).from(teamMembers).where(isNull(teamMembers.deletedAt)).orderBy(asc(teamMembers.id)),
    db.select({ slug: products.slug }).from(products).where(eq(products.active, true)).orderBy(asc(products.sortOrder)),
    db.select({ year: seasons.year }).from(seasons).where(eq(seasons.published, true)).orderBy(asc(seasons.year)),
    getPublicSeasonYear(db),
  ]);
  return [
    ...staticPaths.map((path) => ({ path })),
    ...articleRows.map((article) => ({ path: `/news/${article.slug}`, lastModified: article.publishedOn })),
    // The site's own season is /calendar itself; every other published season has its own address.
    ...seasonRows.filter((season) => season.year !== siteSeasonYear).map((season) => ({ path: `/calendar?season=${season.year}` })),
    ...memberRows.map((member) => ({ path: `/team/${member.id}` })),
    ...productRows.map((product) => ({ path: `/store/${product.slug}` })),
  ];
}
