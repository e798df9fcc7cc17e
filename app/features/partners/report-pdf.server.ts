import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { formatUkDate } from "~/lib/dates";
import { displayCount, METRIC_LABELS, SMALL_COUNT } from "./placements";
import { shownMetrics, type ReportSummary } from "./report";
import type { PartnerReport } from "./report.server";

/*
 * The report as a PDF (ADR 0132): pdf-lib, pure JavaScript with no install script and no native
 * part, writing with the 14 standard fonts (nothing to embed). The figures are the page's: the
 * same summary, the same "fewer than 10".
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const ink = rgb(0.04, 0.05, 0.06);
const muted = rgb(0.29, 0.32, 0.36);
const accent = rgb(0.72, 0.12, 0.09);

/** What the standard fonts can write (WinAnsi): anything else becomes its nearest ASCII, or goes. */
function printable(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .normalize("NFKD")
    .replace(/[^\x20-\x7E\u00A3]/g, "");
}

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }
  room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }
  text(text: string, options: { size?: number; bold?: boolean; colour?: ReturnType<typeof rgb>; x?: number } = {}) {
    const size = options.size ?? 10;
    this.room(size + 6);
    this.page.drawText(printable(text), {
      x: options.x ?? MARGIN,
      y: this.y - size,
      size,
      font: options.bold ? this.bold : this.font,
      color: options.colour ?? ink,
    });
    this.y -= size + 6;
  }
  gap(height = 10) {
    this.y -= height;
  }
  /** A table: the first column wide, the others even. */
  table(header: string[], rows: string[][]) {
    const width = A4.width - 2 * MARGIN;
    const first = Math.min(190, width * 0.38);
    const rest = (width - first) / Math.max(1, header.length - 1);
    const x = (index: number) => MARGIN + (index === 0 ? 0 : first + (index - 1) * rest);
    const line = (cells: string[], bold: boolean) => {
      this.room(16);
      cells.forEach((value, index) => {
        const font = bold ? this.bold : this.font;
        let shown = printable(value);
        const limit = (index === 0 ? first : rest) - 6;
        while (shown.length > 1 && font.widthOfTextAtSize(shown, 8.5) > limit) shown = shown.slice(0, -1);
        this.page.drawText(shown, { x: x(index), y: this.y - 9, size: 8.5, font, color: ink });
      });
      this.y -= 14;
      this.page.drawLine({ start: { x: MARGIN, y: this.y + 2 }, end: { x: MARGIN + width, y: this.y + 2 }, thickness: 0.4, color: muted });
    };
    line(header, true);
    for (const row of rows) line(row, false);
    this.gap();
  }
  /** Bars drawn as rectangles: no bar for a count under 10. */
  bars(bars: Array<{ label: string; value: number }>) {
    const max = Math.max(SMALL_COUNT, ...bars.map((bar) => bar.value));
    const space = A4.width - 2 * MARGIN - 200;
    for (const bar of bars) {
      this.room(16);
      this.page.drawText(printable(bar.label).slice(0, 34), { x: MARGIN, y: this.y - 9, size: 8.5, font: this.font, color: ink });
      const length = bar.value >= SMALL_COUNT ? Math.max(2, (bar.value / max) * space) : 0;
      if (length > 0) this.page.drawRectangle({ x: MARGIN + 170, y: this.y - 11, width: length, height: 10, color: accent });
      this.page.drawText(displayCount(bar.value), { x: MARGIN + 176 + length, y: this.y - 9, size: 8.5, font: this.font, color: ink });
      this.y -= 15;
    }
    this.gap();
  }
}

function summaryTables(writer: Writer, summary: ReportSummary, labels: Record<string, string>, metrics = shownMetrics(summary.season)) {
  const header = metrics.map((metric) => METRIC_LABELS[metric]);
  writer.table(
    ["Race weekend", ...header],
    [
      ...summary.weekends.map((weekend) => [weekend.label, ...metrics.map((metric) => displayCount(weekend.totals[metric]))]),
      ["Season to date", ...metrics.map((metric) => displayCount(summary.season[metric]))],
    ],
  );
  writer.text("Where you appeared", { bold: true, size: 12 });
  writer.table(
    ["Placement", ...header],
    summary.placements.map((placement) => [
      labels[placement.placementId] ?? placement.placementId,
      ...metrics.map((metric) => displayCount(placement.totals[metric])),
    ]),
  );
}

/** The report's PDF; with `month`, that month's figures come first. */
export async function reportPdf(report: PartnerReport, month?: { label: string; summary: ReportSummary }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Partner report: ${printable(report.partner.name)}`);
  doc.setAuthor("Ridgeway Racing");
  doc.setCreationDate(new Date(`${report.today}T12:00:00Z`));
  doc.setModificationDate(new Date(`${report.today}T12:00:00Z`));
  const writer = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  writer.text("Ridgeway Racing - partner report", { size: 10, colour: accent, bold: true });
  writer.text(report.partner.name, { size: 22, bold: true });
  writer.text(
    `Figures to ${formatUkDate(report.today)}. Counted on our servers without cookies; totals per day only. Counts under 10 show as "fewer than 10".`,
    {
      size: 8.5,
      colour: muted,
    },
  );
  writer.gap();
  if (month) {
    writer.text(`${month.label}`, { bold: true, size: 14 });
    summaryTables(writer, month.summary, report.placementLabels, shownMetrics(report.summary.season));
  }
  writer.text(`Season ${report.seasonYear} to date`, { bold: true, size: 14 });
  const metrics = shownMetrics(report.summary.season);
  writer.table(
    ["Measure", "Count"],
    metrics.map((metric) => [METRIC_LABELS[metric], displayCount(report.summary.season[metric])]),
  );
  writer.text("Served impressions per race weekend", { bold: true, size: 12 });
  writer.bars(report.summary.weekends.map((weekend) => ({ label: weekend.label, value: weekend.totals.impression })));
  summaryTables(writer, report.summary, report.placementLabels);
  writer.text("Promised and delivered", { bold: true, size: 14 });
  for (const round of report.ledger) {
    if (round.lines.length === 0 && round.mentions.length === 0) continue;
    writer.text(round.label, { bold: true });
    for (const line of round.lines) {
      writer.text(`${line.label}: ${line.delivered} of ${line.promised} delivered${line.evidenceUrl ? ` (${line.evidenceUrl})` : ""}`, {
        size: 9,
      });
    }
    for (const mention of round.mentions) writer.text(`Mentioned in: ${mention.title}`, { size: 9, colour: muted });
  }
  return doc.save();
}
