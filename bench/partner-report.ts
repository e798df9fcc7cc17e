/**
 * `npm run bench -- partner-report`: a month's report for 20 partners (issue 41: under 2 s). A
 * fresh database (embedded, or a new one on BENCH_DATABASE_URL's server, dropped afterwards) whose
 * current season is this year (the seeded rounds moved to it), with 20 partners, each linked to 6 placements with a season of daily counts (1 January to today, 4
 * metrics), 200 published race reports of which some name a partner; then the monthly job's work
 * for all 20 at once (`monthlyReportEmails`: the reports, each PDF, CSV and e-mail). Prints the
 * time for all 20, BENCH_ROUNDS times (default 3), with the CPU time this process spent (on the
 * embedded database that includes the database's own thread; PostgreSQL's is its server's), and,
 * measured apart, how long the 20 season reports alone took.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "../db/client.server";
import { eq } from "drizzle-orm";
import { articles, partnerDailyCounts, partnerPlacements, partners, rounds, seasons } from "../db/schema";
import { monthlyReportEmails } from "../app/features/partners/monthly-report.server";
import { partnerReports } from "../app/features/partners/report.server";
import { previousMonth } from "../app/features/partners/report";
import { ukIsoDate } from "../app/lib/dates";
import { createBenchDatabase, wholeNumberFromEnv, writeReport } from "./server";

export const PARTNER_REPORT_ARG = "partner-report";

const PARTNERS = 20;
const ARTICLES = 200;
const PLACEMENTS = ["home", "partners-page", "packages-page", "share-cards", "email-order-confirmation", "email-order-shipped"];
const METRICS = ["impression", "click", "delivered", "card-fetch"];

export async function benchPartnerReport(): Promise<number> {
  const rounds = wholeNumberFromEnv("BENCH_ROUNDS", 3, 1, 20);
  const server = process.env.BENCH_DATABASE_URL ?? "";
  const database = server ? await createBenchDatabase(server) : undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-partner-report-"));
  const handle = await openDatabase({ dataDir, databaseUrl: database?.url, onConnectionError: () => {} });
  const runs: Array<{ totalMs: number; cpuMs: number; reportsMs: number }> = [];
  try {
    const db = handle.db;
    const { ids, today } = await seedReportData(db, handle.kind);
    const month = previousMonth(today);
    const recipients = ids.map((partnerId) => ({ partnerId, email: "partner@example.com" }));
    for (let run = 1; run <= rounds; run++) {
      const started = performance.now();
      const reports = await partnerReports(db, ids, today);
      const reportsMs = performance.now() - started;
      if (reports.size !== PARTNERS) throw new Error(`expected ${PARTNERS} reports, got ${reports.size}`);
      const emailsStarted = performance.now();
      const cpuBefore = process.cpuUsage();
      const emails = await monthlyReportEmails(db, "https://ridgeway-racing.example", recipients, month);
      const emailsMs = performance.now() - emailsStarted;
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      const bytes = emails.reduce((sum, email) => sum + email.attachments!.reduce((all, file) => all + file.content.length, 0), 0);
      runs.push({ totalMs: Math.round(emailsMs), cpuMs: Math.round(cpuMs), reportsMs: Math.round(reportsMs) });
      console.log(
        `run ${run}: ${emails.length} monthly reports (${month}, PDF + CSV + e-mail) in ${emailsMs.toFixed(0)} ms, ${cpuMs.toFixed(0)} ms of this process's CPU (${(bytes / 1024).toFixed(0)} kB attached); the 20 season reports alone ${reportsMs.toFixed(0)} ms`,
      );
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
  const report = writeReport("bench-partner-report", { date: new Date().toISOString(), database: server ? "postgres" : "pglite", runs });
  console.log(`report: ${report}`);
  return 0;
}

/** The seeded season's rounds again in this year, as the current season: the report's season, with its race weekends. */
async function currentSeasonThisYear(db: Database, year: number) {
  const [current] = await db.select().from(seasons).where(eq(seasons.isCurrent, true));
  if (!current || current.year === year) return;
  const shift = (date: string) => `${year}${date.slice(4)}`;
  const roundList = await db.select().from(rounds).where(eq(rounds.seasonYear, current.year));
  await db.update(seasons).set({ isCurrent: false }).where(eq(seasons.year, current.year));
  await db.insert(seasons).values({ year, isCurrent: true });
  await db.insert(rounds).values(
    roundList.map((round) => ({
      ...round,
      id: `${round.id}-${year}`,
      seasonYear: year,
      startDate: shift(round.startDate),
      endDate: shift(round.endDate),
    })),
  );
}

/** 20 partners with a season of daily counts each, and published race reports that name some of them. */
export async function seedReportData(db: Database, kind: string): Promise<{ ids: string[]; today: string }> {
  const [template] = await db.select().from(partners).limit(1);
  const ids = Array.from({ length: PARTNERS }, (_, i) => `bench-partner-${i + 1}`);
  await db.insert(partners).values(ids.map((id, i) => ({ ...template!, id, name: `Bench Partner ${i + 1}`, sortOrder: 100 + i })));
  await db.insert(partnerPlacements).values(ids.flatMap((partnerId) => PLACEMENTS.map((placementId) => ({ partnerId, placementId }))));
  const today = ukIsoDate(new Date());
  await currentSeasonThisYear(db, Number(today.slice(0, 4)));
  const days: string[] = [];
  for (let at = new Date(`${today.slice(0, 4)}-01-01T12:00:00Z`); ukIsoDate(at) <= today; at = new Date(at.getTime() + 86_400_000))
    days.push(ukIsoDate(at));
  let rows = 0;
  for (const partnerId of ids) {
    const values = days.flatMap((day, d) =>
      PLACEMENTS.flatMap((placementId, p) =>
        METRICS.map((metric, m) => ({ partnerId, placementId, day, metric, count: 5 + ((d * 7 + p * 13 + m * 31) % 400) })),
      ),
    );
    for (let i = 0; i < values.length; i += 2000) await db.insert(partnerDailyCounts).values(values.slice(i, i + 2000));
    rows += values.length;
  }
  // Race reports of a realistic length, one in four naming a partner, spread over the season.
  const [article] = await db.select().from(articles).limit(1);
  const paragraph = "The car ran cleanly through practice and qualifying, and the team found pace in the final sector. ".repeat(8);
  await db.insert(articles).values(
    Array.from({ length: ARTICLES }, (_, i) => ({
      ...article!,
      id: `bench-report-${i + 1}`,
      slug: `bench-report-${i + 1}`,
      title: `Race report ${i + 1}`,
      excerpt: i % 4 === 0 ? `Thanks to Bench Partner ${((i / 4) % PARTNERS) + 1} for their support.` : "Another weekend of racing.",
      body: {
        type: "doc" as const,
        content: Array.from({ length: 12 }, () => ({ type: "paragraph", content: [{ type: "text", text: paragraph }] })),
      },
      status: "published",
      publishedOn: days[Math.floor((i / ARTICLES) * days.length)]!,
      publishAt: new Date(`${days[Math.floor((i / ARTICLES) * days.length)]!}T09:00:00Z`),
    })),
  );
  console.log(
    `${kind}: ${PARTNERS} partners, ${rows} daily rows (${days.length} days × ${PLACEMENTS.length} placements × ${METRICS.length} metrics each), ${ARTICLES} more published articles`,
  );
  return { ids, today };
}
