import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { products, teamMembers } from "../../../db/schema";
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
];

export async function sitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const [articleRows, memberRows, productRows] = await Promise.all([
    getSitemapArticles(db),
    db.select({ id: teamMembers.id }).from(teamMembers).orderBy(asc(teamMembers.id)),
    db.select({ slug: products.slug }).from(products).where(eq(products.active, true)).orderBy(asc(products.sortOrder)),
  ]);
  return [
    ...staticPaths.map((path) => ({ path })),
    ...articleRows.map((article) => ({ path: `/news/${article.slug}`, lastModified: article.publishedOn })),
    ...memberRows.map((member) => ({ path: `/team/${member.id}` })),
    ...productRows.map((product) => ({ path: `/store/${product.slug}` })),
  ];
}
