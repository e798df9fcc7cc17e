import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { auditedWrite, type AuditActor, type AuditContext } from "../../app/features/admin/audit.server";
import { getAllRoundsWithSessions, getPublicSeasonYear, getPublishedSeasons, getSeason } from "../../app/features/calendar/season.server";
import { createSeason, setCurrentSeason, setSeasonPublished } from "../../app/features/results/results-desk.server";
import { createRound, updateRound } from "../../app/features/results/rounds-desk.server";
import { getResultsSheet, saveClassResults } from "../../app/features/results/round-results.server";
import { applyClassificationImport, previewClassificationImport } from "../../app/features/results/csv-import.server";
import { DeskInputError } from "../../app/features/admin/desk/desk-write.server";
import { classResultsSchema, nestFormFields, roundSchema } from "../../app/features/results/results-form";
import { getDriversWithSeason } from "../../app/features/team/drivers.server";
import { sitemapEntries } from "../../app/features/seo/sitemap.server";
import { buildCalendarFeed } from "../../app/features/calendar/ics";
import { loader as calendarLoader } from "../../app/routes/calendar";
import { action as seasonsAction } from "../../app/routes/admin/seasons";
import { action as resultsAction } from "../../app/routes/admin/results";
import { action as roundAction } from "../../app/routes/admin/round";
import { action as scoringRulesAction, loader as scoringRulesLoader } from "../../app/routes/admin/scoring-rules";
import { entityHistory } from "../../app/features/admin/history.server";
import { createTestAuth, formPost, get, requestContext, run } from "../support/accounts";
import { makeStaff, signUpPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

const suite = seededTestDatabase();
const editor: AuditActor = { id: null, label: "results desk test", roles: ["editor"], actingAs: "editor" };
const context = (): AuditContext => ({
  db: suite.db,
  log: pino({ level: "silent" }),
  requestId: "results-desk-test",
  contentChanged: async () => {},
});

const LAST_ROUND = "2025-r9-silverstone-national";
const CSV_HEADER = "position,driver_number,driver_name,class,status,fastest_lap,penalty_points";

async function totals() {
  const drivers = await getDriversWithSeason(suite.db, 2025);
  return Object.fromEntries(drivers.map((driver) => [driver.id, driver.season.total]));
}

async function storedResult(roundId: string, driverId: string) {
  const [row] = await suite.db
    .select()
    .from(schema.roundResults)
    .where(and(eq(schema.roundResults.roundId, roundId), eq(schema.roundResults.driverId, driverId)));
  return row ?? null;
}

async function auditRows(entityId: string) {
  return suite.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.entityId, entityId));
}

/** The F3A part of the results form for the last round, as the browser posts it. */
async function f3aForm(ethan: Record<string, string>, provisional = true) {
  const sheet = (await getResultsSheet(suite.db, LAST_ROUND))!;
  const f3a = sheet.classes.find((group) => group.racingClass === "F3A")!;
  const fields: Array<[string, string]> = [["racingClass", "F3A"]];
  if (provisional) fields.push(["provisional", "on"]);
  f3a.drivers.forEach((driver, index) => {
    fields.push([`entries.${index}.driverId`, driver.id], [`entries.${index}.version`, String(driver.result?.version ?? "")]);
    const races = driver.id === "ethan-cole" ? ethan : null;
    if (races) {
      fields.push([`entries.${index}.entered`, "on"]);
      for (const [name, value] of Object.entries(races)) fields.push([`entries.${index}.${name}`, value]);
    } else if (driver.result) {
      fields.push([`entries.${index}.entered`, "on"]);
      driver.result.races.forEach((race, raceIndex) => {
        fields.push(
          [`entries.${index}.races.${raceIndex}.status`, typeof race.position === "number" ? "CLASSIFIED" : race.position],
          [`entries.${index}.races.${raceIndex}.position`, typeof race.position === "number" ? String(race.position) : ""],
          [`entries.${index}.races.${raceIndex}.penaltyPoints`, ""],
        );
        if (race.fastestLap) fields.push([`entries.${index}.races.${raceIndex}.fastestLap`, "on"]);
      });
    } else {
      fields.push([`entries.${index}.races.0.status`, "CLASSIFIED"], [`entries.${index}.races.0.position`, ""]);
    }
  });
  const parsed = classResultsSchema.safeParse(nestFormFields(fields));
  return parsed;
}

