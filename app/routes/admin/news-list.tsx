import { data, Form, Link } from "react-router";
import type { Route } from "./+types/news-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { ARTICLE_STATE_LABELS, ARTICLE_STATES } from "~/features/news/article-states";
import { STATE_TONES } from "~/features/news/desk/state-badge";
import { deskFilterSearch, parseDeskFilter } from "~/features/news/desk/desk-filter";
import { listDeskArticles } from "~/features/news/news-desk-reads.server";
import { appContext } from "~/context";
import { formatCalendarDate, formatUkDateTime } from "~/lib/dates";
import { Pagination } from "~/components/ui/pagination";

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const filter = parseDeskFilter(url.searchParams);
  const list = await listDeskArticles(context.db, filter);
  return data(
    {
      filter,
      total: list.total,
      pageCount: list.pageCount,
      articles: list.articles.map((row) => ({
        ...row,
        publishAt: row.publishAt?.toISOString() ?? null,
        updatedAt: row.updatedAt.toISOString(),
      })),
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export const meta: Route.MetaFunction = () => [{ title: "News desk · Back office" }, { name: "robots", content: "noindex, nofollow" }];

export default function NewsDeskList({ loaderData }: Route.ComponentProps) {
  const { filter, articles, total, pageCount } = loaderData;
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold uppercase">News desk</h1>
        <LinkButton to="/admin/news/new">New article</LinkButton>
      </div>

      <Form method="get" className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
        <label className="flex flex-1 flex-col gap-1.5 text-sm font-medium">
          Search
          <input type="search" name="q" defaultValue={filter.query} placeholder="Title, slug or excerpt" className={inputClasses} />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium sm:w-48">
          State
          <select name="state" defaultValue={filter.state} className={inputClasses}>
            <option value="all">All states</option>
            {ARTICLE_STATES.map((state) => (
              <option key={state} value={state}>
                {ARTICLE_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>

      <p className="mt-4 text-sm text-muted" role="status">
        {total === 1 ? "1 article" : `${total} articles`}
      </p>

      {articles.length === 0 ? (
        <p className="mt-6 rounded-card border border-dashed border-line px-6 py-10 text-center text-muted">No article matches.</p>
      ) : (
        <ul className="mt-4 divide-y divide-line rounded-card border border-line">
          {articles.map((article) => (
            <li key={article.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <Link to={`/admin/news/${article.id}`} className="font-semibold text-text hover:text-accent-text hover:underline">
                  {article.title}
                </Link>
                <p className="truncate text-sm text-muted">
                  /news/{article.slug} · {article.category}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap items-center gap-2 text-sm text-muted">
                <Badge tone={STATE_TONES[article.state]}>{ARTICLE_STATE_LABELS[article.state]}</Badge>
                {article.stagedAt && <Badge tone="warning">Unpublished changes</Badge>}
                {article.state === "scheduled" && article.publishAt ? (
                  <span>{formatUkDateTime(article.publishAt)}</span>
                ) : (
                  <span>{formatCalendarDate(article.publishedOn)}</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <Pagination
        page={filter.page}
        pageCount={pageCount}
        href={(page) => deskFilterSearch(filter, page) || "?"}
        previous="← Newer"
        next="Older →"
      />
    </section>
  );
}
