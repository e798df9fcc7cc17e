/**
 * A session's result from the timing sheet (issue 39, "results on the flag"): the classification
 * pasted or uploaded, a dry run of what publishing it changes, then the publish of exactly that as
 * the session's next version (provisional, final, or a re-issue with its note). One transaction
 * stores the version, writes our drivers' results for that race into `round_results` (so points,
 * standings, the share card and the driver pages follow), audits it and appends the live event.
 */
import { and, asc, desc, eq, inArray, max } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { drivers, roundResults, rounds, roundSessions, sessionClassifications, sessionStates } from "../../../db/schema";
import { VersionConflictError, type AuditEntry, type Tx } from "~/features/admin/audit.server";
import { DeskInputError } from "~/features/admin/desk/desk-write.server";
import { getScoringRules, rulesForClass } from "~/features/calendar/season.server";
import { appendLiveEvent } from "~/features/live/live-events.server";
import { queueResultPush } from "~/features/push/push-queue.server";
import {
  sessionPhase,
  type ClassificationStatus,
  type ClassificationView,
  type ClassifiedRow,
  type SessionPhase,
} from "~/features/live/live-round";
import { sessionViewOf } from "~/features/live/session-view";
import { isQualifyingSession, isRaceSession } from "~/lib/session-kind";
import { formatCalendarDate } from "~/lib/dates";
import { ukLocalTime } from "~/lib/race-time";
import type { RaceResult, RoundEntry } from "~/lib/scoring";
import type { ClassificationRow, CsvProblem, KnownDriver } from "./classification-csv";
import { planClassificationImport, planFingerprint, type ImportChange, type StoredRoundResult } from "./classification-import";
import type { Written } from "./results-desk.server";
import { classRecords, lockRound, resultEntityId } from "./round-results.server";
import {
  classPositionOf,
  fastestCarByClass,
  issuedInstant,
  readClassification,
  type ClassificationWarning,
  type ReadRow,
  type SheetHeader,
} from "./tsl-classification";

export const SESSION_CLASSIFICATION = "session_classification";

/** The session a result is for, with what the desk shows about it. */
export async function loadResultSession(db: Database | Tx, roundId: string, sessionId: string, now: Date) {
  const [row] = await db
    .select({
      round: {
        id: rounds.id,
        seasonYear: rounds.seasonYear,
        roundNumber: rounds.roundNumber,
        name: rounds.name,
        circuit: rounds.circuit,
        location: rounds.location,
        startDate: rounds.startDate,
        endDate: rounds.endDate,
        raceLengthMinutes: rounds.raceLengthMinutes,
      },
      session: { id: roundSessions.id, name: roundSessions.name, date: roundSessions.date, time: roundSessions.time },
      state: { state: sessionStates.state, changedAt: sessionStates.changedAt },
    })
    .from(roundSessions)
    .innerJoin(rounds, eq(rounds.id, roundSessions.roundId))
    .leftJoin(sessionStates, eq(sessionStates.sessionId, roundSessions.id))
    .where(and(eq(roundSessions.roundId, roundId), eq(roundSessions.id, sessionId)));
  if (!row) return null;
  const sessions = await db
    .select({ id: roundSessions.id, name: roundSessions.name })
    .from(roundSessions)
    .where(eq(roundSessions.roundId, roundId))
    .orderBy(asc(roundSessions.sortOrder));
  const races = sessions.filter((session) => isRaceSession(session.name));
  const raceIndex = races.findIndex((session) => session.id === sessionId);
  const versions = await db
    .select()
    .from(sessionClassifications)
    .where(eq(sessionClassifications.sessionId, sessionId))
    .orderBy(asc(sessionClassifications.version));
  const issues: ClassificationView[] = versions.map(viewOf);
  const view = sessionViewOf(row.session, row.round.raceLengthMinutes, row.state?.state ? row.state : null);
  const phase: SessionPhase = sessionPhase(view, issues, now);
  return {
    round: row.round,
    session: view,
    kind: raceIndex >= 0 ? ("race" as const) : isQualifyingSession(row.session.name) ? ("qualifying" as const) : ("other" as const),
    /** The Nth "Race …" session of the round is race N of its results (raceCountOf). */
    raceNumber: raceIndex >= 0 ? raceIndex + 1 : null,
    phase,
    versions: versions.map((version) => ({ ...viewOf(version), publishedAt: version.publishedAt.toISOString() })),
  };
}

