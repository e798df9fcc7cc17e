import { JsonLd } from "~/components/json-ld";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/link-button";
import { formatCalendarDate } from "~/lib/dates";
import { AuthorBlock, PodcastLinksPanel } from "./article-parts";
import { NEWS_IMAGE_SIZE } from "./news-image";
import { articleJsonLd } from "./news-seo";
import type { NewsArticle } from "./news.server";

/**
 * The public article layout. The article page and the staff preview (/admin/news/:id/preview/:revision)
 * both render this, so a preview is the real page, not a look-alike.
 */
export function ArticlePage({ article, publicUrl }: { article: NewsArticle; publicUrl: string }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <JsonLd data={articleJsonLd(article, publicUrl)} />
      <LinkButton to="/news" variant="ghost" size="sm" className="-ml-3 mb-6">
        ← Back to News
      </LinkButton>
      {/* The headline says what the picture shows, so screen readers skip it. */}
      <img
        src={article.image}
        alt=""
        width={NEWS_IMAGE_SIZE.width}
        height={NEWS_IMAGE_SIZE.height}
        fetchPriority="high"
        decoding="async"
        className="aspect-video w-full rounded-card border border-line bg-surface-raised object-cover"
        style={{ objectPosition: article.objectPosition }}
      />
      <div className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted">
        <Badge tone="accent">{article.category}</Badge>
        <p>
          <time dateTime={article.publishedOn}>{formatCalendarDate(article.publishedOn)}</time>
          <span aria-hidden="true">{"\u00a0· "}</span>
          {article.venue}
        </p>
      </div>
      <h1 className="mt-4 text-3xl font-bold uppercase leading-tight sm:text-5xl">{article.title}</h1>
      {article.author && (
        <div className="mt-8">
          <AuthorBlock author={article.author} />
        </div>
      )}
      <div className="prose-text mt-8 text-lg" dangerouslySetInnerHTML={{ __html: article.html }} />
      {article.podcastLinks && <PodcastLinksPanel links={article.podcastLinks} />}
      <div className="mt-12 border-t border-line pt-8">
        <LinkButton to="/news" variant="secondary">
          More News & Updates
        </LinkButton>
      </div>
    </article>
  );
}
