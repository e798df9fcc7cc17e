import { useId } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { formatCalendarDate } from "~/lib/dates";
import { buildSizes } from "~/features/media/media";
import { ArticleHeroImage } from "./article-hero-image";
import type { ArticleHero } from "./news-image";
import { hiddenArticleKind } from "./article-round";
import { articlePath } from "./news-links";
import { SpoilerGuard, type SpoilerRound } from "~/features/spoiler-free/spoiler-guard";

export interface NewsCardArticle {
  id: string;
  title: string;
  /** YYYY-MM-DD */
  publishedOn: string;
  category: string;
  hero: ArticleHero;
  excerpt: string;
  /** The round the article follows: the whole card is hidden with it in spoiler-free mode (ADR 0143). */
  spoilerRound?: SpoilerRound | null;
}

// One column on a phone, two from 40rem, three from 64rem, in a 80rem-wide page.
const CARD_SIZES = buildSizes(
  [
    ["80rem", "400px"],
    ["64rem", "33vw"],
    ["40rem", "50vw"],
  ],
  "100vw",
);

interface NewsCardProps {
  article: NewsCardArticle;
  /** 2 under a page title, 3 under a section heading. */
  headingLevel?: 2 | 3;
  /** Load the image at once: for cards in the first screenful. */
  eager?: boolean;
  /** How wide the picture is drawn, when not a card in the usual grid (the news list's lead story). */
  imageSizes?: string;
}

export function NewsCard({ article, headingLevel = 2, eager = false, imageSizes = CARD_SIZES }: NewsCardProps) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const card = (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface transition-colors hover:border-muted"
    >
      <ArticleHeroImage hero={article.hero} sizes={imageSizes} priority={eager ? "eager" : "lazy"} />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted">
          <Badge tone="accent">{article.category}</Badge>
          <time dateTime={article.publishedOn}>{formatCalendarDate(article.publishedOn)}</time>
        </div>
        <Heading id={titleId} className="mt-3 text-2xl font-bold leading-tight">
          {article.title}
        </Heading>
        <p className="mt-2 mb-4 text-muted">{article.excerpt}</p>
        <Link
          to={articlePath(article.id)}
          className="mt-auto inline-flex min-h-11 items-center gap-1 self-start font-semibold uppercase tracking-wide text-accent-text hover:underline"
        >
          Read More<span className="sr-only">: {article.title}</span>
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
  if (!article.spoilerRound) return card;
  return (
    <SpoilerGuard rounds={[article.spoilerRound]} what={hiddenArticleKind(article.category)} className="h-full">
      {card}
    </SpoilerGuard>
  );
}
