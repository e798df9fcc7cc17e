import type { ArticleContent } from "../../app/features/news/article-snapshot";

/** The optional fields of an article, all left empty: a test's article names only what it is about. */
export const NO_OPTIONAL_ARTICLE_FIELDS = {
  authorName: null,
  authorTitle: null,
  authorImage: null,
  authorLinkedin: null,
  podcastYoutubeUrl: null,
  podcastSpotifyUrl: null,
  seoTitle: null,
  seoDescription: null,
  shareImage: null,
} as const satisfies Partial<ArticleContent>;
