import { brand } from "~/brand";
import { categoryLabel } from "./news-filter";
import { absoluteUrl } from "~/lib/meta";
import { articlePath } from "./news-links";
import { escapeXml } from "~/lib/xml";

export interface FeedArticle {
  id: string;
  title: string;
  excerpt: string;
  category: string;
  /** YYYY-MM-DD */
  publishedOn: string;
}

/** "2025-04-06" → "Sun, 06 Apr 2025 00:00:00 GMT", the RFC 822 date RSS readers expect. */
export function rfc822Date(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a calendar date: ${isoDate}`);
  return date.toUTCString();
}

/** RSS 2.0 for /news/rss.xml; items in the order given (newest first). */
export function buildNewsRss(publicUrl: string, articles: readonly FeedArticle[]): string {
  const newsUrl = absoluteUrl(publicUrl, "/news");
  const items = articles.map((article) => {
    const link = escapeXml(absoluteUrl(publicUrl, articlePath(article.id)));
    return [
      "    <item>",
      `      <title>${escapeXml(article.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${rfc822Date(article.publishedOn)}</pubDate>`,
      `      <description>${escapeXml(article.excerpt)}</description>`,
      `      <category>${escapeXml(categoryLabel(article.category))}</category>`,
      "    </item>",
    ].join("\n");
  });
  const newest = articles.reduce<string | null>(
    (latest, article) => (latest === null || article.publishedOn > latest ? article.publishedOn : latest),
    null,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(`${brand.name} News`)}</title>`,
    `    <link>${escapeXml(newsUrl)}</link>`,
    `    <description>${escapeXml(`Race reports, team news, technical features and interviews from ${brand.name}.`)}</description>`,
    "    <language>en-gb</language>",
    `    <atom:link href="${escapeXml(absoluteUrl(publicUrl, "/news/rss.xml"))}" rel="self" type="application/rss+xml" />`,
    ...(newest ? [`    <lastBuildDate>${rfc822Date(newest)}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
