import type { MetaDescriptor } from "react-router";
import { brand } from "~/brand";
import type { ArticleAuthor } from "./news-author";
import { absoluteUrl, articlePath } from "./news-links";

export interface ArticleSeoFields {
  id: string;
  title: string;
  excerpt: string;
  publishedOn: string;
  image: string;
  author: ArticleAuthor | null;
}

/** schema.org NewsArticle for search engines; every URL absolute and canonical. */
export function articleJsonLd(article: ArticleSeoFields, publicUrl: string) {
  const url = absoluteUrl(publicUrl, articlePath(article.id));
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.title,
    description: article.excerpt,
    datePublished: article.publishedOn,
    image: [absoluteUrl(publicUrl, article.image)],
    mainEntityOfPage: url,
    url,
    ...(article.author && {
      author: {
        "@type": "Person",
        name: article.author.name,
        ...(article.author.title && { jobTitle: article.author.title }),
        ...(article.author.linkedin && { sameAs: [article.author.linkedin] }),
      },
    }),
    publisher: { "@type": "Organization", name: brand.name, url: publicUrl },
  };
}

/** JSON for an inline <script>: "<" is escaped so no text in it can close the element. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** Canonical link, Open Graph and Twitter card tags for an article, whichever URL served it. */
export function articleSocialMeta(article: ArticleSeoFields, publicUrl: string): MetaDescriptor[] {
  const url = absoluteUrl(publicUrl, articlePath(article.id));
  return [
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:url", content: url },
    { property: "og:image", content: absoluteUrl(publicUrl, article.image) },
    { property: "og:site_name", content: brand.name },
    { property: "article:published_time", content: article.publishedOn },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