describe("results desk: results by form", () => {
  it("saving a result changes the standings and the calendar at once, marked provisional, with an audit row", async () => {
    const before = await totals();
    expect(before["ethan-cole"]).toBe(0);
    const input = await f3aForm({
      "races.0.status": "CLASSIFIED",
      "races.0.position": "3",
      "races.1.status": "CLASSIFIED",
      "races.1.position": "1",
      "races.1.fastestLap": "on",
      "races.1.penaltyPoints": "2",
    });
    expect(input.success).toBe(true);
    const saved = await auditedWrite(context(), editor, (tx) => saveClassResults(tx, LAST_ROUND, input.data!));
    // Ethan's result is new; Oliver's is now provisional too (the flag is the class's).
    expect(saved).toMatchObject({ ok: true, value: { changed: 2 } });
    expect((await storedResult(LAST_ROUND, "oliver-hartley"))!.provisional).toBe(true);

    // 10 for P3, 15 + 1 for the win with the fastest lap, less a 2-point penalty.
    const after = await totals();
    expect(after["ethan-cole"]).toBe(10 + 16 - 2);
    expect(after["oliver-hartley"]).toBe(before["oliver-hartley"]);

    const season = await getSeason(suite.db, 2025);
    const ethan = season!.rounds.find((round) => round.id === LAST_ROUND)!.results.find((result) => result.driverId === "ethan-cole")!;
    expect(ethan).toMatchObject({
      provisional: true,
      points: 24,
      races: [
        { position: 3, points: 10 },
        { position: 1, points: 14 },
      ],
    });

    const audit = await auditRows(`${LAST_ROUND}/ethan-cole`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "create", entityType: "round_result", roleUsed: "editor", requestId: "results-desk-test" });
  });

  it("refuses a save based on a stale version and keeps the other person's result", async () => {
    const first = await f3aForm({ "races.0.status": "DNF", "races.0.position": "", "races.1.status": "NC", "races.1.position": "" });
    const second = await f3aForm({
      "races.0.status": "CLASSIFIED",
      "races.0.position": "9",
      "races.1.status": "DNS",
      "races.1.position": "",
    });
    const firstSave = await auditedWrite(context(), editor, (tx) => saveClassResults(tx, LAST_ROUND, first.data!));
    expect(firstSave.ok).toBe(true);
    const stale = await auditedWrite(context(), editor, (tx) => saveClassResults(tx, LAST_ROUND, second.data!));
    expect(stale).toMatchObject({ ok: false, kind: "conflict", entityType: "round_result", entityId: `${LAST_ROUND}/ethan-cole` });
    expect((await storedResult(LAST_ROUND, "ethan-cole"))!.races).toEqual([{ position: "DNF" }, { position: "NC" }]);
    expect((await totals())["ethan-cole"]).toBe(0);
  });

  it("answers a form with two drivers in one place with a field error, before anything is written", async () => {
    const input = await f3aForm({
      "races.0.status": "CLASSIFIED",
      "races.0.position": "2",
      "races.1.status": "CLASSIFIED",
      "races.1.position": "7",
    });
    // Oliver is P2 in race 1 of the last round.
    expect(input.success).toBe(false);
    expect(input.error!.issues.map((issue) => issue.message)).toContain("P2 is given to two drivers");
  });
});

