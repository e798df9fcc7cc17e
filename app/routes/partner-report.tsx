import { data } from "react-router";
import type { Route } from "./+types/partner-report";
import { appContext } from "~/context";
import { LinkButton } from "~/components/ui/link-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { REPORT_HEADERS, resolveReportLink } from "~/features/partners/report-links.server";
import { partnerReport } from "~/features/partners/report.server";
import { PartnerReportView } from "~/features/partners/report-view";
import { formatUkDate } from "~/lib/dates";
import { pageMeta } from "~/lib/meta";

/** A report is for the one partner who holds its link: never cached, never indexed, never sent on as a referrer. */

const CLOSED = {
  revoked: {
    status: 410,
    title: "This report link was withdrawn",
    text: "The team withdrew this link. Ask your contact at the team for a new one.",
  },
  expired: {
    status: 410,
    title: "This report link has expired",
    text: "Report links last a limited time. Ask your contact at the team for a new one.",
  },
  unknown: {
    status: 404,
    title: "No report at this address",
    text: "Check that the whole link was copied, or ask your contact at the team for a new one.",
  },
} as const;

export async function loader({ params, context: routerContext }: Route.LoaderArgs) {
  const context = appContext(routerContext);
  const link = await resolveReportLink(context.db, params.token);
  if (link.state !== "open") {
    const closed = CLOSED[link.state];
    return data(
      { closed: { title: closed.title, text: closed.text }, report: null, token: null, expiresAt: null },
      { status: closed.status, headers: REPORT_HEADERS },
    );
  }
  const report = await partnerReport(context.db, link.partnerId);
  if (!report)
    return data({ closed: CLOSED.unknown, report: null, token: null, expiresAt: null }, { status: 404, headers: REPORT_HEADERS });
  return data({ closed: null, report, token: params.token, expiresAt: link.expiresAt.toISOString() }, { headers: REPORT_HEADERS });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.report
      ? `Partner report: ${args.loaderData.report.partner.name}`
      : (args.loaderData?.closed?.title ?? "Partner report"),
    description: "A partner's report: what they got, per race weekend.",
    path: null,
  });

export default function PartnerReportPage({ loaderData: { closed, report, token, expiresAt } }: Route.ComponentProps) {
  if (closed || !report || !token) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <SectionHeading level={1} eyebrow="Partner report" title={closed?.title ?? "No report"} description={closed?.text} />
        <LinkButton to="/contact?category=Sponsorship">Contact the team</LinkButton>
      </div>
    );
  }
  const base = `/partner-report/${token}`;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
      <SectionHeading
        level={1}
        eyebrow="Partner report"
        title={report.partner.name}
        description={`Figures to ${formatUkDate(report.today)}, counted on our own servers without cookies: totals per day, nothing about any person. Counts under 10 show as "fewer than 10". This link works until ${formatUkDate(expiresAt)}.`}
      />
      <div className="mb-10 flex flex-wrap gap-3">
        <a
          href={`${base}/report.csv`}
          className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-semibold hover:border-muted"
          download
        >
          Download CSV
        </a>
        <a
          href={`${base}/report.pdf`}
          className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-semibold hover:border-muted"
          download
        >
          Download PDF
        </a>
      </div>
      <PartnerReportView report={report} />
    </div>
  );
}
