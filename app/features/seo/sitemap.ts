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

/**
 * Private pages (accounts, checkout, newsletter links) are kept out of search results by an
 * `X-Robots-Tag: noindex` header (and their pages' `robots` meta), not by
 * robots.txt: a crawler that obeys a Disallow never fetches the page, so it never reads the
 * noindex, and the address can still be listed from links elsewhere (ADR 0076). The back office
 * has its own, stronger header (`noindex, nofollow`, server/app.ts).
 */
const PRIVATE_PATH =
  /^\/(?:(?:dashboard|login|logout|cart|checkout|order-confirmation|forgot-password|reset-password|verify-email)(?:[/.]|$)|newsletter\/)/;

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PATH.test(pathname);
}

export function buildRobotsTxt(publicUrl: string): string {
  return ["User-agent: *", "Disallow:", "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n");
}
