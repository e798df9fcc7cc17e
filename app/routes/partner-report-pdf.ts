import type { Route } from "./+types/partner-report-pdf";
import { appContext } from "~/context";
import { REPORT_HEADERS, reportForDownload } from "~/features/partners/report-links.server";
import { reportPdf } from "~/features/partners/report-pdf.server";

/** The report as a PDF, through the same link as its page (ADR 0131). */
export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const found = await reportForDownload(appContext(routerContext).db, params.token);
  if ("refusal" in found) return found.refusal;
  const { report } = found;
  const pdf = await reportPdf(report);
  return new Response(Buffer.from(pdf), {
    headers: {
      ...REPORT_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${report.partner.id}-report-${report.today}.pdf"`,
    },
  });
}