describe("results desk: CSV import", () => {
  const goodCsv = [CSV_HEADER, "5,12,Ethan Cole,F3A,,,", "1,7,Oliver Hartley,F3A,,yes,", "3,23,Sophie Marsh,F3B,,,"].join("\r\n");

  it("a dry run lists every change and saves nothing", async () => {
    const before = await totals();
    const preview = await previewClassificationImport(suite.db, LAST_ROUND, 2, goodCsv);
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.changes.map((change) => [change.driverId, change.kind, change.racePointsBefore, change.racePointsAfter])).toEqual([
      ["ethan-cole", "changed", 0, 8],
      ["oliver-hartley", "changed", 9, 16],
      ["sophie-marsh", "changed", 5, 10],
    ]);
    const oliver = preview.changes[1]!;
    expect(oliver.seasonTotalAfter - oliver.seasonTotalBefore).toBe(16 - 9);
    expect(await totals()).toEqual(before);
  });

  it("a CSV with a bad row saves nothing, and says which row", async () => {
    const before = await totals();
    const badCsv = [CSV_HEADER, "1,7,Oliver Hartley,F3A,,yes,", "2,99,Ethan Cole,F3A,,,"].join("\n");
    const preview = await previewClassificationImport(suite.db, LAST_ROUND, 2, badCsv);
    expect(preview).toEqual({ ok: false, problems: [{ line: 3, message: "Ethan Cole races with number 12, not 99." }] });
    await expect(
      auditedWrite(context(), editor, (tx) => applyClassificationImport(tx, LAST_ROUND, 2, badCsv, "anything", false)),
    ).rejects.toBeInstanceOf(DeskInputError);
    expect(await totals()).toEqual(before);
  });

  it("imports the example in docs/results-csv.md verbatim: the organiser's full classification, other teams' cars ignored", async () => {
    const doc = await readFile(path.resolve(import.meta.dirname, "../../docs/results-csv.md"), "utf8");
    const example = /```csv\n([\s\S]*?)```/.exec(doc)![1]!;
    const preview = await previewClassificationImport(suite.db, LAST_ROUND, 2, example);
    if (!preview.ok) throw new Error(`the documented example is refused: ${JSON.stringify(preview.problems)}`);
    expect(preview.changes.map((change) => [change.driverNumber, change.driverName])).toEqual([
      [7, "Oliver Hartley"],
      [23, "Sophie Marsh"],
      [44, "Jack Pemberton"],
    ]);
    expect(preview.ignored.map((row) => `${row.number} ${row.name}`)).toEqual([
      "3 Noah Brennan",
      "19 Callum Reid",
      "16 Isla Grant",
      "61 Tom Ashdown",
    ]);
    const saved = await auditedWrite(context(), editor, (tx) =>
      applyClassificationImport(tx, LAST_ROUND, 2, example, preview.fingerprint, true),
    );
    expect(saved).toMatchObject({ ok: true, value: { changed: 3 } });
    expect((await storedResult(LAST_ROUND, "sophie-marsh"))!.races[1]).toEqual({ position: "DNF" });
    expect((await storedResult(LAST_ROUND, "jack-pemberton"))!.races[1]).toEqual({ position: 14, penaltyPoints: 2 });
    // Put race 2 back as seeded, for the tests after this one.
    const restore = [CSV_HEADER, "4,7,,F3A,,,", "8,23,,F3B,,,", "7,44,,FF1600,,,"].join("\n");
    const back = await previewClassificationImport(suite.db, LAST_ROUND, 2, restore);
    if (!back.ok) throw new Error("restore preview failed");
    await auditedWrite(context(), editor, (tx) => applyClassificationImport(tx, LAST_ROUND, 2, restore, back.fingerprint, false));
  });

  it("saves exactly the preview, refuses it once someone has saved in between", async () => {
    const preview = await previewClassificationImport(suite.db, LAST_ROUND, 2, goodCsv);
    if (!preview.ok) throw new Error("preview failed");
    const before = await totals();
    const saved = await auditedWrite(context(), editor, (tx) =>
      applyClassificationImport(tx, LAST_ROUND, 2, goodCsv, preview.fingerprint, false),
    );
    expect(saved).toMatchObject({ ok: true, value: { changed: 3 } });
    const after = await totals();
    expect(after["oliver-hartley"]! - before["oliver-hartley"]!).toBe(
      preview.changes[1]!.seasonTotalAfter - preview.changes[1]!.seasonTotalBefore,
    );
    expect((await storedResult(LAST_ROUND, "oliver-hartley"))!.races).toEqual([{ position: 2 }, { position: 1, fastestLap: true }]);
    expect((await auditRows(`${LAST_ROUND}/oliver-hartley`)).at(-1)).toMatchObject({ action: "update", reason: "CSV import" });

    // The same preview again is stale now: the versions it was based on have moved.
    const again = await auditedWrite(context(), editor, (tx) =>
      applyClassificationImport(tx, LAST_ROUND, 2, goodCsv.replace("5,12", "6,12"), preview.fingerprint, false),
    );
    expect(again).toMatchObject({ ok: false, kind: "conflict" });
    expect((await storedResult(LAST_ROUND, "ethan-cole"))!.races[1]).toEqual({ position: 5 });
  });
});

