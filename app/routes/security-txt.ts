import type { Route } from "./+types/security-txt";
import { buildSecurityTxt } from "~/features/seo/security-txt";
import { appContext } from "~/context";

export function loader({ context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  return new Response(buildSecurityTxt(context.publicUrl, new Date()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
