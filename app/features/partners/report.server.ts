import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { articleSearchDocument, articles, partnerDailyCounts, partnerDeliverables, partners, rounds, seasons } from "../../../db/schema";
import { ukIsoDate } from "~/lib/dates";
import { withLibraryPhotos } from "~/features/media/media.server";
import type { PictureImage } from "~/features/media/media";
import { articlePath } from "~/features/news/news-links";
import { listPlacements } from "./placements.server";
import { METRICS, placementLabel, type Metric } from "./placements";
import { DELIVERABLE_KINDS, type DeliverableKind } from "./deliverable-kinds";
import { summarise, weekendOf, type CountRow, type ReportSummary, type RoundWindow } from "./report";

export interface PartnerReportData {
  partner: { id: string; name: string };
  seasonYear: number;
  today: string;
  summary: ReportSummary;
  placementLabels: Record<string, string>;
  ledger: Array<{
    roundId: string;
    label: string;
    lines: Array<{
      id: string;
      kind: DeliverableKind;
      label: string;
      promised: number;
      delivered: number;
      evidenceUrl: string | null;
      evidenceAssetId: string | null;
      photo: PictureImage | null;
      note: string;
    }>;
    mentions: ReportMention[];
  }>;
  laterMentions: ReportMention[];
}

export interface ReportMention {
  title: string;
  path: string;
  publishedOn: string;
}

export type PartnerReport = PartnerReportData;

/** The season a report covers: the current one, else the calendar year. */
async function reportSeason(db: Database, today: string): Promise<number> {
  const [current] = await db.select({ year: seasons.year }).from(seasons).where(eq(seasons.isCurrent, true)).limit(1);
  return current?.year ?? Number(today.slice(0, 4));
}

async function seasonRounds(db: Database, year: number): Promise<RoundWindow[]> {
  return db
    .select({ id: rounds.id, name: rounds.name, roundNumber: rounds.roundNumber, startDate: rounds.startDate, endDate: rounds.endDate })
    .from(rounds)
    .where(eq(rounds.seasonYear, year))
    .orderBy(asc(rounds.endDate));
}

/**
 * The race weekend a day is counted in, as that round's last day (the first round of the season
 * ending on or after the day), or null after the last round: one CASE over the season's few
 * rounds, so the database places a row without a lookup per row.
 */
function weekendEndOf(roundList: readonly RoundWindow[]) {
  const ends = [...new Set(roundList.map((round) => round.endDate))].sort();
  if (ends.length === 0) return sql<string | null>`null::date`;
  return sql<string | null>`case ${sql.join(
    ends.map((end) => sql`when ${partnerDailyCounts.day} <= ${end}::date then ${end}::date`),
    sql` `,
  )} else null end`;
}

/**
 * The counts between two days for every partner given, summed in the database per partner,
 * placement and race weekend, one column per metric: one query and a few dozen rows a partner
 * rather than one a day. Each sum carries its weekend's last day (or `to` after the last round),
 * which is all summarise() needs to place it.
 */
async function countRows(
  db: Database,
  partnerIds: readonly string[],
  from: string,
  to: string,
  roundList: readonly RoundWindow[],
): Promise<Array<CountRow & { partnerId: string }>> {
  if (partnerIds.length === 0) return [];
  const weekendEnd = weekendEndOf(roundList);
  // A column per metric rather than a row: the sort before the sums is on dates, not on text.
  const sums = Object.fromEntries(
    METRICS.map((metric) => [
      metric,
      sql<string | null>`sum(${partnerDailyCounts.count}) filter (where ${partnerDailyCounts.metric} = ${metric})`,
    ]),
  ) as Record<Metric, SQL<string | null>>;
  const rows = await db
    .select({
      partnerId: partnerDailyCounts.partnerId,
      placementId: partnerDailyCounts.placementId,
      weekendEnd: sql<string | null>`${weekendEnd}`.as("weekend_end"),
      ...sums,
    })
    .from(partnerDailyCounts)
    .where(and(inArray(partnerDailyCounts.partnerId, [...partnerIds]), gte(partnerDailyCounts.day, from), lte(partnerDailyCounts.day, to)))
    .groupBy(partnerDailyCounts.partnerId, partnerDailyCounts.placementId, sql`weekend_end`);
  return rows.flatMap((row) =>
    METRICS.filter((metric) => row[metric] !== null).map((metric) => ({
      partnerId: row.partnerId,
      placementId: row.placementId,
      day: row.weekendEnd ? String(row.weekendEnd) : to,
      metric,
      count: Number(row[metric]),
    })),
  );
}

/**
 * Published articles that name each partner (a phrase search of title, excerpt and body text),
 * in the season: one query for every partner, on the articles' stored search document with its
 * GIN index (ADR 0144), so no article is parsed while a report is built.
 */
async function raceReportMentions(db: Database, partnerIds: readonly string[], from: string, to: string) {
  if (partnerIds.length === 0) return [];
  return db
    .select({ partnerId: partners.id, slug: articles.slug, title: articles.title, publishedOn: articles.publishedOn })
    .from(partners)
    .innerJoin(articles, sql`${articleSearchDocument} @@ phraseto_tsquery('english', ${partners.name})`)
    .where(
      and(
        inArray(partners.id, [...partnerIds]),
        eq(articles.status, "published"),
        gte(articles.publishedOn, from),
        lte(articles.publishedOn, to),
      ),
    )
    .orderBy(asc(partners.id), desc(articles.publishedOn));
}

