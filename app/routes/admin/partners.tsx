import { data, Link } from "react-router";
import type { Route } from "./+types/partners";
import { SectionHeading } from "~/components/ui/section-heading";
import { BACK_OFFICE_HEADERS, requireStaff } from "~/features/admin/staff.server";
import { displayCount, METRIC_LABELS } from "~/features/partners/placements";
import { shownMetrics } from "~/features/partners/report";
import { allPartnersSeason } from "~/features/partners/report.server";
import { pageMeta } from "~/lib/meta";
import { appContext } from "~/context";

export async function loader({ request, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  await requireStaff(request, context, "editor");
  return data(await allPartnersSeason(context.db), { headers: BACK_OFFICE_HEADERS });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Partners | Back Office", description: "What each partner got this season.", path: null });

/** Every partner's season to date, side by side: one card each, so a phone reads them without scrolling sideways. */
export default function PartnersDesk({ loaderData: { seasonYear, partners } }: Route.ComponentProps) {
  return (
    <>
      <SectionHeading
        level={1}
        title="Partners"
        description={`Season ${seasonYear} to date, counted without cookies. Open a partner to choose where they appear, keep their ledger and send their report link.`}
      />
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {partners.map((partner) => (
          <li key={partner.id}>
            <Link
              to={`/admin/partners/${partner.id}`}
              className="block h-full rounded-card border border-line bg-surface p-4 hover:border-accent-text"
            >
              <span className="block font-display text-xl font-bold uppercase">{partner.name}</span>
              {partner.tier && <span className="block text-sm text-muted">{partner.tier}</span>}
              <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
                {shownMetrics(partner.season).map((metric) => (
                  <div key={metric} className="contents">
                    <dt className="text-muted">{METRIC_LABELS[metric]}</dt>
                    <dd className="text-right font-semibold" data-metric={metric}>
                      {displayCount(partner.season[metric])}
                    </dd>
                  </div>
                ))}
              </dl>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
