/**
 * Who an article is by: its own author, or else the team itself. An article nobody signed is
 * never credited to a person who did not write it (issue 37: it used to fall back to the
 * podcast host); see docs/decisions/0105-unsigned-articles-are-the-teams.md.
 */

export interface ArticleAuthor {
  name: string;
  title: string | null;
  image: string | null;
  linkedin: string | null;
  /** True when the byline is the team (an Organization to search engines), not a person. */
  isTeam: boolean;
}

export interface StoredAuthorFields {
  authorName: string | null;
  authorTitle: string | null;
  authorImage: string | null;
  authorLinkedin: string | null;
}

export function resolveAuthor(article: StoredAuthorFields, teamName: string): ArticleAuthor {
  if (article.authorName?.trim()) {
    return {
      name: article.authorName,
      title: article.authorTitle,
      image: article.authorImage,
      linkedin: article.authorLinkedin,
      isTeam: false,
    };
  }
  return { name: teamName, title: null, image: null, linkedin: null, isTeam: true };
}
