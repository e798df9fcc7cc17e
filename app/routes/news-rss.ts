import type { Route } from "./+types/news-rss";
import { buildNewsRss } from "~/features/news/news-rss";
import { getFeedArticles } from "~/features/news/news.server";
import { appContext } from "~/context";

export async function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  return new Response(buildNewsRss(context.publicUrl, await getFeedArticles(context.db)), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
