/** The results desk's rounds: a season's rounds, and a round saved with its sessions. */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { rounds, roundSessions, seasons, sessionClassifications } from "../../../db/schema";
import { VersionConflictError, type Tx } from "~/features/admin/audit.server";
import type { RestoreTarget } from "~/features/admin/history.server";
import { DeskInputError } from "~/features/admin/desk/desk-write.server";
import type { Written } from "./results-desk.server";
import { roundSchema, type RoundInput } from "./results-form";

export async function getSeasonRounds(db: Database, year: number) {
  const [season] = await db.select().from(seasons).where(eq(seasons.year, year));
  if (!season) return null;
  const roundRows = await db
    .select({ id: rounds.id, roundNumber: rounds.roundNumber, name: rounds.name, startDate: rounds.startDate, endDate: rounds.endDate })
    .from(rounds)
    .where(eq(rounds.seasonYear, year))
    .orderBy(asc(rounds.startDate), asc(rounds.roundNumber));
  return { season, rounds: roundRows };
}

export async function getDeskRound(db: Database, roundId: string) {
  const [round] = await db.select().from(rounds).where(eq(rounds.id, roundId));
  if (!round) return null;
  const sessions = await db.select().from(roundSessions).where(eq(roundSessions.roundId, roundId)).orderBy(asc(roundSessions.sortOrder));
  return { ...round, sessions };
}

function roundValues(input: RoundInput) {
  const { sessions: _sessions, ...values } = input;
  return values;
}

/**
 * Writes the round's sessions as the form lists them. A session keeps its id while its name
 * stays (matched without regard to case), so its live state, ticker posts and classifications
 * stay with it when sessions are reordered or retimed; a session with a published
 * classification cannot be removed.
 */
async function replaceSessions(tx: Tx, roundId: string, sessions: RoundInput["sessions"]) {
  const existing = await tx
    .select({ id: roundSessions.id, name: roundSessions.name })
    .from(roundSessions)
    .where(eq(roundSessions.roundId, roundId));
  const unclaimed = new Map(existing.map((session) => [session.id, session.name.trim().toLowerCase()]));
  const ids = sessions.map((session) => {
    const name = session.name.trim().toLowerCase();
    const match = [...unclaimed].find(([, existingName]) => existingName === name)?.[0];
    if (match) unclaimed.delete(match);
    return match ?? randomUUID();
  });
  if (unclaimed.size) {
    const classified = await tx
      .selectDistinct({ sessionId: sessionClassifications.sessionId })
      .from(sessionClassifications)
      .where(inArray(sessionClassifications.sessionId, [...unclaimed.keys()]));
    const removed = existing.find((session) => classified.some((row) => row.sessionId === session.id));
    if (removed) throw new DeskInputError("sessions", `${removed.name} has a published result, so it stays in the timetable.`);
  }
  await tx.delete(roundSessions).where(eq(roundSessions.roundId, roundId));
  if (sessions.length) {
    await tx.insert(roundSessions).values(sessions.map((session, sortOrder) => ({ ...session, id: ids[sortOrder], roundId, sortOrder })));
  }
}

function checkRoundInSeason(seasonYear: number, input: RoundInput) {
  if (Number(input.startDate.slice(0, 4)) !== seasonYear) {
    throw new DeskInputError("startDate", `A round of the ${seasonYear} season starts in ${seasonYear}.`);
  }
}

async function checkRoundNumberFree(tx: Tx, seasonYear: number, roundNumber: number, exceptId: string | null) {
  const [taken] = await tx
    .select({ id: rounds.id })
    .from(rounds)
    .where(and(eq(rounds.seasonYear, seasonYear), eq(rounds.roundNumber, roundNumber), exceptId ? ne(rounds.id, exceptId) : undefined));
  if (taken) throw new DeskInputError("roundNumber", `Round ${roundNumber} already exists in ${seasonYear}.`);
}