/** At most this many race reports listed per partner. */
const MENTIONS_SHOWN = 50;

/**
 * Partners' reports as of `today`: per race weekend and season to date, the ledger and the
 * mentions. Every partner's figures come from the same few queries, however many are asked for
 * (the monthly job asks for all of them). Unknown or deleted partners are left out.
 */
export async function partnerReports(db: Database, partnerIds: readonly string[], today = ukIsoDate(new Date())) {
  const year = await reportSeason(db, today);
  const from = `${year}-01-01`;
  const [partnerList, roundList, ledgerRows, mentions, placements] = await Promise.all([
    partnerIds.length === 0
      ? []
      : db
          .select({ id: partners.id, name: partners.name })
          .from(partners)
          .where(and(inArray(partners.id, [...partnerIds]), isNull(partners.deletedAt))),
    seasonRounds(db, year),
    partnerIds.length === 0
      ? []
      : db
          .select()
          .from(partnerDeliverables)
          .where(inArray(partnerDeliverables.partnerId, [...partnerIds]))
          .orderBy(asc(partnerDeliverables.roundId), asc(partnerDeliverables.kind)),
    raceReportMentions(db, partnerIds, from, today),
    listPlacements(db),
  ]);
  const rows = await countRows(
    db,
    partnerList.map((partner) => partner.id),
    from,
    today,
    roundList,
  );
  const labels = new Map(placements.map((placement) => [placement.id, placement.label]));
  const ledger = await withLibraryPhotos(db, ledgerRows, (row) => row.evidenceAssetId);
  const rowsOf = groupBy(rows, (row) => row.partnerId);
  const ledgerOf = groupBy(ledger, (line) => line.partnerId);
  const mentionsOf = groupBy(mentions, (mention) => mention.partnerId);
  const reports = new Map<string, PartnerReportData>();
  for (const partner of partnerList) {
    const summary = summarise(rowsOf.get(partner.id) ?? [], roundList);
    const partnerLedger = ledgerOf.get(partner.id) ?? [];
    const partnerMentions = (mentionsOf.get(partner.id) ?? []).slice(0, MENTIONS_SHOWN).map((article) => ({
      title: article.title,
      path: articlePath(article.slug),
      publishedOn: article.publishedOn,
      roundId: weekendOf(article.publishedOn, roundList),
    }));
    reports.set(partner.id, {
      partner,
      seasonYear: year,
      today,
      summary,
      placementLabels: Object.fromEntries(
        summary.placements.map(({ placementId }) => [placementId, labels.get(placementId) ?? placementLabel(placementId)]),
      ),
      ledger: roundList.map((round) => ({
        roundId: round.id,
        label: `Round ${round.roundNumber}: ${round.name}`,
        lines: partnerLedger
          .filter((line) => line.roundId === round.id)
          .map((line) => ({
            id: line.id,
            kind: line.kind as DeliverableKind,
            label: DELIVERABLE_KINDS[line.kind as DeliverableKind] ?? line.kind,
            promised: line.promised,
            delivered: line.delivered,
            evidenceUrl: line.evidenceUrl,
            evidenceAssetId: line.evidenceAssetId,
            photo: line.photo,
            note: line.note,
          })),
        mentions: partnerMentions.filter((mention) => mention.roundId === round.id).map(withoutRound),
      })),
      laterMentions: partnerMentions.filter((mention) => mention.roundId === null).map(withoutRound),
    });
  }
  return reports;
}

function withoutRound<T extends { roundId: string | null }>({ roundId: _roundId, ...rest }: T): Omit<T, "roundId"> {
  return rest;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** One partner's report: per race weekend and season to date, the ledger and the mentions. Null for an unknown partner. */
export async function partnerReport(db: Database, partnerId: string, today = ukIsoDate(new Date())): Promise<PartnerReport | null> {
  return (await partnerReports(db, [partnerId], today)).get(partnerId) ?? null;
}

/** Every partner's season to date, side by side (the staff's view). */
export async function allPartnersSeason(db: Database, today = ukIsoDate(new Date())) {
  const year = await reportSeason(db, today);
  const list = await db
    .select({ id: partners.id, name: partners.name, tier: partners.tier })
    .from(partners)
    .where(isNull(partners.deletedAt))
    .orderBy(asc(partners.sortOrder), asc(partners.name));
  const roundList = await seasonRounds(db, year);
  const rows = await countRows(
    db,
    list.map((partner) => partner.id),
    `${year}-01-01`,
    today,
    roundList,
  );
  return {
    seasonYear: year,
    partners: list.map((partner) => ({
      ...partner,
      season: summarise(
        rows.filter((row) => row.partnerId === partner.id),
        roundList,
      ).season,
    })),
  };
}

/**
 * A month's figures for each partner (the monthly e-mail), with their report as of the month's
 * last day (or `to`) beside them: the same few queries for all of them.
 */
export async function monthlyFigures(db: Database, partnerIds: readonly string[], month: string, to: string) {
  const reports = await partnerReports(db, partnerIds, to);
  const first = reports.values().next().value;
  if (!first) return new Map<string, { report: PartnerReport; month: ReportSummary }>();
  const roundList = await seasonRounds(db, first.seasonYear);
  const rows = groupBy(await countRows(db, [...reports.keys()], `${month}-01`, to, roundList), (row) => row.partnerId);
  return new Map([...reports].map(([id, report]) => [id, { report, month: summarise(rows.get(id) ?? [], roundList) }]));
}
