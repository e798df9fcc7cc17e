import { data, Form, Link } from "react-router";
import type { Route } from "./+types/media";
import { inputClasses } from "~/components/ui/form-field";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { MediaCard } from "~/features/media/media-card";
import { mediaListQuerySchema } from "~/features/media/media-form";
import { listMediaAssets } from "~/features/media/media.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";
import { Pagination } from "~/components/ui/pagination";

export async function loader({ request, url, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const query = mediaListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const deleted = query.deleted === "1";
  const list = await listMediaAssets(context.db, { query: query.q, page: query.page, deleted });
  return data(
    {
      q: query.q,
      deleted,
      page: list.page,
      pageCount: list.pageCount,
      total: list.total,
      assets: list.items.map((asset) => ({
        id: asset.id,
        kind: asset.kind,
        altText: asset.altText,
        caption: asset.caption,
        width: asset.width,
        height: asset.height,
        variants: asset.variants.filter((variant) => variant.format === "webp"),
        deletedAt: asset.deletedAt?.toISOString() ?? null,
      })),
    },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export const headers: Route.HeadersFunction = () => BACK_OFFICE_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Media library", description: "Photos and clips for the site.", path: null });

function pageLink(q: string, deleted: boolean, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (deleted) params.set("deleted", "1");
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/media?${search}` : "/admin/media";
}

export default function MediaLibraryPage({ loaderData }: Route.ComponentProps) {
  const { q, deleted, page, pageCount, total, assets } = loaderData;
  return (
    <>
      <SectionHeading level={1} title={deleted ? "Deleted media" : "Media library"} />
      <div className="mb-6 flex flex-wrap items-end gap-3">
        <Form method="get" role="search" className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm font-medium text-text">
            Search alt text and captions
            <input type="search" name="q" defaultValue={q} maxLength={100} className={inputClasses} />
          </label>
          {deleted && <input type="hidden" name="deleted" value="1" />}
          <button type="submit" className="min-h-11 rounded-full border border-line bg-surface-raised px-5 text-sm font-semibold uppercase">
            Search
          </button>
        </Form>
        <LinkButton to="/admin/media/new">Upload</LinkButton>
      </div>
      <p className="mb-4 text-sm text-muted" aria-live="polite">
        {total === 1 ? "1 file" : `${total} files`}
        {q && ` matching “${q}”`}.{" "}
        <Link to={deleted ? "/admin/media" : "/admin/media?deleted=1"} className="text-accent-text underline">
          {deleted ? "Back to the library" : "Recently deleted"}
        </Link>
      </p>
      {assets.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {assets.map((asset) => (
            <li key={asset.id}>
              <MediaCard asset={asset} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">
          {q ? "Nothing matches that search." : deleted ? "Nothing has been deleted." : "No media yet: upload the first photo."}
        </p>
      )}
      <Pagination page={page} pageCount={pageCount} href={(page) => pageLink(q, deleted, page)} className="mt-8" />
    </>
  );
}
