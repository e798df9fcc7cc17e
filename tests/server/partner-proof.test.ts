import { and, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { articles, emailOutbox, partnerContacts, partnerDailyCounts, partnerPlacements, partnerReportLinks } from "../../db/schema";
import { createPartnerCounter } from "../../app/features/partners/partner-counter.server";
import { redirectTarget } from "../../app/features/partners/placements.server";
import { createReportLink, hashToken, resolveReportLink } from "../../app/features/partners/report-links.server";
import { partnerReport, partnerReports } from "../../app/features/partners/report.server";
import { queueDueMonthlyReports } from "../../app/features/partners/monthly-report.server";
import { ukIsoDate } from "../../app/lib/dates";
import { TEST_PUBLIC_URL } from "../support/accounts";
import { pdfText } from "../support/pdf-text";
import { seededTestDatabase } from "../support/test-database";

/*
 * Issue 41 on the database, PGlite or PostgreSQL (TEST_DATABASE_URL): two counters (two
 * processes) adding to one day's row, what is not linked dropped, the redirect's checks, report
 * links, and the monthly report queued once with a PDF that opens.
 */

const suite = seededTestDatabase();
const PARTNER = "vortex-air-systems";

async function countOf(placementId: string, metric: string) {
  const rows = await suite.db
    .select({ count: partnerDailyCounts.count })
    .from(partnerDailyCounts)
    .where(
      and(
        eq(partnerDailyCounts.partnerId, PARTNER),
        eq(partnerDailyCounts.placementId, placementId),
        eq(partnerDailyCounts.metric, metric),
      ),
    );
  return rows.reduce((sum, row) => sum + Number(row.count), 0);
}

describe("partner proof", () => {
  it("adds two processes' batches to one row, and drops what staff did not link", async () => {
    await suite.db.insert(partnerPlacements).values({ partnerId: PARTNER, placementId: "home" });
    const first = createPartnerCounter(suite.db, { flushMs: 60_000 });
    const second = createPartnerCounter(suite.db, { flushMs: 60_000 });
    for (let i = 0; i < 7; i++) first.add(PARTNER, "home", "impression");
    for (let i = 0; i < 5; i++) second.add(PARTNER, "home", "impression");
    first.add(PARTNER, "partners-page", "impression");
    await Promise.all([first.flush(), second.flush()]);
    second.add(PARTNER, "home", "impression", 3);
    await second.stop();
    await first.stop();
    expect(await countOf("home", "impression")).toBe(15);
    expect(await countOf("partners-page", "impression")).toBe(0);
    // Stopped: nothing more is taken.
    first.add(PARTNER, "home", "impression");
    await first.flush();
    expect(await countOf("home", "impression")).toBe(15);
  });

  it("redirects only a linked pair, to the partner's own site with UTM parameters", async () => {
    expect(await redirectTarget(suite.db, PARTNER, "home")).toBe(
      "https://vortex-air-systems.example/?utm_source=ridgeway-racing&utm_medium=referral&utm_campaign=partnership&utm_content=home",
    );
    expect(await redirectTarget(suite.db, PARTNER, "partners-page")).toBeNull();
    expect(await redirectTarget(suite.db, "no-such-partner", "home")).toBeNull();
    expect(await redirectTarget(suite.db, "../evil", "home")).toBeNull();
    expect(await redirectTarget(suite.db, PARTNER, "https:%2F%2Fevil.example")).toBeNull();
  });

  it("opens a report link until it expires or is withdrawn, and keeps only the token's hash", async () => {
    const now = new Date();
    const { id, token } = await createReportLink(suite.db, PARTNER, new Date(now.getTime() + 60_000), null);
    const [stored] = await suite.db.select().from(partnerReportLinks).where(eq(partnerReportLinks.id, id));
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await resolveReportLink(suite.db, token, now)).toMatchObject({ state: "open", partnerId: PARTNER });
    expect(await resolveReportLink(suite.db, token, new Date(now.getTime() + 61_000))).toEqual({ state: "expired" });
    expect(await resolveReportLink(suite.db, "x".repeat(32), now)).toEqual({ state: "unknown" });
    expect(await resolveReportLink(suite.db, "not a token", now)).toEqual({ state: "unknown" });
    await suite.db.update(partnerReportLinks).set({ revokedAt: now }).where(eq(partnerReportLinks.id, id));
    expect(await resolveReportLink(suite.db, token, now)).toEqual({ state: "revoked" });
  });

  it("reports the season's counts and queues the monthly report once, with a PDF that opens", async () => {
    const report = await partnerReport(suite.db, PARTNER);
    expect(report!.summary.season.impression).toBe(15);
    await suite.db.insert(partnerContacts).values({ partnerId: PARTNER, email: "partner@vortex.example" });
    // On the first of next month, this month's report is due: it holds today's counts.
    const [year, month] = ukIsoDate(new Date()).split("-").map(Number) as [number, number];
    const firstOfNext = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
    expect(await queueDueMonthlyReports(suite.db, TEST_PUBLIC_URL, firstOfNext)).toBe(1);
    expect(await queueDueMonthlyReports(suite.db, TEST_PUBLIC_URL, firstOfNext)).toBe(0);
    const [mail] = await suite.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "partner@vortex.example"));
    const pdf = mail!.attachments!.find((file) => file.contentType === "application/pdf")!;
    const bytes = Buffer.from(pdf.content, "base64");
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(0);
    const text = await pdfText(bytes);
    expect(text).toContain("Vortex Air Systems");
    expect(text).toMatch(/Served impressions\s+15/);
    const csv = Buffer.from(mail!.attachments!.find((file) => file.contentType === "text/csv")!.content, "base64").toString();
    expect(csv).toContain("Season to date,15");
  });

  it("places each day's counts in its race weekend, and builds many partners' reports as it builds one", async () => {
    const OTHER = "peak-natural-energy";
    await suite.db.insert(partnerPlacements).values({ partnerId: OTHER, placementId: "partners-page" });
    // The seeded 2025 season: round 1 ends on 5 April, round 2 on 11 May, the last (round 9) on 2 November.
    await suite.db.insert(partnerDailyCounts).values([
      { partnerId: OTHER, placementId: "partners-page", day: "2025-04-05", metric: "impression", count: 11 },
      { partnerId: OTHER, placementId: "partners-page", day: "2025-04-06", metric: "impression", count: 20 },
      { partnerId: OTHER, placementId: "partners-page", day: "2025-05-11", metric: "click", count: 12 },
      { partnerId: OTHER, placementId: "partners-page", day: "2025-11-03", metric: "impression", count: 30 },
    ]);
    const today = "2025-12-31";
    const report = (await partnerReport(suite.db, OTHER, today))!;
    const weekend = (label: string) => report.summary.weekends.find((candidate) => candidate.label.startsWith(label))!.totals;
    expect(weekend("Round 1:")).toMatchObject({ impression: 11, click: 0 });
    expect(weekend("Round 2:")).toMatchObject({ impression: 20, click: 12 });
    expect(weekend("Since the last round")).toMatchObject({ impression: 30 });
    expect(report.summary.season).toMatchObject({ impression: 61, click: 12 });

    const both = await partnerReports(suite.db, [PARTNER, OTHER, "no-such-partner"], today);
    expect([...both.keys()].sort()).toEqual([OTHER, PARTNER].sort());
    expect(both.get(OTHER)).toEqual(report);
    expect(both.get(PARTNER)).toEqual(await partnerReport(suite.db, PARTNER, today));
  });

  it("finds the race reports that name a partner in their words, not in their markup, drafts or other seasons", async () => {
    const [template] = await suite.db.select().from(articles).limit(1);
    const article = (id: string, fields: Partial<typeof articles.$inferInsert>) => ({
      ...template!,
      id,
      slug: id,
      excerpt: "A weekend of racing.",
      status: "published",
      publishedOn: "2025-05-09",
      publishAt: new Date("2025-05-09T09:00:00Z"),
      ...fields,
    });
    const paragraph = (text: string, marks: Array<{ type: string; attrs?: Record<string, unknown> }> = []) => ({
      type: "doc" as const,
      content: [{ type: "paragraph", content: [{ type: "text", text, ...(marks.length ? { marks } : {}) }] }],
    });
    await suite.db.insert(articles).values([
      article("mention-in-body", { title: "Anglesey in the wind", body: paragraph("Thanks to Vortex Air Systems for the cooling ducts.") }),
      article("mention-in-title", { title: "Vortex Air Systems join for Anglesey", body: paragraph("Nothing else.") }),
      article("mention-in-a-link-only", {
        title: "Links",
        body: paragraph("our cooling partner", [
          { type: "link", attrs: { href: "https://vortex-air-systems.example/vortex-air-systems" } },
        ]),
      }),
      article("mention-in-a-draft", { title: "Draft", status: "draft", body: paragraph("Vortex Air Systems again.") }),
      article("mention-last-season", { title: "Old news", publishedOn: "2024-06-01", body: paragraph("Vortex Air Systems in 2024.") }),
      article("words-apart", { title: "Apart", body: paragraph("Vortex, the air, and systems.") }),
    ]);
    const report = (await partnerReport(suite.db, PARTNER, "2025-12-31"))!;
    const roundTwo = report.ledger.find((round) => round.roundId === "2025-r2-anglesey")!;
    expect(roundTwo.mentions.map((mention) => mention.path).sort()).toEqual(["/news/mention-in-body", "/news/mention-in-title"]);
    // Of the articles above, only those two (the seed has a race report of its own that names them).
    const fixtures = /^\/news\/(mention|words)-/;
    const found = [...report.ledger.flatMap((round) => round.mentions), ...report.laterMentions].filter((mention) =>
      fixtures.test(mention.path),
    );
    expect(found).toHaveLength(2);
  });
});
