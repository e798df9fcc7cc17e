import { data, redirect } from "react-router";
import type { Route } from "./+types/news-article";
import { LinkButton } from "~/components/ui/link-button";
import { ArticlePage } from "~/features/news/article-page";
import { articlePath } from "~/features/news/news-links";
import { articleMeta } from "~/features/news/news-seo";
import { articleShareCard, shareCardImage } from "~/features/share-cards/cards.server";
import { getArticle } from "~/features/news/news.server";
import { hiddenArticleTitle } from "~/features/news/article-round";
import { SPOILER_FREE_TITLE_META, SPOILER_ROUND_ATTRIBUTE } from "~/features/spoiler-free/head-script";
import { pageTitle } from "~/brand";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

// Serves both /news/{slug} and /race-reports/{slug}; the canonical URL is always /news/{slug}.
// A slug the article had before a rename answers with a 301 to its current one.
export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const lookup = await getArticle(context.db, params.reportId);
  if (lookup.found === "redirect") throw redirect(articlePath(lookup.slug), 301);
  if (lookup.found === "nothing") return data({ article: null, publicUrl: context.publicUrl, shareImage: null }, { status: 404 });
  const { article } = lookup;
  return {
    article,
    publicUrl: context.publicUrl,
    shareImage: article.shareImage ?? (await shareCardImage(context.db, articleShareCard(article))),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const article = args.loaderData?.article;
  if (!article) {
    return pageMeta(args, { path: null, title: "Report not found", description: "This news report doesn't exist or has been moved." });
  }
  return [
    ...pageMeta(args, {
      title: article.seoTitle ?? article.title,
      description: article.seoDescription ?? article.excerpt,
      path: articlePath(article.id),
      image: args.loaderData.shareImage ?? undefined,
      type: "article",
    }),
    ...articleMeta(article),
    // The tab's title while spoiler-free mode hides the article's round: the headline might give the result away (ADR 0143).
    ...(article.spoilerRound
      ? [
          {
            name: SPOILER_FREE_TITLE_META,
            content: pageTitle(hiddenArticleTitle(article.category, article.spoilerRound)),
            [SPOILER_ROUND_ATTRIBUTE]: article.spoilerRound.id,
          },
        ]
      : []),
  ];
};

export default function NewsArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, publicUrl } = loaderData;
  if (!article) return <ReportNotFound />;
  return <ArticlePage article={article} publicUrl={publicUrl} />;
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
