/** Who an article is by: its own author, or the podcast host who presents the team's coverage. */

export const DEFAULT_AUTHOR_TITLE = "Sports Presenter & Producer";

export interface ArticleAuthor {
  name: string;
  title: string | null;
  image: string | null;
  linkedin: string | null;
}

export interface StoredAuthorFields {
  authorName: string | null;
  authorTitle: string | null;
  authorImage: string | null;
  authorLinkedin: string | null;
}

/** Null only when the article names no author and there is no podcast host to fall back on. */
export function resolveAuthor(article: StoredAuthorFields, podcastHostName: string | null): ArticleAuthor | null {
  if (article.authorName) {
    return {
      name: article.authorName,
      title: article.authorTitle,
      image: article.authorImage,
      linkedin: article.authorLinkedin,
    };
  }
  if (!podcastHostName) return null;
  return { name: podcastHostName, title: DEFAULT_AUTHOR_TITLE, image: null, linkedin: null };
}