describe("results desk: seasons and rounds", () => {
  const round2026 = {
    roundNumber: "1",
    name: "Donington Park",
    circuit: "Donington Park National",
    circuitSlug: "donington-national",
    location: "Castle Donington, Leicestershire",
    organizer: "MSVR",
    startDate: "2026-04-04",
    endDate: "2026-04-05",
    flagCode: "gb-eng",
    circuitUrl: "https://donington-park.example/",
    layoutImage: "/media/circuits/donington-national.svg",
    circuitLengthMiles: "1.96",
    circuitTurns: "10",
    raceLengthMinutes: "20",
    weather: "",
    trackTemperatureC: "",
    sessions: [
      { name: "Qualifying", date: "2026-04-04", time: "10:00" },
      { name: "Race 1", date: "2026-04-05", time: "" },
    ],
  };

  it("creates 2026 unpublished with 2025's scoring rules, publishes it and makes it current: exactly one current", async () => {
    const created = await auditedWrite(context(), editor, (tx) => createSeason(tx, 2026));
    expect(created.ok).toBe(true);
    const rules = await suite.db.select().from(schema.scoringRules).where(eq(schema.scoringRules.seasonYear, 2026));
    expect(rules.map((row) => row.racingClass).sort()).toEqual(["F3A", "F3B", "FF1600"]);
    expect(rules[0]!.rules.pointsByPosition).toEqual([15, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    await expect(auditedWrite(context(), editor, (tx) => createSeason(tx, 2026))).rejects.toThrow("The 2026 season already exists.");

    const round = roundSchema.parse(round2026);
    const added = await auditedWrite(context(), editor, (tx) => createRound(tx, 2026, round));
    expect(added).toMatchObject({ ok: true, value: { id: "2026-r1-donington-national" } });

    // Unpublished: not on the public site, not in the feed.
    expect((await getPublishedSeasons(suite.db)).map((season) => season.year)).toEqual([2025]);
    expect((await getAllRoundsWithSessions(suite.db)).some((r) => r.seasonYear === 2026)).toBe(false);
    expect(await getSeason(suite.db, 2026)).toBeNull();
    await expect(auditedWrite(context(), editor, (tx) => setCurrentSeason(tx, 2026, 1))).rejects.toThrow("Publish the season before");

    expect((await auditedWrite(context(), editor, (tx) => setSeasonPublished(tx, 2026, 1, true))).ok).toBe(true);
    expect((await getSeason(suite.db, 2025))!.nextSeason).toEqual({
      year: 2026,
      firstRound: { name: "Donington Park", startDate: "2026-04-04" },
    });
    expect((await getAllRoundsWithSessions(suite.db)).filter((r) => r.seasonYear === 2026).map((r) => r.sessions.length)).toEqual([2]);

    // A stale version is a conflict; the right one makes 2026 current and 2025 not.
    expect(await auditedWrite(context(), editor, (tx) => setCurrentSeason(tx, 2026, 1))).toMatchObject({ ok: false, kind: "conflict" });
    expect((await auditedWrite(context(), editor, (tx) => setCurrentSeason(tx, 2026, 2))).ok).toBe(true);
    const current = await suite.db.select().from(schema.seasons).where(eq(schema.seasons.isCurrent, true));
    expect(current.map((season) => season.year)).toEqual([2026]);
    expect(await getPublicSeasonYear(suite.db)).toBe(2026);
    await expect(auditedWrite(context(), editor, (tx) => setSeasonPublished(tx, 2026, 3, false))).rejects.toThrow(
      "The current season stays published",
    );

    // Back to 2025, as the public tests of this file's neighbours expect of a seeded site.
    const [season2025] = await suite.db.select().from(schema.seasons).where(eq(schema.seasons.year, 2025));
    expect((await auditedWrite(context(), editor, (tx) => setCurrentSeason(tx, 2025, season2025!.version))).ok).toBe(true);
    expect(await getPublicSeasonYear(suite.db)).toBe(2025);
  });

  it("edits a round and its sessions at a version, refusing a stale one", async () => {
    const [stored] = await suite.db.select().from(schema.rounds).where(eq(schema.rounds.id, "2026-r1-donington-national"));
    const edited = roundSchema.parse({
      ...round2026,
      organizer: "BARC",
      sessions: [...round2026.sessions, { name: "Race 2", date: "2026-04-05", time: "15:30" }],
    });
    expect((await auditedWrite(context(), editor, (tx) => updateRound(tx, stored!.id, stored!.version, edited))).ok).toBe(true);
    const stale = await auditedWrite(context(), editor, (tx) =>
      updateRound(tx, stored!.id, stored!.version, { ...edited, organizer: "MSVR" }),
    );
    expect(stale).toMatchObject({ ok: false, kind: "conflict" });
    const sheet = await getResultsSheet(suite.db, stored!.id);
    expect(sheet).toMatchObject({ raceCount: 2, round: { organizer: "BARC" } });
    expect(roundSchema.safeParse({ ...round2026, endDate: "2026-04-03" }).success).toBe(false);
  });
});

describe("results desk: the public side covers every published season", () => {
  const calendar = (search: string) =>
    run(() =>
      calendarLoader(
        routeArgs({
          request: get(`/calendar${search}`),
          context: routerContextFor(requestContext(suite.db, createTestAuth(suite.db))),
          params: {},
        }) as never,
      ),
    );

  it("switches /calendar between published seasons, and answers 404 for any other", async () => {
    // 2026 was published above; 2025 is current again.
    const own = await calendar("");
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ season: { year: 2025 }, seasonParam: null, seasonYears: [2026, 2025], siteSeasonYear: 2025 });
    const next = await calendar("?season=2026");
    expect(next.data).toMatchObject({ season: { year: 2026 }, seasonParam: 2026 });
    expect((next.data as { season: { rounds: unknown[] } }).season.rounds).toHaveLength(1);
    expect((await calendar("?season=2024")).status).toBe(404);
    expect((await calendar("?season=2026abc")).status).toBe(404);
  });

  it("puts every published season in the sitemap and the .ics feed, and a withdrawn one in neither", async () => {
    const paths = (await sitemapEntries(suite.db)).map((entry) => entry.path);
    expect(paths).toContain("/calendar?season=2026");
    expect(paths).not.toContain("/calendar?season=2025");
    const feed = buildCalendarFeed(await getAllRoundsWithSessions(suite.db), {
      calendarUrl: "http://localhost/calendar",
      generatedAt: new Date(),
    });
    expect(feed).toContain("Donington Park");

    const [season2026] = await suite.db.select().from(schema.seasons).where(eq(schema.seasons.year, 2026));
    expect((await auditedWrite(context(), editor, (tx) => setSeasonPublished(tx, 2026, season2026!.version, false))).ok).toBe(true);
    expect((await sitemapEntries(suite.db)).map((entry) => entry.path)).not.toContain("/calendar?season=2026");
    expect((await getAllRoundsWithSessions(suite.db)).some((round) => round.seasonYear === 2026)).toBe(false);
    expect((await calendar("?season=2026")).status).toBe(404);
  });
});

