import { data } from "react-router";
import type { Route } from "./+types/news-preview";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { ArticlePage } from "~/features/news/article-page";
import { getPreviewArticle } from "~/features/news/news-desk-reads.server";
import { BACK_OFFICE_STYLESHEET } from "~/lib/stylesheet-handle";
import { appContext } from "~/context";

/**
 * Preview: one revision (by id, never "the latest") on the real public article layout, for
 * editors only, never cached (private, no-store) and never indexed, under a banner that says so.
 */
export async function loader({ request, params, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const revisionId = Number(params.revisionId);
  const preview = Number.isInteger(revisionId) && revisionId > 0 ? await getPreviewArticle(context.db, params.articleId, revisionId) : null;
  if (!preview) throw data({ message: "There is no such version of this article." }, { status: 404, headers: BACK_OFFICE_HEADERS });
  return data(
    {
      article: preview.article,
      version: preview.revision.version,
      articleId: params.articleId,
      publicUrl: context.publicUrl,
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export const headers: Route.HeadersFunction = () => BACK_OFFICE_HEADERS;

export const handle = BACK_OFFICE_STYLESHEET;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Preview: ${loaderData?.article.title ?? "article"} · not published` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function NewsPreview({ loaderData }: Route.ComponentProps) {
  const { article, version, articleId, publicUrl } = loaderData;
  return (
    <>
      <div
        role="note"
        aria-label="Preview"
        className="sticky top-0 z-40 border-b-2 border-warning bg-warning px-4 py-2 text-center text-sm font-bold text-ink"
      >
        Preview — not published · version {version} ·{" "}
        <a href={`/admin/news/${articleId}`} className="underline">
          back to the editor
        </a>
      </div>
      <ArticlePage article={article} publicUrl={publicUrl} />
    </>
  );
}
