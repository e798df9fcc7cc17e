import type { MetaDescriptor } from "react-router";
import { brand, pageTitle } from "~/brand";

/** The parts of React Router's meta arguments the tags need: the path and the root loader's public URL. */
export interface PageMetaArgs {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

export interface PageMetaOptions {
  title?: string;
  description: string;
  /** The page's one canonical path; defaults to the requested path. `null` for pages search engines should skip. */
  path?: string | null;
  /** A picture for link previews; defaults to the site's card. */
  image?: string;
  type?: "website" | "article";
}

export const DEFAULT_SHARE_IMAGE = "/media/share-card.png";

/** Title, description, canonical link, Open Graph and Twitter card tags for a page. */
export function pageMeta(args: PageMetaArgs, { title, description, path, image, type = "website" }: PageMetaOptions): MetaDescriptor[] {
  const fullTitle = pageTitle(title);
  const publicUrl = rootPublicUrl(args);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: brand.name },
    { property: "og:image", content: absoluteUrl(publicUrl, image ?? DEFAULT_SHARE_IMAGE) },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (path === null) return [...tags, { name: "robots", content: "noindex" }];
  const url = absoluteUrl(publicUrl, path ?? args.location.pathname);
  return [...tags, { tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url }];
}

/** An absolute URL on this site, or the URL itself when it already is one. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

function rootPublicUrl(args: PageMetaArgs): string {
  const root = args.matches.find((match) => match?.id === "root")?.loaderData;
  if (root && typeof root === "object" && "publicUrl" in root && typeof root.publicUrl === "string") return root.publicUrl;
  return "";
}
