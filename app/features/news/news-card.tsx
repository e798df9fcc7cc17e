import { useId } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cx } from "~/components/ui/cx";
import { formatCalendarDate } from "~/lib/dates";
import { buildSizes } from "~/features/media/media";
import { ArticleHeroImage } from "./article-hero-image";
import type { ArticleHero } from "./news-image";
import { articlePath } from "./news-links";

export interface NewsCardArticle {
  id: string;
  title: string;
  /** YYYY-MM-DD */
  publishedOn: string;
  category: string;
  hero: ArticleHero;
  excerpt: string;
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

// The lead story: the page's width on a phone and tablet, three fifths of it beside its text from 64rem.
const LEAD_SIZES = buildSizes(
  [
    ["80rem", "760px"],
    ["64rem", "60vw"],
  ],
  "100vw",
);

interface NewsCardProps {
  article: NewsCardArticle;
  /** 2 under a page title, 3 under a section heading. */
  headingLevel?: 2 | 3;
  /** Load the image at once: for cards in the first screenful. */
  eager?: boolean;
  /** The latest story at the top of the news list: wide, its picture beside the text on a desktop. */
  lead?: boolean;
}

export function NewsCard({ article, headingLevel = 2, eager = false, lead = false }: NewsCardProps) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      aria-labelledby={titleId}
      className={cx(
        "flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface transition-colors hover:border-muted",
        lead && "lg:grid lg:grid-cols-[3fr_2fr]",
      )}
    >
      <ArticleHeroImage hero={article.hero} sizes={lead ? LEAD_SIZES : CARD_SIZES} priority={eager ? "eager" : "lazy"} className={lead ? "lg:h-full" : undefined} />
      <div className={cx("flex flex-1 flex-col p-5", lead && "sm:p-8 lg:justify-center")}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted">
          <Badge tone="accent">{article.category}</Badge>
          <time dateTime={article.publishedOn}>{formatCalendarDate(article.publishedOn)}</time>
        </div>
        <Heading id={titleId} className={cx("mt-3 font-bold leading-tight", lead ? "text-3xl sm:text-4xl" : "text-2xl")}>
          {article.title}
        </Heading>
        <p className={cx("mt-2 mb-4 text-muted", lead && "sm:text-lg")}>{article.excerpt}</p>
        <Link
          to={articlePath(article.id)}
          className={cx(
            "inline-flex min-h-11 items-center gap-1 self-start font-semibold uppercase tracking-wide text-accent-text hover:underline",
            lead ? "lg:mt-2" : "mt-auto",
          )}
        >
          Read More<span className="sr-only">: {article.title}</span>
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}
