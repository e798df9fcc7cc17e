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
  /** A picture for link previews (a path, or a drawn share card with its size and alt text); defaults to the site's card. */
  image?: string | MetaImage;
  type?: "website" | "article";
}

/** A link preview picture: a path of this site (or an absolute URL), with its size and alt text when known. */
export interface MetaImage {
  path: string;
  width?: number;
  height?: number;
  alt?: string;
}

export const DEFAULT_SHARE_IMAGE: MetaImage = {
  path: "/media/share-card.png",
  width: 1200,
  height: 630,
  alt: `${brand.name}: a single-seater on track.`,
};

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
    ...imageTags(publicUrl, typeof image === "string" ? { path: image } : (image ?? DEFAULT_SHARE_IMAGE)),
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (path === null) return [...tags, { name: "robots", content: "noindex" }];
  const url = absoluteUrl(publicUrl, path ?? args.location.pathname);
  return [...tags, { tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url }];
}

/** og:image with its size and alt text when known (so a preview is laid out before the file arrives), and the same for X. */
function imageTags(publicUrl: string, image: MetaImage): MetaDescriptor[] {
  const url = absoluteUrl(publicUrl, image.path);
  return [
    { property: "og:image", content: url },
    ...(image.width && image.height
      ? [
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
        ]
      : []),
    ...(image.alt ? [{ property: "og:image:alt", content: image.alt }] : []),
    { name: "twitter:image", content: url },
    ...(image.alt ? [{ name: "twitter:image:alt", content: image.alt }] : []),
  ];
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