export type ResultSession = NonNullable<Awaited<ReturnType<typeof loadResultSession>>>;

function viewOf(row: typeof sessionClassifications.$inferSelect): ClassificationView {
  return {
    sessionId: row.sessionId,
    version: row.version,
    status: row.status as ClassificationStatus,
    issuedAt: row.issuedAt.toISOString(),
    note: row.note,
    rows: row.rows,
  };
}

export interface ResultInput {
  text: string;
  status: ClassificationStatus;
  /** UK local "YYYY-MM-DDTHH:MM" typed on the desk; empty to take the sheet's. */
  issuedAt: string;
  note: string;
}

/** A pole change from a qualifying classification: our P1 in class gets the round's pole. */
export interface PoleChange {
  driverId: string;
  driverName: string;
  racingClass: string;
  pole: boolean;
  basedOnVersion: number;
}

export interface ResultPreview {
  header: SheetHeader;
  format: "text" | "csv";
  rows: ReadRow[];
  warnings: ClassificationWarning[];
  issuedAt: string;
  version: number;
  status: ClassificationStatus;
  note: string;
  /** Race sessions: our drivers' results for this race, with points and season totals before and after. */
  changes: ImportChange[];
  poles: PoleChange[];
  fingerprint: string;
}

export type PreviewOutcome = { ok: true; preview: ResultPreview } | { ok: false; status: 400 | 404; problems: CsvProblem[] };

const refuse = (message: string, status: 400 | 404 = 400): PreviewOutcome => ({ ok: false, status, problems: [{ line: null, message }] });

const dayLabel = formatCalendarDate;

/** The words of a circuit's or round's name a sheet's title would print ("Silverstone", "Cadwell Park"). */
function placeWords(round: ResultSession["round"]): string[] {
  const generic = new Set(["circuit", "national", "international", "grand", "prix", "park", "the", "raceway", "motor", "racing", "indy"]);
  return [round.circuit, round.name, round.location.split(",")[0] ?? ""]
    .flatMap((name) => name.toLowerCase().split(/[^a-z]+/))
    .filter((word) => word.length >= 4 && !generic.has(word));
}

/** What this round's result desk refuses before anything is compared: the wrong round or session, a session not yet run. */
function wrongSheet(target: ResultSession, header: SheetHeader): string | null {
  const { round, session } = target;
  if (header.date && (header.date < round.startDate || header.date > round.endDate)) {
    return `The sheet is dated ${dayLabel(header.date)}, but ${round.name} is on ${dayLabel(round.startDate)}: is it this round's classification?`;
  }
  const words = placeWords(round);
  const title = header.lines.join(" ").toLowerCase();
  if (header.lines.length && words.length && !words.some((word) => title.includes(word))) {
    return `The sheet's title does not name ${round.circuit}: is it this round's classification?`;
  }
  if (header.sessionName) {
    const printed = header.sessionName.toLowerCase().replace(/\s+/g, " ");
    const ours = session.name.toLowerCase();
    const race = /^race (\d+)/.exec(printed);
    const mismatch = race ? !new RegExp(`^race\\s*${race[1]}\\b`).test(ours) : !ours.includes(printed.split(" ")[0]!);
    if (mismatch) return `The sheet is for ${header.sessionName}, not ${session.name}.`;
  }
  return null;
}

/** How a row of the sheet counts in our results (the championship's words: RET is a DNF, DQ a DSQ). */
function raceResultOf(row: ClassifiedRow, fastest: ReadonlyMap<string, number>, penaltyPoints: number | undefined): RaceResult {
  const position: RaceResult["position"] =
    row.status === "CLASSIFIED" ? classPositionOf(row)! : row.status === "DQ" ? "DSQ" : row.status === "RET" ? "DNF" : row.status;
  const result: RaceResult = { position };
  if (fastest.get(row.racingClass) === row.carNumber) result.fastestLap = true;
  if (penaltyPoints) result.penaltyPoints = penaltyPoints;
  return result;
}

async function knownDrivers(db: Database | Tx): Promise<KnownDriver[]> {
  return db.select({ id: drivers.id, number: drivers.number, name: drivers.name, racingClass: drivers.racingClass }).from(drivers);
}

/**
 * The dry run: reads the sheet, refuses it when it is not this session's or the session has not
 * been run, and works out every change publishing it makes. Read-only; the publish recomputes it
 * in its transaction and refuses when the fingerprint differs.
 */
