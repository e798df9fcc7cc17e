/** Pure builders for /sitemap.xml and /robots.txt. */
import { escapeXml } from "~/lib/xml";

export interface SitemapEntry {
  path: string;
  /** YYYY-MM-DD */
  lastModified?: string;
}

export function buildSitemap(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastModified = entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : "";
    return `  <url><loc>${escapeXml(`${publicUrl}${entry.path}`)}</loc>${lastModified}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** Private pages (accounts, checkout) are kept out of search results. */
export const disallowedPaths = ["/dashboard", "/login", "/cart", "/checkout", "/order-confirmation", "/newsletter/"];

export function buildRobotsTxt(publicUrl: string): string {
  return ["User-agent: *", ...disallowedPaths.map((path) => `Disallow: ${path}`), "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join(
    "\n",
  );
}
