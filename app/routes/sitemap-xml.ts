import type { Route } from "./+types/sitemap-xml";
import { buildSitemap } from "~/features/seo/sitemap";
import { sitemapEntries } from "~/features/seo/sitemap.server";
import { appContext } from "~/context";

export async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  return new Response(buildSitemap(context.publicUrl, await sitemapEntries(context.db)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
