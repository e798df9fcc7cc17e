import { EmailButton, EmailLayout, EmailText, type EmailFrame } from "~/features/mail/email-layout";
import { displayCount, METRIC_LABELS, type Metric } from "./placements";

export interface ReportEmailFigures {
  partnerName: string;
  monthLabel: string;
  /** The month's figures, in the report's order. */
  month: Array<{ metric: Metric; count: number }>;
  /** The partner's own report page, when a link is open; else null. */
  reportUrl: string | null;
}

/** The monthly report: the month's figures in words, the PDF and CSV attached (ADR 0131). */
export function PartnerReportEmail({ frame, figures }: { frame: EmailFrame; figures: ReportEmailFigures }) {
  return (
    <EmailLayout frame={frame} preview={`Your partner report for ${figures.monthLabel}`} heading={`Your report for ${figures.monthLabel}`}>
      <EmailText>
        {`Hello ${figures.partnerName} team, here is what your partnership with us delivered in ${figures.monthLabel}. The PDF and CSV attached hold the full report, per race weekend and for the season to date.`}
      </EmailText>
      {figures.month.map(({ metric, count }) => (
        <EmailText key={metric}>{`${METRIC_LABELS[metric]}: ${displayCount(count)}`}</EmailText>
      ))}
      <EmailText>Counted on our own servers without cookies: totals per day, nothing about any person.</EmailText>
      {figures.reportUrl && <EmailButton href={figures.reportUrl}>Open your report</EmailButton>}
    </EmailLayout>
  );
}