describe("results desk: the screens' actions answer bad input with 400 and field messages", () => {
  it("refuses a bad year, a bad results form and a CSV without a race, saving nothing", async () => {
    const auth = createTestAuth(suite.db);
    const editorPerson = await makeStaff(suite.db, await signUpPerson(suite.db, auth, { email: "desk-editor@example.com" }), ["editor"]);
    const cookie = { cookie: editorPerson.jar.header() };
    const post = (
      action: typeof seasonsAction | typeof resultsAction | typeof roundAction,
      path: string,
      fields: Record<string, string>,
      params = {},
    ) =>
      run(() =>
        action(
          routeArgs({
            // As a browser sends it: the results screen reads its (upload) form only with a length.
            request: formPost(path, fields, { ...cookie, "content-length": String(new URLSearchParams(fields).toString().length) }),
            context: routerContextFor(requestContext(suite.db, auth)),
            params,
          }) as never,
        ),
      );

    const badYear = await post(seasonsAction, "/admin/seasons", { intent: "create", year: "20x6" });
    expect(badYear.status).toBe(400);
    expect(badYear.data).toMatchObject({ tone: "error", errors: { year: expect.any(String) } });
    expect(await post(seasonsAction, "/admin/seasons", { intent: "explode" })).toMatchObject({ status: 400 });
    const created = await post(seasonsAction, "/admin/seasons", { intent: "create", year: "2027" });
    expect(created).toMatchObject({ status: 200, data: { tone: "success" } });
    expect((await post(seasonsAction, "/admin/seasons", { intent: "create", year: "2027" })).data).toMatchObject({
      errors: { year: "The 2027 season already exists." },
    });

    const params = { roundId: LAST_ROUND };
    const before = await totals();
    const badForm = await post(
      resultsAction,
      `/admin/results/${LAST_ROUND}`,
      {
        intent: "save-class",
        racingClass: "F3A",
        "entries.0.driverId": "ethan-cole",
        "entries.0.entered": "on",
        "entries.0.version": "",
        "entries.0.races.0.status": "CLASSIFIED",
        "entries.0.races.0.position": "",
      },
      params,
    );
    expect(badForm.status).toBe(400);
    expect(badForm.data).toMatchObject({ errors: { "F3A/entries.0.races.0.position": "Enter the finishing position" } });
    const noRace = await post(resultsAction, `/admin/results/${LAST_ROUND}`, { intent: "csv-preview", raceNumber: "0", csv: "x" }, params);
    expect(noRace).toMatchObject({
      status: 400,
      data: { kind: "csv", problems: [{ line: null, message: "Pick the race the file classifies." }] },
    });
    const staleSave = await post(
      resultsAction,
      `/admin/results/${LAST_ROUND}`,
      { intent: "csv-save", raceNumber: "1", csv: `${CSV_HEADER}\n9,12,Ethan Cole,F3A,,,`, fingerprint: "ethan-cole@1" },
      params,
    );
    expect(staleSave.status).toBe(409);
    expect(await totals()).toEqual(before);

    // History: the round edited above goes back to its first version (organiser MSVR, two sessions), as one audited restore.
    const roundId = "2026-r1-donington-national";
    const [current] = await suite.db.select().from(schema.rounds).where(eq(schema.rounds.id, roundId));
    const history = await entityHistory(suite.db, "round", roundId, { currentVersion: current!.version });
    expect(history.map((entry) => [entry.action, entry.version, entry.restorable])).toEqual([
      ["update", 2, false],
      ["create", 1, true],
    ]);
    const restored = await post(
      roundAction,
      `/admin/seasons/2026/rounds/${roundId}`,
      { intent: "restore-version", eventId: String(history[1]!.id), version: "1" },
      { year: "2026", id: roundId },
    );
    expect(restored.status).toBe(409);
    const restoredNow = await post(
      roundAction,
      `/admin/seasons/2026/rounds/${roundId}`,
      { intent: "restore-version", eventId: String(history[1]!.id), version: "2" },
      { year: "2026", id: roundId },
    );
    expect(restoredNow).toMatchObject({ status: 200, data: { tone: "success" } });
    const sheet = await getResultsSheet(suite.db, roundId);
    expect(sheet).toMatchObject({ raceCount: 1, round: { organizer: "MSVR", version: 3 } });
    expect((await entityHistory(suite.db, "round", roundId))[0]).toMatchObject({ action: "restore" });
  });
});

