import type { Route } from "./+types/partner-report-csv";
import { appContext } from "~/context";
import { resolveReportLink } from "~/features/partners/report-links.server";
import { partnerReport } from "~/features/partners/report.server";
import { reportCsv } from "~/features/partners/report";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" };

/** The report as CSV, through the same link as its page (ADR 0131). */
export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const link = await resolveReportLink(context.db, params.token);
  if (link.state !== "open")
    return new Response(`This report link is ${link.state === "unknown" ? "not known" : link.state}.\n`, {
      status: link.state === "unknown" ? 404 : 410,
      headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" },
    });
  const report = await partnerReport(context.db, link.partnerId);
  if (!report) return new Response("No report.\n", { status: 404, headers: PRIVATE });
  return new Response(
    reportCsv(report.partner.name, report.summary, (id) => report.placementLabels[id] ?? id),
    {
      headers: {
        ...PRIVATE,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${report.partner.id}-report-${report.today}.csv"`,
      },
    },
  );
}
