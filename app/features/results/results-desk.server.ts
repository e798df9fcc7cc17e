/**
 * The results desk's seasons, and what its other modules share: a write's outcome
 * (Written); a refusal beside a field is the desk kit's DeskInputError. Every write takes the
 * transaction of auditedWrite (app/features/admin/audit.server.ts) and returns its audit
 * entries; a change based on a stale version throws VersionConflictError, which
 * auditedWrite turns into a refused save. The other jobs have modules of their own:
 * scoring rules (scoring-rules-desk.server.ts), rounds (rounds-desk.server.ts), results
 * (round-results.server.ts) and the classification CSV import (csv-import.server.ts).
 */
import { and, count, desc, eq, ne } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { rounds, scoringRules, seasons } from "../../../db/schema";
import { VersionConflictError, type AuditEntry, type Tx } from "~/features/admin/audit.server";
import { DeskInputError } from "~/features/admin/desk/desk-write.server";
import type { RestoreTarget } from "~/features/admin/history.server";
import { getScoringRules } from "~/features/calendar/season.server";

/** A write's outcome for auditedWrite: what the screen needs and the audit rows. */
export interface Written<T> {
  value: T;
  audit: AuditEntry[];
}

// ---------------------------------------------------------------- seasons

export async function listDeskSeasons(db: Database) {
  const [seasonRows, roundCounts] = await Promise.all([
    db.select().from(seasons).orderBy(desc(seasons.year)),
    db.select({ seasonYear: rounds.seasonYear, rounds: count() }).from(rounds).groupBy(rounds.seasonYear),
  ]);
  return seasonRows.map((season) => ({
    ...season,
    roundCount: roundCounts.find((row) => row.seasonYear === season.year)?.rounds ?? 0,
  }));
}

/** A new, unpublished season; each class's latest scoring rules carry over as its version 1. */
export async function createSeason(tx: Tx, year: number): Promise<Written<{ year: number }>> {
  const [existing] = await tx.select({ year: seasons.year }).from(seasons).where(eq(seasons.year, year));
  if (existing) throw new DeskInputError("year", `The ${year} season already exists.`);
  const [season] = await tx.insert(seasons).values({ year, published: false, isCurrent: false }).returning();
  const carried = await getScoringRules(tx, year);
  const rulesRows = [...carried].map(([racingClass, rules]) => ({ seasonYear: year, racingClass, version: 1, rules }));
  if (rulesRows.length) await tx.insert(scoringRules).values(rulesRows);
  return {
    value: { year },
    audit: [
      { action: "create", entityType: "season", entityId: String(year), entityLabel: `${year} season`, before: null, after: season },
      ...rulesRows.map((row) => ({
        action: "create",
        entityType: "scoring_rules",
        entityId: `${year}/${row.racingClass}/v1`,
        entityLabel: `${year} ${row.racingClass} scoring rules`,
        before: null,
        after: row,
      })),
    ],
  };
}

async function lockSeason(tx: Tx, year: number, expectedVersion: number) {
  const [season] = await tx.select().from(seasons).where(eq(seasons.year, year)).for("update");
  if (!season || season.version !== expectedVersion) throw new VersionConflictError("season", String(year));
  return season;
}

/** Publishes or withdraws a season; the current season stays published (the site opens on it). */
export async function setSeasonPublished(tx: Tx, year: number, expectedVersion: number, published: boolean): Promise<Written<null>> {
  const before = await lockSeason(tx, year, expectedVersion);
  if (!published && before.isCurrent)
    throw new DeskInputError("published", "The current season stays published; make another season current first.");
  const [after] = await tx
    .update(seasons)
    .set({ published, version: before.version + 1 })
    .where(eq(seasons.year, year))
    .returning();
  return {
    value: null,
    audit: [
      {
        action: published ? "publish" : "unpublish",
        entityType: "season",
        entityId: String(year),
        entityLabel: `${year} season`,
        before,
        after,
      },
    ],
  };
}

/** Makes a published season the current one; the one that was current stops being it (one update each, both audited). */
export async function setCurrentSeason(tx: Tx, year: number, expectedVersion: number): Promise<Written<null>> {
  const before = await lockSeason(tx, year, expectedVersion);
  if (!before.published) throw new DeskInputError("isCurrent", "Publish the season before making it current.");
  if (before.isCurrent) return { value: null, audit: [] };
  const audit: AuditEntry[] = [];
  const previous = await tx
    .select()
    .from(seasons)
    .where(and(eq(seasons.isCurrent, true), ne(seasons.year, year)))
    .for("update");
  for (const season of previous) {
    const [after] = await tx
      .update(seasons)
      .set({ isCurrent: false, version: season.version + 1 })
      .where(eq(seasons.year, season.year))
      .returning();
    audit.push({
      action: "update",
      entityType: "season",
      entityId: String(season.year),
      entityLabel: `${season.year} season`,
      before: season,
      after,
    });
  }
  const [after] = await tx
    .update(seasons)
    .set({ isCurrent: true, version: before.version + 1 })
    .where(eq(seasons.year, year))
    .returning();
  audit.push({ action: "set_current", entityType: "season", entityId: String(year), entityLabel: `${year} season`, before, after });
  return { value: null, audit };
}

/**
 * How the History panel sets a season back to an earlier snapshot: whether it is published.
 * Which season is current is a choice among seasons (Make current changes two), so a restore
 * does not change it; the current season stays published, as the desk requires.
 */
export function seasonRestoreTarget(year: number): RestoreTarget<typeof seasons.$inferSelect> {
  return {
    entityType: "season",
    entityId: String(year),
    entityLabel: `${year} season`,
    load: async (tx) => (await tx.select().from(seasons).where(eq(seasons.year, year)).for("update"))[0] ?? null,
    apply: async (tx, snapshot, expectedVersion) => {
      if (typeof snapshot.published !== "boolean")
        throw new DeskInputError("form", "That version cannot be restored: it does not say whether the season was published.");
      await setSeasonPublished(tx, year, expectedVersion, snapshot.published);
      return (await tx.select().from(seasons).where(eq(seasons.year, year)))[0]!;
    },
  };
}
