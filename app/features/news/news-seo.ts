import type { MetaDescriptor } from "react-router";
import { brand } from "~/brand";
import type { ArticleAuthor } from "./news-author";
import { absoluteUrl } from "~/lib/meta";
import { articlePath } from "./news-links";

export interface ArticleSeoFields {
  id: string;
  title: string;
  excerpt: string;
  publishedOn: string;
  /** The hero as one file (a library photo's WebP variant, or the art); null when there is none. */
  image: string | null;
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
    ...(article.image && { image: [absoluteUrl(publicUrl, article.image)] }),
    mainEntityOfPage: url,
    url,
    ...(article.author && {
      author: {
        "@type": article.author.isTeam ? "Organization" : "Person",
        name: article.author.name,
        ...(article.author.title && { jobTitle: article.author.title }),
        ...(article.author.linkedin && { sameAs: [article.author.linkedin] }),
      },
    }),
    publisher: { "@type": "Organization", name: brand.name, url: publicUrl },
  };
}

/** The tags an article adds to the page's own (see pageMeta). */
export function articleMeta(article: ArticleSeoFields): MetaDescriptor[] {
  return [{ property: "article:published_time", content: article.publishedOn }];
}
