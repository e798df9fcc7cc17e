import type { Route } from "./+types/robots-txt";
import { buildRobotsTxt } from "~/features/seo/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(buildRobotsTxt(context.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
