import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("terms", "routes/legal.tsx", { id: "legal-terms" }),
  route("privacy", "routes/legal.tsx", { id: "legal-privacy" }),
  route("returns", "routes/legal.tsx", { id: "legal-returns" }),
  route("cookies", "routes/legal.tsx", { id: "legal-cookies" }),
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
