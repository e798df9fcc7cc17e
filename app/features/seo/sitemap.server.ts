import { asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { articles, products, teamMembers } from "../../../db/schema";
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
    db.select({ id: articles.id, publishedOn: articles.publishedOn }).from(articles).orderBy(asc(articles.publishedOn)),
    db.select({ id: teamMembers.id }).from(teamMembers).where(isNull(teamMembers.deletedAt)).orderBy(asc(teamMembers.id)),
    db.select({ slug: products.slug }).from(products).where(eq(products.active, true)).orderBy(asc(products.sortOrder)),
  ]);
  return [
    ...staticPaths.map((path) => ({ path })),
    ...articleRows.map((article) => ({ path: `/news/${article.id}`, lastModified: article.publishedOn })),
    ...memberRows.map((member) => ({ path: `/team/${member.id}` })),
    ...productRows.map((product) => ({ path: `/store/${product.slug}` })),
  ];
}
