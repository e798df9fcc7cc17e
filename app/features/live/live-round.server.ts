/**
 * The server's read of a round as it happens (issue 39): the `LiveRound` the round page renders
 * first, and the live events after it bring up to date. Times are worked out here, never in the
 * browser (ADR 0112): each session's start and end as ISO instants.
 */
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import {
  drivers,
  mediaAssets,
  rounds,
  roundSessions,
  seasons,
  sessionClassifications,
  sessionStates,
  tickerPosts,
} from "../../../db/schema";
import { buildPictureSources } from "~/features/media/media";
import { lastLiveEventId } from "./live-events.server";
import type { SessionLiveSummary } from "./round-status";
import { sessionViewOf } from "./session-view";
import type { ClassificationView, LiveRound, TickerKind, TickerPostView } from "./live-round";

/** The round a live page is about: in a published season, else null (the page is a 404). */
export async function getPublishedRound(db: Database, roundId: string, options: { includeUnpublished?: boolean } = {}) {
  if (roundId.length > 200) return null;
  const [row] = await db
    .select({ round: rounds })
    .from(rounds)
    .innerJoin(seasons, eq(seasons.year, rounds.seasonYear))
    .where(options.includeUnpublished ? eq(rounds.id, roundId) : and(eq(rounds.id, roundId), eq(seasons.published, true)));
  return row?.round ?? null;
}

type TickerRow = typeof tickerPosts.$inferSelect;

/** Ticker rows as the page shows them: the driver's name and number, the photo's sizes. */
export async function tickerViews(db: Pick<Database, "select">, rows: readonly TickerRow[]): Promise<TickerPostView[]> {
  const driverIds = [...new Set(rows.map((row) => row.driverId).filter((id): id is string => Boolean(id)))];
  const assetIds = [...new Set(rows.map((row) => row.mediaAssetId).filter((id): id is string => Boolean(id)))];
  const [driverRows, assetRows] = await Promise.all([
    driverIds.length
      ? db.select({ id: drivers.id, name: drivers.name, number: drivers.number }).from(drivers).where(inArray(drivers.id, driverIds))
      : [],
    assetIds.length
      ? db
          .select()
          .from(mediaAssets)
          .where(and(inArray(mediaAssets.id, assetIds), isNull(mediaAssets.deletedAt)))
      : [],
  ]);
  const driverById = new Map(driverRows.map((driver) => [driver.id, driver]));
  const assetById = new Map(assetRows.map((asset) => [asset.id, asset]));
  return rows.map((row) => {
    const asset = row.mediaAssetId ? assetById.get(row.mediaAssetId) : undefined;
    let photo: TickerPostView["photo"] = null;
    if (asset && asset.kind === "image" && asset.width && asset.height) {
      const sources = buildPictureSources(asset.variants);
      photo = { src: sources.fallbackSrc, srcSet: sources.webpSrcSet, alt: asset.altText, width: asset.width, height: asset.height };
    }
    return {
      id: row.id,
      kind: row.kind as TickerKind,
      body: row.body,
      photo,
      driver: row.driverId ? (driverById.get(row.driverId) ?? null) : null,
      position: row.position,
      sessionId: row.sessionId,
      postedAt: row.postedAt.toISOString(),
      editedAt: row.editedAt ? row.editedAt.toISOString() : null,
    };
  });
}

export type LiveRoundRecord = NonNullable<Awaited<ReturnType<typeof getPublishedRound>>>;

/**
 * A round as it happens at `now`: its sessions with their instants and staff's states, the
 * ticker (not removed, newest first), every classification version, and the last live event
 * this includes. The last event id is read first, so an event committed while the rest is read
 * is at worst applied again on top (applyLiveEvent makes that harmless), never missed.
 * Null for an unknown round or one of an unpublished season (the desk asks for those too: `includeUnpublished`).
 */
export async function getLiveRound(
  db: Database,
  roundId: string,
  _now: Date = new Date(),
  options: { includeUnpublished?: boolean } = {},
): Promise<{ round: LiveRoundRecord; live: LiveRound } | null> {
  const lastEventId = await lastLiveEventId(db);
  const round = await getPublishedRound(db, roundId, options);
  if (!round) return null;
  const [sessionRows, stateRows, postRows, issueRows] = await Promise.all([
    db.select().from(roundSessions).where(eq(roundSessions.roundId, roundId)).orderBy(asc(roundSessions.sortOrder)),
    db.select().from(sessionStates).where(eq(sessionStates.roundId, roundId)),
    db
      .select()
      .from(tickerPosts)
      .where(and(eq(tickerPosts.roundId, roundId), isNull(tickerPosts.deletedAt)))
      .orderBy(desc(tickerPosts.postedAt), desc(tickerPosts.id)),
    db
      .select()
      .from(sessionClassifications)
      .where(eq(sessionClassifications.roundId, roundId))
      .orderBy(asc(sessionClassifications.sessionId), asc(sessionClassifications.version)),
  ]);
  const stateBySession = new Map(stateRows.map((state) => [state.sessionId, state]));
  const classifications: ClassificationView[] = issueRows.map((issue) => ({
    sessionId: issue.sessionId,
    version: issue.version,
    status: issue.status as ClassificationView["status"],
    issuedAt: issue.issuedAt.toISOString(),
    note: issue.note,
    rows: issue.rows,
  }));
  return {
    round,
    live: {
      roundId,
      lastEventId,
      sessions: sessionRows.map((session) => sessionViewOf(session, round.raceLengthMinutes, stateBySession.get(session.id) ?? null)),
      ticker: await tickerViews(db, postRows),
      classifications,
    },
  };
}

/**
 * Each round's sessions as the calendar and the next-race panel follow them (round-status.ts):
 * instants, staff's states and the statuses of the classifications issued, by round id.
 */
export async function liveSummariesOf(
  db: Database,
  roundRows: ReadonlyArray<{ id: string; raceLengthMinutes: number }>,
  sessionRows: ReadonlyArray<{ id: string; roundId: string; name: string; date: string; time: string | null }>,
): Promise<Map<string, SessionLiveSummary[]>> {
  const roundIds = roundRows.map((round) => round.id);
  const summaries = new Map<string, SessionLiveSummary[]>();
  if (roundIds.length === 0) return summaries;
  const [stateRows, issueRows] = await Promise.all([
    db.select().from(sessionStates).where(inArray(sessionStates.roundId, roundIds)),
    db
      .select({
        sessionId: sessionClassifications.sessionId,
        version: sessionClassifications.version,
        status: sessionClassifications.status,
      })
      .from(sessionClassifications)
      .where(inArray(sessionClassifications.roundId, roundIds))
      .orderBy(asc(sessionClassifications.version)),
  ]);
  const stateBySession = new Map(stateRows.map((state) => [state.sessionId, state]));
  for (const round of roundRows) {
    summaries.set(
      round.id,
      sessionRows
        .filter((session) => session.roundId === round.id)
        .map((session) => {
          const { id, name, startsAt, endsAt, staffState, staffStateAt } = sessionViewOf(
            session,
            round.raceLengthMinutes,
            stateBySession.get(session.id) ?? null,
          );
          const issues = issueRows
            .filter((issue) => issue.sessionId === session.id)
            .map((issue) => ({ version: issue.version, status: issue.status as ClassificationView["status"] }));
          return { id, name, startsAt, endsAt, staffState, staffStateAt, issues };
        }),
    );
  }
  return summaries;
}
