import type { Route } from "./+types/partner-report-csv";
import { appContext } from "~/context";
import { REPORT_HEADERS, reportForDownload } from "~/features/partners/report-links.server";
import { reportCsv } from "~/features/partners/report";

/** The report as CSV, through the same link as its page (ADR 0131). */
export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const found = await reportForDownload(appContext(routerContext).db, params.token);
  if ("refusal" in found) return found.refusal;
  const { report } = found;
  return new Response(
    reportCsv(report.partner.name, report.summary, (id) => report.placementLabels[id] ?? id),
    {
      headers: {
        ...REPORT_HEADERS,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${report.partner.id}-report-${report.today}.csv"`,
      },
    },
  );
}