describe("results desk: a season's scoring rules are edited on a screen, versioned and audited", () => {
  it("saves new rules as the next version, which the standings use at once; a stale form and nonsense are refused", async () => {
    const auth = createTestAuth(suite.db);
    const editorPerson = await makeStaff(suite.db, await signUpPerson(suite.db, auth, { email: "rules-editor@example.com" }), ["editor"]);
    const cookie = { cookie: editorPerson.jar.header() };
    const path = "/admin/seasons/2025/scoring";
    const post = (fields: Record<string, string>) =>
      run(() =>
        scoringRulesAction(
          routeArgs({
            request: formPost(path, fields, cookie),
            context: routerContextFor(requestContext(suite.db, auth)),
            params: { year: "2025" },
          }) as never,
        ),
      );

    const loaded = await run(() =>
      scoringRulesLoader(
        routeArgs({
          request: new Request(`http://localhost${path}`, { headers: cookie }),
          context: routerContextFor(requestContext(suite.db, auth)),
          params: { year: "2025" },
        }) as never,
      ),
    );
    const f3a = (loaded.data as { classes: Array<{ racingClass: string; version: number; values: Record<string, string> }> }).classes.find(
      (entry) => entry.racingClass === "F3A",
    )!;
    expect(f3a.values.pointsByPosition).toBe("15, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1");

    const before = await totals();
    const nonsense = await post({ ...f3a.values, racingClass: "F3A", version: String(f3a.version), pointsByPosition: "10, 12" });
    expect(nonsense).toMatchObject({
      status: 400,
      data: {
        racingClass: "F3A",
        errors: { pointsByPosition: expect.stringMatching(/lower position/) },
        values: { pointsByPosition: "10, 12" },
      },
    });

    // Everyone scores double: every F3A total doubles (the counted rounds stay the same ones).
    const doubled = f3a.values
      .pointsByPosition!.split(", ")
      .map((points) => String(Number(points) * 2))
      .join(", ");
    const saved = await post({
      ...f3a.values,
      racingClass: "F3A",
      version: String(f3a.version),
      pointsByPosition: doubled,
      additionalFinisherPoints: "2",
      fastestLapPoints: "2",
      reason: "Double points season",
    });
    expect(saved.data).toMatchObject({ tone: "success", message: expect.stringMatching(/^Saved as version \d+/) });
    const after = await totals();
    const f3aDrivers = (await getDriversWithSeason(suite.db, 2025)).filter((driver) => driver.season.scoring?.pointsByPosition[0] === 30);
    expect(f3aDrivers.length).toBeGreaterThan(0);
    for (const driver of f3aDrivers) expect(after[driver.id]).toBe(before[driver.id]! * 2);

    const stale = await post({ ...f3a.values, racingClass: "F3A", version: String(f3a.version) });
    expect(stale.status).toBe(409);
    expect(await totals()).toEqual(after);
    const [audit] = await auditRows("2025/F3A");
    expect(audit).toMatchObject({ action: "update", entityType: "scoring_rules", reason: "Double points season" });
  });
});