export async function previewSessionResult(
  db: Database | Tx,
  roundId: string,
  sessionId: string,
  input: ResultInput,
  now: Date,
): Promise<PreviewOutcome> {
  const target = await loadResultSession(db, roundId, sessionId, now);
  if (!target) return refuse("There is no such session in this round.", 404);
  if (target.phase === "scheduled") {
    const when = target.session.time ? ` (it starts at ${target.session.time} on ${dayLabel(target.session.date)})` : "";
    return refuse(`${target.session.name} has not been run yet${when}: a result can be published once it has started.`);
  }
  const known = await knownDrivers(db);
  const read = readClassification(input.text, known);
  if (!read.ok) return { ok: false, status: 400, problems: read.problems };
  const wrong = wrongSheet(target, read.header);
  if (wrong) return refuse(wrong);

  let issuedAt: Date | null;
  if (input.issuedAt) {
    const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(input.issuedAt);
    if (!match || !isCalendarDateTime(match[1]!, match[2]!)) return refuse("Enter the time of issue as a date and time.");
    issuedAt = ukLocalTime(match[1]!, match[2]!);
  } else issuedAt = issuedInstant(read.header, target.session.date);
  if (!issuedAt) return refuse("The sheet does not print its time of issue: enter it.");
  if (issuedAt.getTime() > now.getTime() + 5 * 60_000) return refuse("The time of issue is in the future.");

  const latest = target.versions.at(-1);
  const note = input.note.trim();
  if (latest && target.versions.some((version) => version.status === "final") && !note) {
    return refuse("A final result is out already: say why this one is re-issued (the bulletin, the penalty).");
  }
  if (note.length > 500) return refuse("Keep the note under 500 characters.");

  const ours = read.rows.filter((row) => row.driverId);
  const ourDriverIds = ours.map((row) => row.driverId!);
  const storedRows = await db
    .select()
    .from(roundResults)
    .where(and(eq(roundResults.roundId, roundId), inArray(roundResults.driverId, ourDriverIds)));
  const stored = new Map<string, StoredRoundResult>(storedRows.map((row) => [row.driverId, row]));

  let changes: ImportChange[] = [];
  let poles: PoleChange[] = [];
  if (target.kind === "race") {
    const raceIndex = target.raceNumber! - 1;
    const fastest = fastestCarByClass(read.rows);
    const driverById = new Map(known.map((driver) => [driver.id, driver]));
    const rows: ClassificationRow[] = ours.map((row) => ({
      line: row.line,
      driver: driverById.get(row.driverId!)!,
      result: raceResultOf(row, fastest, stored.get(row.driverId!)?.races[raceIndex]?.penaltyPoints),
    }));
    const [seasonRows, rulesByClass] = await Promise.all([
      db
        .select({ result: roundResults })
        .from(roundResults)
        .innerJoin(rounds, eq(rounds.id, roundResults.roundId))
        .where(and(eq(rounds.seasonYear, target.round.seasonYear), inArray(roundResults.driverId, ourDriverIds)))
        .orderBy(asc(rounds.startDate)),
      getScoringRules(db, target.round.seasonYear),
    ]);
    const missingRules = rows.find((row) => !rulesByClass.has(row.driver.racingClass));
    if (missingRules) return refuse(`${missingRules.driver.racingClass} has no scoring rules for ${target.round.seasonYear}.`);
    const seasonEntries = new Map<string, RoundEntry[]>();
    for (const { result } of seasonRows) {
      seasonEntries.set(result.driverId, [...(seasonEntries.get(result.driverId) ?? []), { roundId: result.roundId, races: result.races }]);
    }
    const plan = planClassificationImport(rows, {
      roundId,
      raceNumber: target.raceNumber!,
      stored,
      seasonEntries,
      rulesFor: (racingClass) => rulesForClass(rulesByClass, racingClass),
    });
    if (!plan.ok) return { ok: false, status: 400, problems: plan.problems };
    changes = plan.changes;
  } else if (target.kind === "qualifying") {
    const driverById = new Map(known.map((driver) => [driver.id, driver]));
    poles = ours.flatMap((row) => {
      const before = storedRows.find((stored) => stored.driverId === row.driverId);
      const pole = classPositionOf(row) === 1;
      // A driver with no result in the round yet gets the pole with the first race's result (see publish).
      if (!before || before.pole === pole) return [];
      const driver = driverById.get(row.driverId!)!;
      return [{ driverId: driver.id, driverName: driver.name, racingClass: driver.racingClass, pole, basedOnVersion: before.version }];
    });
  }
  const fingerprint = [
    `v${latest?.version ?? 0}`,
    planFingerprint(changes),
    poles.map((pole) => `${pole.driverId}@${pole.basedOnVersion}`).join(","),
  ].join("|");
  return {
    ok: true,
    preview: {
      header: read.header,
      format: read.format,
      rows: read.rows,
      warnings: read.warnings,
      issuedAt: issuedAt.toISOString(),
      version: (latest?.version ?? 0) + 1,
      status: input.status,
      note,
      changes,
      poles,
      fingerprint,
    },
  };
}

