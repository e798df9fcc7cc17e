import { useNavigation } from "react-router";
import type { Route } from "./+types/news";
import { brand } from "~/brand";
import { cx } from "~/components/ui/cx";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { NewsCard } from "~/features/news/news-card";
import { isFiltered, parseNewsFilter } from "~/features/news/news-filter";
import { NewsCategoryFilter, NewsSearchForm } from "~/features/news/news-filters";
import { getNewsList } from "~/features/news/news.server";
import { JsonLd } from "~/components/json-ld";
import { linkListJsonLd } from "~/features/seo/structured-data";
import { articlePath } from "~/features/news/news-links";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";
import { hydrateLater } from "~/components/hydrate-later";

// A link to /notifications in the server's HTML: its script comes after the page's first (ADR 0093).
const NotifyMe = hydrateLater(() => import("~/features/push/notify-me").then((m) => m.NotifyMe));

/** Cards in the first screenful load their pictures at once; the rest wait for scrolling. */
const EAGER_CARDS = 3;

/**
 * The latest story leads the full list: the row's width, a larger headline, and from 64rem its
 * picture (three fifths) beside its text. Styled from here so the home page's cards carry none of it.
 * A race report's card sits in spoiler-free mode's guard, so the selectors look for the article at any depth.
 */
const LEAD_STORY =
  "sm:col-span-2 lg:col-span-3 [&_article]:lg:grid [&_article]:lg:grid-cols-[3fr_2fr] [&_img]:lg:h-full " +
  "[&_article>div]:sm:p-8 [&_article>div]:lg:justify-center [&_article_h2]:text-3xl [&_article_h2]:sm:text-4xl [&_h2+p]:sm:text-lg [&_article_a]:lg:mt-2";
const LEAD_SIZES = "(min-width: 80rem) 760px, (min-width: 64rem) 60vw, 100vw";

export async function loader({ url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const filter = parseNewsFilter(url.searchParams);
  const list = await getNewsList(context.db, filter);
  return { filter, ...list, publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    path: "/news",
    title: "News & Updates",
    description: `Race reports, team news, technical features, interviews and events from ${brand.name}.`,
  }),
  { tagName: "link", rel: "alternate", type: "application/rss+xml", title: `${brand.name} News`, href: "/news/rss.xml" },
];

export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const { filter, articles, total, publicUrl } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/news";

  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <JsonLd
        data={
          import.meta.env.SSR
            ? linkListJsonLd(
                publicUrl,
                "News & Updates",
                articles.map((article) => ({ name: article.title, path: articlePath(article.id) })),
              )
            : null
        }
      />
      <SectionHeading
        level={1}
        eyebrow="From the paddock"
        title="News & Updates"
        description="Race reports, team news, technical insights and interviews from the Ridgeway Racing garage."
      />
      <NotifyMe className="mb-6" request={{ kinds: ["report"] }} about="new race reports" caption="When a race report is published" />
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="lg:order-2 lg:w-96">
          <NewsSearchForm filter={filter} />
        </div>
        <NewsCategoryFilter filter={filter} />
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
        <p role="status">
          {searching ? "Loading news..." : `Showing ${articles.length} of ${total} ${total === 1 ? "article" : "articles"}`}
        </p>
        <a href="/news/rss.xml" className="font-semibold text-accent-text hover:underline">
          RSS feed
        </a>
      </div>

      {articles.length > 0 ? (
        <ul
          aria-busy={searching}
          className={cx("mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3", searching && "opacity-60 transition-opacity")}
        >
          {articles.map((article, index) => {
            // The latest story leads the full list; a search or category shows plain matches.
            const lead = index === 0 && !isFiltered(filter);
            return (
              <li key={article.id} className={lead ? LEAD_STORY : undefined}>
                <NewsCard article={article} eager={index < EAGER_CARDS} imageSizes={lead ? LEAD_SIZES : undefined} />
              </li>
            );
          })}
        </ul>
      ) : (
        <NoArticlesMatch filtered={isFiltered(filter)} />
      )}
    </section>
  );
}

function NoArticlesMatch({ filtered }: { filtered: boolean }) {
  return (
    <div className="mt-6 rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
      <h2 className="text-2xl font-bold uppercase">No articles match</h2>
      <p className="mt-2 text-muted">{filtered ? "Try another search or category." : "There is no news yet. Check back soon."}</p>
      {filtered && (
        <div className="mt-6">
          <LinkButton to="/news" variant="secondary">
            Clear filters
          </LinkButton>
        </div>
      )}
    </div>
  );
}
