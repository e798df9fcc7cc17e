import { data, Link } from "react-router";
import type { Route } from "./+types/emails";
import { SectionHeading } from "~/components/ui/section-heading";
import { BACK_OFFICE_HEADERS, requireAnyStaff } from "~/features/admin/staff.server";
import { EMAIL_AUDIENCES, EMAIL_CATALOGUE, type EmailAudience } from "~/features/email-previews/catalogue.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireAnyStaff(request, context);
  const groups = (Object.keys(EMAIL_AUDIENCES) as EmailAudience[]).map((audience) => ({
    audience,
    label: EMAIL_AUDIENCES[audience],
    kinds: EMAIL_CATALOGUE.filter((kind) => kind.audience === audience).map(({ id, name, sentWhen }) => ({ id, name, sentWhen })),
  }));
  return data({ groups }, { headers: BACK_OFFICE_HEADERS });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "E-mails | Back Office", description: "Every e-mail the site sends, previewed.", path: null });

export default function Emails({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading
        level={1}
        title="E-mails"
        description="Every e-mail the site sends by itself, and when. Open one to see it as it arrives, with sample data, at phone and desktop width."
      />
      {loaderData.groups.map((group) => (
        <section key={group.audience} aria-labelledby={`emails-${group.audience}`} className="mb-8">
          <h2 id={`emails-${group.audience}`} className="mb-3 text-xl font-bold uppercase">
            {group.label}
          </h2>
          <ul className="grid gap-2">
            {group.kinds.map((kind) => (
              <li key={kind.id}>
                <Link
                  to={`/admin/emails/${kind.id}`}
                  className="block min-h-11 rounded-card border border-line bg-surface px-4 py-3 hover:border-accent-text"
                >
                  <span className="block font-semibold">{kind.name}</span>
                  <span className="block text-sm text-muted">{kind.sentWhen}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