/** Our drivers on pole by this round's qualifying classifications (the latest of each), for a result row made by a race. */
async function polesFromQualifying(tx: Tx, roundId: string): Promise<Set<string>> {
  const issued = await tx
    .select({ sessionId: sessionClassifications.sessionId, name: roundSessions.name, rows: sessionClassifications.rows })
    .from(sessionClassifications)
    .innerJoin(roundSessions, eq(roundSessions.id, sessionClassifications.sessionId))
    .where(eq(sessionClassifications.roundId, roundId))
    .orderBy(desc(sessionClassifications.version));
  const seen = new Set<string>();
  const poles = new Set<string>();
  for (const issue of issued) {
    if (seen.has(issue.sessionId) || !isQualifyingSession(issue.name)) continue;
    seen.add(issue.sessionId);
    for (const row of issue.rows) if (row.driverId && classPositionOf(row) === 1) poles.add(row.driverId);
  }
  return poles;
}

/** Whether the round's results are still provisional: a race whose latest classification is provisional. */
async function roundProvisional(tx: Tx, roundId: string): Promise<boolean> {
  const latest = await tx
    .select({ sessionId: sessionClassifications.sessionId, version: max(sessionClassifications.version) })
    .from(sessionClassifications)
    .where(eq(sessionClassifications.roundId, roundId))
    .groupBy(sessionClassifications.sessionId);
  if (!latest.length) return false;
  const rows = await tx
    .select({
      status: sessionClassifications.status,
      name: roundSessions.name,
      sessionId: sessionClassifications.sessionId,
      version: sessionClassifications.version,
    })
    .from(sessionClassifications)
    .innerJoin(roundSessions, eq(roundSessions.id, sessionClassifications.sessionId))
    .where(eq(sessionClassifications.roundId, roundId));
  return rows.some(
    (row) =>
      isRaceSession(row.name) &&
      row.status === "provisional" &&
      latest.some((last) => last.sessionId === row.sessionId && last.version === row.version),
  );
}

export interface Published {
  version: number;
  status: ClassificationStatus;
  changed: number;
  liveEventId: number;
}

/**
 * Publishes the session's next classification exactly as previewed: refused as a conflict when
 * anything the preview was based on changed (a result saved, another version published), and
 * refused whole when the sheet is refused. One transaction: the version, our drivers' results,
 * their audit and the live event.
 */