export async function createRound(tx: Tx, seasonYear: number, input: RoundInput): Promise<Written<{ id: string }>> {
  const [season] = await tx.select({ year: seasons.year }).from(seasons).where(eq(seasons.year, seasonYear));
  if (!season) throw new DeskInputError("form", `There is no ${seasonYear} season.`);
  checkRoundInSeason(seasonYear, input);
  await checkRoundNumberFree(tx, seasonYear, input.roundNumber, null);
  const id = `${seasonYear}-r${input.roundNumber}-${input.circuitSlug}`;
  const [after] = await tx
    .insert(rounds)
    .values({ ...roundValues(input), id, seasonYear })
    .returning();
  await replaceSessions(tx, id, input.sessions);
  return {
    value: { id },
    audit: [
      {
        action: "create",
        entityType: "round",
        entityId: id,
        entityLabel: `${seasonYear} R${input.roundNumber} ${input.name}`,
        before: null,
        after: { ...after, sessions: input.sessions },
      },
    ],
  };
}

/** Saves a round and its sessions together, based on the version the form was opened on. */
export async function updateRound(
  tx: Tx,
  roundId: string,
  expectedVersion: number,
  input: RoundInput,
): Promise<Written<typeof rounds.$inferSelect>> {
  const [before] = await tx.select().from(rounds).where(eq(rounds.id, roundId)).for("update");
  if (!before || before.version !== expectedVersion) throw new VersionConflictError("round", roundId);
  checkRoundInSeason(before.seasonYear, input);
  await checkRoundNumberFree(tx, before.seasonYear, input.roundNumber, roundId);
  const sessionsBefore = await tx
    .select()
    .from(roundSessions)
    .where(eq(roundSessions.roundId, roundId))
    .orderBy(asc(roundSessions.sortOrder));
  const [after] = await tx
    .update(rounds)
    .set({ ...roundValues(input), version: before.version + 1 })
    .where(eq(rounds.id, roundId))
    .returning();
  await replaceSessions(tx, roundId, input.sessions);
  const sessionView = (list: ReadonlyArray<{ name: string; date: string; time: string | null }>) =>
    list.map(({ name, date, time }) => ({ name, date, time }));
  return {
    value: after!,
    audit: [
      {
        action: "update",
        entityType: "round",
        entityId: roundId,
        entityLabel: `${before.seasonYear} R${input.roundNumber} ${input.name}`,
        before: { ...before, sessions: sessionView(sessionsBefore) },
        after: { ...after, sessions: sessionView(input.sessions) },
      },
    ],
  };
}

/**
 * How the History panel sets a round back to an earlier snapshot: the snapshot's round and
 * session fields go through the round form's own checks, then the same versioned save.
 */
export function roundRestoreTarget(roundId: string, label: string): RestoreTarget<typeof rounds.$inferSelect> {
  return {
    entityType: "round",
    entityId: roundId,
    entityLabel: label,
    load: async (tx) => (await tx.select().from(rounds).where(eq(rounds.id, roundId)).for("update"))[0] ?? null,
    apply: async (tx, snapshot, expectedVersion) => {
      // The snapshot is JSON of the stored row; the form schema reads text, as from a form.
      const asFormValue = (value: unknown) => (value === null || value === undefined ? "" : String(value));
      const fields = Object.fromEntries(Object.entries(snapshot).map(([key, value]) => [key, asFormValue(value)]));
      const sessions = Array.isArray(snapshot.sessions) ? snapshot.sessions : [];
      const parsed = roundSchema.safeParse({
        ...fields,
        sessions: sessions.map((session) =>
          Object.fromEntries(Object.entries(session as Record<string, unknown>).map(([key, value]) => [key, asFormValue(value)])),
        ),
      });
      if (!parsed.success) throw new DeskInputError("form", "That version cannot be restored: it no longer passes the round's checks.");
      return (await updateRound(tx, roundId, expectedVersion, parsed.data)).value;
    },
  };
}
