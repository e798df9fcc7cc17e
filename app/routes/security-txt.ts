import type { Route } from "./+types/security-txt";
import { buildSecurityTxt } from "~/features/seo/security-txt";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(buildSecurityTxt(context.publicUrl, new Date()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
