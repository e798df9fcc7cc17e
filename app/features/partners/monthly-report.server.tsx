import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { partnerContacts, partners } from "../../../db/schema";
import { brand } from "~/brand";
import { MONTH_NAMES, ukIsoDate } from "~/lib/dates";
import { emailFrame } from "~/features/mail/email-frame.server";
import { queueEmail, type OutgoingEmail } from "~/features/mail/outbox.server";
import { renderEmail } from "~/features/mail/render-email.server";
import type { EmailFrame } from "~/features/mail/email-layout";
import type { Tx } from "~/features/admin/audit.server";
import { shownMetrics, monthBounds, previousMonth, reportCsv, type ReportSummary } from "./report";
import { reportPdf } from "./report-pdf.server";
import { monthlyFigures, type PartnerReport } from "./report.server";
import { PartnerReportEmail } from "./report-email";

export const PARTNER_REPORT_REASON = `You receive this because your company is a partner of ${brand.name} and asked for a monthly report.`;

export function monthLabel(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${year}`;
}

export interface ReportRecipient {
  partnerId: string;
  email: string;
}

/**
 * A partner's monthly e-mail from their report: the month's figures in words, the PDF and the CSV
 * attached. The e-mail previews (/admin/emails) build their sample with it too.
 */
export async function partnerReportEmail(
  frame: EmailFrame,
  to: string,
  report: PartnerReport,
  month: { month: string; summary: ReportSummary },
): Promise<OutgoingEmail> {
  const label = monthLabel(month.month);
  const pdf = await reportPdf(report, { label, summary: month.summary });
  const csv = reportCsv(report.partner.name, report.summary, (id) => report.placementLabels[id] ?? id);
  return {
    to,
    subject: `${brand.name}: your partner report for ${label}`,
    ...(await renderEmail(
      <PartnerReportEmail
        frame={frame}
        figures={{
          partnerName: report.partner.name,
          monthLabel: label,
          month: shownMetrics(report.summary.season).map((metric) => ({ metric, count: month.summary.season[metric] })),
          reportUrl: null,
        }}
      />,
    )),
    headers: { "Reply-To": brand.email },
    attachments: [
      { filename: `${report.partner.id}-${month.month}.pdf`, contentType: "application/pdf", content: Buffer.from(pdf).toString("base64") },
      { filename: `${report.partner.id}-${month.month}.csv`, contentType: "text/csv", content: Buffer.from(csv).toString("base64") },
    ],
  };
}

/**
 * The monthly e-mails for these partners. All partners' figures come from one set of queries (a
 * month for 20 partners builds in well under 2 s: docs/performance.md). A partner that no longer
 * exists gets none.
 */
export async function monthlyReportEmails(
  db: Database | Tx,
  publicUrl: string,
  recipients: readonly ReportRecipient[],
  month: string,
): Promise<Array<OutgoingEmail & { partnerId: string }>> {
  if (recipients.length === 0) return [];
  const { to: lastDay } = monthBounds(month);
  const today = ukIsoDate(new Date());
  // This month, sent from the desk, runs to today.
  const figures = await monthlyFigures(
    db as Database,
    recipients.map((recipient) => recipient.partnerId),
    month,
    lastDay < today ? lastDay : today,
  );
  const frame = await emailFrame(db, publicUrl, PARTNER_REPORT_REASON);
  const emails: Array<OutgoingEmail & { partnerId: string }> = [];
  for (const { partnerId, email: to } of recipients) {
    const partnerFigures = figures.get(partnerId);
    if (!partnerFigures) continue;
    emails.push({ partnerId, ...(await partnerReportEmail(frame, to, partnerFigures.report, { month, summary: partnerFigures.month })) });
  }
  return emails;
}

/**
 * Queues last month's report for every partner with a contact who has not had it. The month is
 * marked in the same transaction, so with several processes each report is queued once.
 */
export async function queueDueMonthlyReports(db: Database, publicUrl: string, today = ukIsoDate(new Date())): Promise<number> {
  const month = previousMonth(today);
  const due = await db
    .select({ partnerId: partnerContacts.partnerId, email: partnerContacts.email })
    .from(partnerContacts)
    .innerJoin(partners, eq(partners.id, partnerContacts.partnerId))
    .where(and(isNull(partners.deletedAt), or(isNull(partnerContacts.lastReportMonth), ne(partnerContacts.lastReportMonth, month))));
  // Built together (one set of queries for every partner), then each is claimed and queued in a
  // transaction of its own: a process that finds a month already claimed queues nothing.
  const emails = await monthlyReportEmails(db, publicUrl, due, month);
  let queued = 0;
  for (const { partnerId, ...email } of emails) {
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(partnerContacts)
        .set({ lastReportMonth: month })
        .where(
          and(
            eq(partnerContacts.partnerId, partnerId),
            eq(partnerContacts.email, email.to),
            or(isNull(partnerContacts.lastReportMonth), ne(partnerContacts.lastReportMonth, month)),
          ),
        )
        .returning({ email: partnerContacts.email });
      if (!claimed) return false;
      await queueEmail(tx, email);
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}

/** Sends one partner's report for a month now (the desk's button): queued through the outbox like any e-mail. */
export async function queueMonthlyReportNow(tx: Tx, publicUrl: string, partnerId: string, month: string): Promise<"queued" | "no-contact"> {
  const [contact] = await tx.select().from(partnerContacts).where(eq(partnerContacts.partnerId, partnerId));
  if (!contact) return "no-contact";
  const [email] = await monthlyReportEmails(tx, publicUrl, [{ partnerId, email: contact.email }], month);
  if (!email) return "no-contact";
  const { partnerId: _partnerId, ...outgoing } = email;
  await queueEmail(tx, outgoing);
  return "queued";
}
