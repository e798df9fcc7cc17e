import type { Route } from "./+types/sitemap-xml";
import { buildSitemap } from "~/features/seo/sitemap";
import { sitemapEntries } from "~/features/seo/sitemap.server";

export async function loader({ context }: Route.LoaderArgs) {
  return new Response(buildSitemap(context.publicUrl, await sitemapEntries(context.db)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
