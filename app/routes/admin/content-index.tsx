import { data, Link } from "react-router";
import type { Route } from "./+types/content-index";
import { SectionHeading } from "~/components/ui/section-heading";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { DESK_KEYS, DESKS } from "~/features/site-desk/desks";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  return data(
    { desks: DESK_KEYS.map((key) => ({ key, title: DESKS[key].title, description: DESKS[key].description })) },
    { headers: BACK_OFFICE_HEADERS },
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Site content | Back Office", description: "Site content.", path: null });

export default function ContentIndex({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading
        level={1}
        title="Site content"
        description="Everything else the public site shows. Saves appear on the site at once."
      />
      <ul className="grid gap-3 sm:grid-cols-2">
        {[
          ...loaderData.desks.map((desk) => ({ to: `/admin/content/${desk.key}`, title: desk.title, description: desk.description })),
          {
            to: "/admin/legal",
            title: "Legal pages",
            description: "Terms, privacy, returns and cookies; each save is a new dated revision.",
          },
        ].map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="block min-h-11 rounded-card border border-line bg-surface p-4 hover:border-accent-text">
              <span className="block font-semibold text-text">{item.title}</span>
              <span className="mt-1 block text-sm text-muted">{item.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
