import { data } from "react-router";
import type { Route } from "./+types/news-article";
import { JsonLd } from "~/components/json-ld";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/link-button";
import { AuthorBlock, PodcastLinksPanel } from "~/features/news/article-parts";
import { NEWS_IMAGE_SIZE } from "~/features/news/news-image";
import { articlePath } from "~/features/news/news-links";
import { articleJsonLd, articleMeta } from "~/features/news/news-seo";
import { getArticle } from "~/features/news/news.server";
import { formatCalendarDate } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";

// Serves both /news/{id} and /race-reports/{id}; the canonical URL is always /news/{id}.
export async function loader({ params, context }: Route.LoaderArgs) {
  const article = await getArticle(context.db, params.reportId);
  if (!article) return data({ article: null, publicUrl: context.publicUrl }, { status: 404 });
  return { article, publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = (args) => {
  const article = args.loaderData?.article;
  if (!article) {
    return pageMeta(args, { path: null, title: "Report not found", description: "This news report doesn't exist or has been moved." });
  }
  return [
    ...pageMeta(args, {
      title: article.title,
      description: article.excerpt,
      path: articlePath(article.id),
      image: article.image,
      type: "article",
    }),
    ...articleMeta(article),
  ];
};

export default function NewsArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, publicUrl } = loaderData;
  if (!article) return <ReportNotFound />;

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

function ReportNotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <h1 className="text-4xl font-bold uppercase sm:text-5xl">Report not found</h1>
      <p className="mt-4 text-muted">This report doesn't exist or has been moved. The latest news is one click away.</p>
      <div className="mt-8">
        <LinkButton to="/news">Back to News</LinkButton>
      </div>
    </section>
  );
}
