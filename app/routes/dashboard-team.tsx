import { data } from "react-router";
import type { Route } from "./+types/dashboard-team";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { FormNotice } from "~/components/ui/form-notice";
import { NOT_FOR_PARAM, wrongDashboardNotice } from "~/features/account/roles";
import { requireUser } from "~/features/account/session.server";
import { NextRacePanel } from "~/features/calendar/next-race-panel";
import { getSeason } from "~/features/calendar/season.server";
import { NewsCard } from "~/features/news/news-card";
import { getLatestArticles } from "~/features/news/news.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

/** How many of the latest articles the team dashboard lists. */
const LATEST_NEWS_COUNT = 3;

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const user = await requireUser(request, context, { roles: ["team_member"] });
  const [season, news] = await Promise.all([getSeason(context.db), getLatestArticles(context.db, LATEST_NEWS_COUNT)]);
  const notice = wrongDashboardNotice(url.searchParams.get(NOT_FOR_PARAM), user.role);
  return data(
    { name: user.name, season, news, now: new Date().toISOString(), notice },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Team Dashboard", description: "The next race weekend and the team's latest news.", path: null });

export default function TeamDashboardPage({ loaderData }: Route.ComponentProps) {
  const { season, news, now } = loaderData;
  return (
    <>
      {loaderData.notice && <FormNotice tone="info">{loaderData.notice}</FormNotice>}
      <SectionHeading level={1} eyebrow={`Welcome, ${loaderData.name}`} title="Team Dashboard" />
      <section aria-label="Next race weekend">
        {season ? (
          <NextRacePanel season={season} initialNow={now} />
        ) : (
          <p className="text-muted">The next season&apos;s calendar will be published soon.</p>
        )}
      </section>
      <section aria-labelledby="team-news-heading" className="mt-12">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <h2 id="team-news-heading" className="text-2xl font-bold uppercase">
            Latest Team News
          </h2>
          <LinkButton to="/news" variant="secondary" size="sm">
            All News
          </LinkButton>
        </div>
        {news.length > 0 ? (
          <ul className="grid gap-6 md:grid-cols-3">
            {news.map((article) => (
              <li key={article.id}>
                <NewsCard article={article} headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted">No news yet.</p>
        )}
      </section>
    </>
  );
}
