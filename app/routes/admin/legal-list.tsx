import { asc } from "drizzle-orm";
import { data, Link } from "react-router";
import type { Route } from "./+types/legal-list";
import { legalDocuments } from "../../../db/schema";
import { SectionHeading } from "~/components/ui/section-heading";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { formatCalendarDate } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  const documents = await context.db
    .select({ slug: legalDocuments.slug, title: legalDocuments.title, revisedOn: legalDocuments.revisedOn })
    .from(legalDocuments)
    .orderBy(asc(legalDocuments.title));
  return data({ documents }, { headers: BACK_OFFICE_HEADERS });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Legal pages | Back Office", description: "Legal pages.", path: null });

export default function LegalList({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading
        level={1}
        title="Legal pages"
        description="Each save is a new revision dated the day it is made; the page's “Last updated” shows that date. Earlier revisions are in each page's History."
      />
      <ul className="grid gap-2">
        {loaderData.documents.map((document) => (
          <li key={document.slug}>
            <Link
              to={`/admin/legal/${document.slug}`}
              className="block min-h-11 rounded-card border border-line bg-surface px-4 py-3 hover:border-accent-text"
            >
              <span className="block font-semibold">{document.title}</span>
              <span className="block text-sm text-muted">
                /{document.slug} · last updated {formatCalendarDate(document.revisedOn)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
