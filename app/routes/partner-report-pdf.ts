import type { Route } from "./+types/partner-report-pdf";
import { appContext } from "~/context";
import { resolveReportLink } from "~/features/partners/report-links.server";
import { partnerReport } from "~/features/partners/report.server";
import { reportPdf } from "~/features/partners/report-pdf.server";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" };

/** The report as a PDF, through the same link as its page (ADR 0131). */
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
  const pdf = await reportPdf(report);
  return new Response(Buffer.from(pdf), {
    headers: {
      ...PRIVATE,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${report.partner.id}-report-${report.today}.pdf"`,
    },
  });
}