export async function publishSessionResult(
  tx: Tx,
  staffId: string | null,
  roundId: string,
  sessionId: string,
  input: ResultInput,
  previewFingerprint: string,
  now: Date,
): Promise<Written<Published>> {
  // The round's row first: publishes and results saves of one round take turns.
  const round = await lockRound(tx, roundId);
  if (!round) throw new DeskInputError("text", "That round no longer exists.");
  await tx.select({ driverId: roundResults.driverId }).from(roundResults).where(eq(roundResults.roundId, roundId)).for("update");
  const outcome = await previewSessionResult(tx, roundId, sessionId, input, now);
  if (!outcome.ok) throw new DeskInputError("text", outcome.problems.map((problem) => problem.message).join(" "));
  const { preview } = outcome;
  if (preview.fingerprint !== previewFingerprint) throw new VersionConflictError(SESSION_CLASSIFICATION, sessionId);

  const [session] = await tx.select({ name: roundSessions.name }).from(roundSessions).where(eq(roundSessions.id, sessionId));
  const rows: ClassifiedRow[] = preview.rows.map(({ line: _line, ...row }) => row);
  const [issued] = await tx
    .insert(sessionClassifications)
    .values({
      roundId,
      sessionId,
      version: preview.version,
      status: preview.status,
      issuedAt: new Date(preview.issuedAt),
      rows,
      note: preview.note,
      publishedBy: staffId,
    })
    .returning();
  if (!issued) throw new Error("The classification was not stored");
  const label = `${session!.name}, ${round.seasonYear} R${round.roundNumber} ${round.name}`;
  const audit: AuditEntry[] = [
    {
      action: "create",
      entityType: SESSION_CLASSIFICATION,
      entityId: `${sessionId}/v${preview.version}`,
      entityLabel: `${label}: ${preview.status} v${preview.version}`,
      before: null,
      after: { ...issued, rows: `${rows.length} cars` },
      reason: preview.note || null,
    },
  ];

  const provisional = await roundProvisional(tx, roundId);
  const touchedClasses = [...preview.changes.map((change) => change.racingClass), ...preview.poles.map((pole) => pole.racingClass)];
  const classAudit = await classRecords(tx, round, touchedClasses);
  const poles = preview.changes.some((change) => change.basedOnVersion === null) ? await polesFromQualifying(tx, roundId) : new Set();
  const reason = `${session!.name} classification v${preview.version} (${preview.status})`;
  let changed = 0;
  for (const change of preview.changes) {
    const entityId = resultEntityId(roundId, change.driverId);
    const entityLabel = `${change.driverName}, ${label}`;
    if (change.basedOnVersion === null) {
      const [after] = await tx
        .insert(roundResults)
        .values({
          roundId,
          driverId: change.driverId,
          racingClass: change.racingClass,
          races: change.racesAfter,
          provisional,
          pole: poles.has(change.driverId),
        })
        .returning();
      audit.push({ action: "create", entityType: "round_result", entityId, entityLabel, before: null, after, reason });
      changed += 1;
      continue;
    }
    const [before] = await tx
      .select()
      .from(roundResults)
      .where(and(eq(roundResults.roundId, roundId), eq(roundResults.driverId, change.driverId)));
    if (change.kind === "unchanged" && before?.provisional === provisional) continue;
    const [after] = await tx
      .update(roundResults)
      .set({ races: change.racesAfter, provisional, version: change.basedOnVersion + 1 })
      .where(
        and(eq(roundResults.roundId, roundId), eq(roundResults.driverId, change.driverId), eq(roundResults.version, change.basedOnVersion)),
      )
      .returning();
    if (!after) throw new VersionConflictError("round_result", entityId);
    audit.push({ action: "update", entityType: "round_result", entityId, entityLabel, before, after, reason });
    changed += 1;
  }
  for (const pole of preview.poles) {
    const entityId = resultEntityId(roundId, pole.driverId);
    const [before] = await tx
      .select()
      .from(roundResults)
      .where(and(eq(roundResults.roundId, roundId), eq(roundResults.driverId, pole.driverId)));
    const [after] = await tx
      .update(roundResults)
      .set({ pole: pole.pole, version: pole.basedOnVersion + 1 })
      .where(
        and(eq(roundResults.roundId, roundId), eq(roundResults.driverId, pole.driverId), eq(roundResults.version, pole.basedOnVersion)),
      )
      .returning();
    if (!after) throw new VersionConflictError("round_result", entityId);
    audit.push({
      action: "update",
      entityType: "round_result",
      entityId,
      entityLabel: `${pole.driverName}, ${label}`,
      before,
      after,
      reason,
    });
    changed += 1;
  }
  if (changed > 0) audit.push(...(await classAudit(reason)));

  const event = await appendLiveEvent(tx, { roundId, kind: "classification", payload: viewOf(issued) });
  // Fans who asked are told once this commits (the sender fans it out after the commit).
  await queueResultPush(tx, { roundId, sessionId, version: issued.version, status: preview.status, rows }, now);
  return { value: { version: preview.version, status: preview.status, changed, liveEventId: event.id }, audit };
}

/** A real date (no 31 February, no month 00) in this century and a time of day, as a form's datetime-local gives them. */
function isCalendarDateTime(date: string, time: string): boolean {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const noon = new Date(Date.UTC(year, month - 1, day, 12));
  return (
    year >= 2000 &&
    year <= 2100 &&
    noon.getUTCFullYear() === year &&
    noon.getUTCMonth() === month - 1 &&
    noon.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59
  );
}
