import type { Route } from "./+types/robots-txt";
import { buildRobotsTxt } from "~/features/seo/sitemap";
import { appContext } from "~/context";

export function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  return new Response(buildRobotsTxt(context.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
