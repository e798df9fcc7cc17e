import { JsonLd } from "~/components/json-ld";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/link-button";
import { formatCalendarDate } from "~/lib/dates";
import { AuthorBlock, PodcastLinksPanel } from "./article-parts";
import { buildSizes } from "~/features/media/media";
import { ArticleHeroImage } from "./article-hero-image";
import { articleJsonLd } from "./news-seo";
import type { NewsArticle } from "./news.server";
import { GuardFrame, InlineSpoilerGuard, SpoilerGuard, type SpoilerRound } from "~/features/spoiler-free/spoiler-guard";
import { hiddenArticleKind, hiddenArticleTitle } from "./article-round";

// The column is 48rem wide less its padding; a phone's is the screen less 2rem.
const ARTICLE_HERO_SIZES = buildSizes([["48rem", "720px"]], "calc(100vw - 2rem)");

/**
 * The public article layout. The article page and the staff preview (/admin/news/:id/preview/:revision)
 * both render this, so a preview is the real page, not a look-alike.
 */
export function ArticlePage({ article, publicUrl }: { article: NewsArticle & { spoilerRound?: SpoilerRound | null }; publicUrl: string }) {
  const round = article.spoilerRound ?? null;
  const hero = (
    <ArticleHeroImage hero={article.hero} sizes={ARTICLE_HERO_SIZES} priority="lcp" className="rounded-card border border-line" />
  );
  const story = (
    <>
      {article.author && (
        <div className="mt-8">
          <AuthorBlock author={article.author} />
        </div>
      )}
      <div className="prose-text mt-8 text-lg" dangerouslySetInnerHTML={{ __html: article.html }} />
      {article.podcastLinks && <PodcastLinksPanel links={article.podcastLinks} />}
    </>
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <JsonLd data={import.meta.env.SSR ? articleJsonLd(article, publicUrl) : null} />
      <LinkButton to="/news" variant="ghost" size="sm" className="-ml-3 mb-6">
        ← Back to News
      </LinkButton>
      {/* An article that follows a round may tell its result: hidden with the round in spoiler-free mode (ADR 0143), its headline replaced by the round's name. */}
      {round ? (
        <SpoilerGuard rounds={[round]} what={hiddenArticleKind(article.category)}>
          {hero}
        </SpoilerGuard>
      ) : (
        hero
      )}
      <div className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted">
        <Badge tone="accent">{article.category}</Badge>
        <p>
          <time dateTime={article.publishedOn}>{formatCalendarDate(article.publishedOn)}</time>
          <span aria-hidden="true">{"\u00a0· "}</span>
          {article.venue}
        </p>
      </div>
      <h1 className="mt-4 text-3xl font-bold uppercase leading-tight sm:text-5xl">
        {round ? (
          <InlineSpoilerGuard roundIds={[round.id]} cover={hiddenArticleTitle(article.category, round)}>
            {article.title}
          </InlineSpoilerGuard>
        ) : (
          article.title
        )}
      </h1>
      {round ? (
        <GuardFrame
          rounds={[round]}
          cover={<p className="mt-8 text-muted">The article is hidden until you reveal Round {round.roundNumber}.</p>}
        >
          {story}
        </GuardFrame>
      ) : (
        story
      )}
      <div className="mt-12 border-t border-line pt-8">
        <LinkButton to="/news" variant="secondary">
          More News & Updates
        </LinkButton>
      </div>
    </article>
  );
}
