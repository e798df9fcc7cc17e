import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { getDriversWithSeason } from "../../app/features/team/drivers.server";
import { readLiveEvents, lastLiveEventId } from "../../app/features/live/live-events.server";
import { findOverdueResults, sendOverdueResultAlerts } from "../../app/features/live/result-watchdog.server";
import { loadToday } from "../../app/features/admin/today.server";
import { action as resultAction, loader as resultLoader } from "../../app/routes/admin/live-session-result";
import { bodyLimitFor } from "../../server/body-limit";
import { routerContextFor } from "../../app/context";
import { createTestAuth, formPost, get, multipartPost, requestContext, run } from "../support/accounts";
import { bodyOverLimit } from "../support/request-body";
import { routeArgs } from "../support/route-args";
import { makeStaff, signUpPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { tslSheet } from "../support/tsl-sheet";

/*
 * The session result desk (issue 39): a pasted TSL classification published as provisional, then
 * final, then re-issued, each a version of its own, with our drivers' results, points and
 * standings following in the same transaction as the live event; every refusal saves nothing.
 * And the watchdog that mails the editors once about a session with no result.
 */

const suite = seededTestDatabase();
const ROUND = "2025-r9-silverstone-national";

async function sessionId(name: string) {
  const [row] = await suite.db
    .select({ id: schema.roundSessions.id })
    .from(schema.roundSessions)
    .where(and(eq(schema.roundSessions.roundId, ROUND), eq(schema.roundSessions.name, name)));
  return row!.id;
}

async function totals() {
  const drivers = await getDriversWithSeason(suite.db, 2025);
  return Object.fromEntries(drivers.map((driver) => [driver.id, driver.season.total]));
}

async function stored(driverId: string) {
  const [row] = await suite.db
    .select()
    .from(schema.roundResults)
    .where(and(eq(schema.roundResults.roundId, ROUND), eq(schema.roundResults.driverId, driverId)));
  return row!;
}

/** What a refusal must leave as it was. */
async function footprint() {
  const [versions] = await suite.db.select({ value: count() }).from(schema.sessionClassifications);
  const [audit] = await suite.db.select({ value: count() }).from(schema.auditEvents);
  const results = await suite.db.select().from(schema.roundResults).where(eq(schema.roundResults.roundId, ROUND));
  return { versions: versions!.value, audit: audit!.value, events: await lastLiveEventId(suite.db), results };
}

async function desk() {
  const auth = createTestAuth(suite.db);
  const editor = await makeStaff(suite.db, await signUpPerson(suite.db, auth, { email: `results-${Math.random()}@example.com` }), [
    "editor",
  ]);
  const headers = { cookie: editor.jar.header() };
  const context = () => routerContextFor(requestContext(suite.db, auth));
  const post = async (session: string, fields: Record<string, string>) =>
    run(() =>
      resultAction(
        routeArgs({
          request: formPost(`/admin/live/${ROUND}/sessions/${session}/result`, fields, headers),
          context: context(),
          params: { roundId: ROUND, sessionId: session },
        }) as never,
      ),
    );
  /** Preview, then publish what the preview showed. */
  const publish = async (session: string, fields: Record<string, string>) => {
    const preview = await post(session, { ...fields, intent: "preview" });
    expect(preview.status, JSON.stringify(preview.data)).toBe(200);
    const fingerprint = (preview.data as { preview: { fingerprint: string } }).preview.fingerprint;
    return { preview, published: await post(session, { ...fields, intent: "publish", fingerprint }) };
  };
  const load = async (session: string) =>
    run(() =>
      resultLoader(
        routeArgs({
          request: get(`/admin/live/${ROUND}/sessions/${session}/result`, headers),
          context: context(),
          params: { roundId: ROUND, sessionId: session },
        }) as never,
      ),
    );
  return { post, publish, load, headers, auth, context };
}

describe("the session result desk", () => {
  it("publishes provisional, then final, then a re-issue: every version kept, results, points and standings follow, events and audit", async () => {
    const { post, publish, load } = await desk();
    const race1 = await sessionId("Race 1");
    const before = await totals();
    const eventsBefore = await lastLiveEventId(suite.db);

    // A dry run: the field, our drivers' points, the standings change; nothing saved.
    const dry = await post(race1, { intent: "preview", text: tslSheet(), status: "provisional" });
    expect(dry.status).toBe(200);
    const preview = (dry.data as { preview: Record<string, unknown> }).preview;
    expect(preview).toMatchObject({ version: 1, status: "provisional", issuedAt: "2025-11-02T12:51:00.000Z" });
    expect((preview.rows as unknown[]).length).toBe(30);
    const oliver = (preview.changes as Array<Record<string, unknown>>).find((change) => change.driverId === "oliver-hartley")!;
    // Seeded P2 in race 1 (12 points); the sheet has him first in F3A with the fastest lap: 15 + 1.
    expect(oliver).toMatchObject({ kind: "changed", racePointsBefore: 12, racePointsAfter: 16 });
    expect(oliver.seasonTotalAfter).toBe(before["oliver-hartley"]! + 4);
    expect(await lastLiveEventId(suite.db)).toBe(eventsBefore);

    const first = await publish(race1, { text: tslSheet(), status: "provisional" });
    expect(first.published).toMatchObject({ status: 200, data: { tone: "success" } });
    expect((await stored("oliver-hartley")).races[0]).toEqual({ position: 1, fastestLap: true });
    expect((await stored("oliver-hartley")).provisional).toBe(true);
    expect((await stored("ethan-cole")).races).toEqual([{ position: 3 }]);
    expect((await stored("sophie-marsh")).races[0]).toEqual({ position: "DNF" });
    const afterFirst = await totals();
    expect(afterFirst["oliver-hartley"]).toBe(before["oliver-hartley"]! + 4);
    expect(afterFirst["ethan-cole"]).toBe(before["ethan-cole"]! + 10);

    const events = await readLiveEvents(suite.db, ROUND, eventsBefore, 10);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: "classification", payload: { sessionId: race1, version: 1, status: "provisional" } });
    expect((events[0]!.payload as { rows: unknown[] }).rows).toHaveLength(30);

    // Final: a new version; the provisional flag is cleared.
    const final = await publish(race1, { text: tslSheet({ status: "Final", issued: "13:25" }), status: "final" });
    expect(final.published).toMatchObject({ status: 200 });
    expect((await stored("oliver-hartley")).provisional).toBe(false);

    // A re-issue after the final needs a note; then it is version 3, and the points follow.
    const noNote = await post(race1, { intent: "preview", text: tslSheet(), status: "final" });
    expect(noNote.status).toBe(400);
    expect(JSON.stringify(noNote.data)).toContain("say why this one is re-issued");
    const penalised = tslSheet({
      status: "Final",
      issued: "16:40",
      ours: [
        { number: 12, name: "Ethan Cole", cl: "F3A" },
        { number: 7, name: "Oliver Hartley", cl: "F3A" },
        { number: 44, name: "Jack Pemberton", cl: "FF1600" },
        { number: 23, name: "Sophie Marsh", cl: "F3B", status: "DNF" },
      ],
    });
    const note = "Bulletin 7: car 7 five-second penalty";
    const reissue = await publish(race1, { text: penalised, status: "final", note });
    expect(reissue.published).toMatchObject({ status: 200 });
    // Fourth overall, third in F3A behind another team's car: 10 points, 2 fewer than his seeded P2.
    expect((await stored("oliver-hartley")).races[0]).toEqual({ position: 3 });
    expect((await stored("ethan-cole")).races[0]).toEqual({ position: 1, fastestLap: true });
    const afterReissue = await totals();
    expect(afterReissue["oliver-hartley"]).toBe(before["oliver-hartley"]! - 2);
    expect(afterReissue["ethan-cole"]).toBe(before["ethan-cole"]! + 16);

    const versions = await suite.db
      .select()
      .from(schema.sessionClassifications)
      .where(eq(schema.sessionClassifications.sessionId, race1))
      .orderBy(schema.sessionClassifications.version);
    expect(versions.map((version) => [version.version, version.status, version.issuedAt.toISOString(), version.note])).toEqual([
      [1, "provisional", "2025-11-02T12:51:00.000Z", ""],
      [2, "final", "2025-11-02T13:25:00.000Z", ""],
      [3, "final", "2025-11-02T16:40:00.000Z", note],
    ]);
    const loaded = await load(race1);
    expect(loaded.data).toMatchObject({ phase: "reissued", kind: "race", raceNumber: 1 });
    expect((await readLiveEvents(suite.db, ROUND, eventsBefore, 10)).map((event) => event.kind)).toEqual([
      "classification",
      "classification",
      "classification",
    ]);
    const audit = await suite.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.entityType, "session_classification"));
    expect(audit.map((row) => row.entityId)).toEqual([`${race1}/v1`, `${race1}/v2`, `${race1}/v3`]);
    expect(audit[2]).toMatchObject({ action: "create", roleUsed: "editor", reason: note });
    const results = await suite.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.entityId, `${ROUND}/oliver-hartley`));
    expect(results.length).toBeGreaterThanOrEqual(3);
  });

  it("gives the pole to our driver first in class in qualifying", async () => {
    const { publish } = await desk();
    const qualifying = await sessionId("Qualifying");
    expect((await stored("ethan-cole")).pole).toBe(false);
    const sheet = tslSheet({
      session: "Qualifying",
      issued: "09:52",
      ours: [
        { number: 12, name: "Ethan Cole", cl: "F3A" },
        { number: 7, name: "Oliver Hartley", cl: "F3A" },
      ],
    });
    const { published } = await publish(qualifying, { text: sheet, status: "provisional" });
    expect(published).toMatchObject({ status: 200 });
    expect((await stored("ethan-cole")).pole).toBe(true);
    expect((await stored("oliver-hartley")).pole).toBe(false);
  });

  it("refuses a garbled paste, the wrong round or session, a session not yet run, a 10 MB paste and a stale preview, saving nothing", async () => {
    const { post, headers, context } = await desk();
    const race2 = await sessionId("Race 2");
    const sheet2 = tslSheet({ session: "Race 2 - 15 Minutes", issued: "15:40" });
    const before = await footprint();
    const refused = async (fields: Record<string, string>, status: number, message: string) => {
      const outcome = await post(race2, fields);
      expect(outcome.status, JSON.stringify(outcome.data)).toBe(status);
      expect(JSON.stringify(outcome.data)).toContain(message);
      expect(await footprint()).toEqual(before);
    };
    const garbled = sheet2.replace(/^5 102 FF1600 1 .*$/m, "5 1O2 FF1600 Rival2 ### 11");
    await refused({ intent: "preview", text: garbled, status: "provisional" }, 400, '{"line":10,"message":"\\"1O2\\" is not a car number.');
    await refused({ intent: "publish", text: garbled, status: "provisional", fingerprint: "x" }, 400, "is not a car number");
    await refused(
      { intent: "preview", text: "just some words\nnothing like a sheet", status: "provisional" },
      400,
      "No column header line",
    );
    // Cadwell Park's sheet, pasted into Silverstone.
    const cadwell = tslSheet({ title: "BRSCC Cadwell Park - Saturday 6th September 2025", session: "Race 2" });
    await refused({ intent: "preview", text: cadwell, status: "provisional" }, 400, "is dated 6 September 2025");
    const otherCircuit = tslSheet({ title: "BRSCC Brands Hatch Indy - Sunday 2nd November 2025", session: "Race 2" });
    await refused({ intent: "preview", text: otherCircuit, status: "provisional" }, 400, "does not name Silverstone National Circuit");
    await refused({ intent: "preview", text: tslSheet(), status: "provisional" }, 400, "The sheet is for Race 1, not Race 2.");
    await refused({ intent: "preview", text: tslSheet({ session: "Race 2", issued: null }), status: "provisional" }, 400, "enter it");

    // Not run yet: staff have it as scheduled (a delay).
    await suite.db.insert(schema.sessionStates).values({ sessionId: race2, roundId: ROUND, state: "scheduled" });
    const scheduled = await footprint();
    const notRun = await post(race2, { intent: "preview", text: sheet2, status: "provisional" });
    expect(notRun.status).toBe(400);
    expect(JSON.stringify(notRun.data)).toContain("Race 2 has not been run yet (it starts at 15:10 on 2 November 2025)");
    const notRunPublish = await post(race2, { intent: "publish", text: sheet2, status: "provisional", fingerprint: "x" });
    expect(notRunPublish.status).toBe(400);
    expect(await footprint()).toEqual(scheduled);
    await suite.db.delete(schema.sessionStates).where(eq(schema.sessionStates.sessionId, race2));

    // 10 MB: the server refuses the body while it streams (its limit for this path), and the action answers 413 in words.
    expect(bodyLimitFor(`/admin/live/${ROUND}/sessions/${race2}/result`)).toBeLessThan(1024 * 1024);
    const huge = await run(() =>
      resultAction(
        routeArgs({
          request: new Request(`http://localhost:3000/admin/live/${ROUND}/sessions/${race2}/result`, {
            method: "POST",
            headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
            ...bodyOverLimit("intent=publish&text="),
          }),
          context: context(),
          params: { roundId: ROUND, sessionId: race2 },
        }) as never,
      ),
    );
    expect(huge.status).toBe(413);
    expect(JSON.stringify(huge.data)).toContain("The classification is too large");
    expect(await footprint()).toEqual(before);

    // Stale: another version is published after the preview.
    const preview = await post(race2, { intent: "preview", text: sheet2, status: "provisional" });
    const fingerprint = (preview.data as { preview: { fingerprint: string } }).preview.fingerprint;
    const otherPreview = await post(race2, { intent: "preview", text: sheet2, status: "provisional" });
    const otherFingerprint = (otherPreview.data as { preview: { fingerprint: string } }).preview.fingerprint;
    expect(await post(race2, { intent: "publish", text: sheet2, status: "provisional", fingerprint: otherFingerprint })).toMatchObject({
      status: 200,
    });
    const afterOther = await footprint();
    const stale = await post(race2, { intent: "publish", text: sheet2, status: "provisional", fingerprint });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.data)).toContain("Something changed since the preview");
    expect(await footprint()).toEqual(afterOther);
  });
});

describe("the session result desk: the CSV export, uploaded", () => {
  it("previews an uploaded CSV with the time of issue typed in, and refuses it without one", async () => {
    const { headers, context } = await desk();
    const race2 = await sessionId("Race 2");
    const csv = [
      "Pos,No,Cl,PIC,Name,Car,Laps,Time,Gap,Diff,mph,Best,On Lap",
      "1,44,FF1600,1,Jack Pemberton,Van Diemen RF81,10,15:04.411,,,80.12,1:27.004,3",
      "2,61,FF1600,2,Tom Ashdown,Van Diemen RF81,10,15:05.002,0.591,0.591,80.02,1:27.300,6",
      "RET,7,F3A,,Oliver Hartley,Dallara F308,3,,,,86.00,1:21.500,2",
    ].join("\r\n");
    const upload = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append("sheetFile", new File([csv], "race-2.csv", { type: "text/csv" }));
      return run(async () =>
        resultAction(
          routeArgs({
            request: await multipartPost(`/admin/live/${ROUND}/sessions/${race2}/result`, form, headers),
            context: context(),
            params: { roundId: ROUND, sessionId: race2 },
          }) as never,
        ),
      );
    };
    const untimed = await upload({ intent: "preview", status: "provisional", text: "" });
    expect(untimed.status).toBe(400);
    expect(JSON.stringify(untimed.data)).toContain("does not print its time of issue");
    const timed = await upload({ intent: "preview", status: "provisional", text: "", issuedAt: "2025-11-02T15:41" });
    expect(timed.status, JSON.stringify(timed.data)).toBe(200);
    expect(timed.data).toMatchObject({
      preview: {
        format: "csv",
        issuedAt: "2025-11-02T15:41:00.000Z",
        rows: [{ carNumber: 44 }, { carNumber: 61 }, { carNumber: 7, status: "RET" }],
      },
    });
  });
});

describe("the results watchdog", () => {
  it("warns on Today and mails the editors once per session, across runs and processes", async () => {
    const race2 = await sessionId("Race 2");
    await suite.db.delete(schema.sessionClassifications).where(eq(schema.sessionClassifications.sessionId, race2));
    const qualifying = await sessionId("Qualifying");
    // Race 2 starts 15:10 UK (GMT in November), runs 15 minutes: finished 15:25.
    const early = new Date("2025-11-02T15:35:00Z");
    const late = new Date("2025-11-02T15:41:00Z");
    const outbox = async () =>
      (await suite.db.select().from(schema.emailOutbox)).filter((mail) => mail.subject.startsWith("No result yet"));
    expect((await findOverdueResults(suite.db, early)).map((session) => session.sessionId)).not.toContain(race2);
    expect(await sendOverdueResultAlerts(suite.db, "https://example.test", early)).toBe(0);

    const overdue = await findOverdueResults(suite.db, late);
    expect(overdue.map((session) => session.sessionName)).toContain("Race 2");
    // Qualifying has a classification (the desk test published one): not overdue.
    expect(overdue.map((session) => session.sessionId)).not.toContain(qualifying);
    const today = await loadToday(suite.db, { roles: ["editor"] }, { backupSchedule: "off" } as never, late);
    expect(today.resultsOverdue?.map((session) => session.sessionName)).toContain("Race 2");

    // Two processes at once, then a later run: one e-mail per editor, once.
    const runs = await Promise.all([
      sendOverdueResultAlerts(suite.db, "https://example.test", late),
      sendOverdueResultAlerts(suite.db, "https://example.test", late),
    ]);
    expect(runs.reduce((sum, claimed) => sum + claimed, 0)).toBe(overdue.length);
    const mails = await outbox();
    const editors = new Set(mails.map((mail) => mail.toAddress));
    expect(mails).toHaveLength(editors.size);
    expect(mails[0]!.subject).toContain("Race 2");
    expect(mails[0]!.htmlBody).toContain(`/admin/live/${ROUND}/sessions/${race2}/result`);
    expect(await sendOverdueResultAlerts(suite.db, "https://example.test", new Date("2025-11-02T16:00:00Z"))).toBe(0);
    expect(await outbox()).toHaveLength(mails.length);

    // The claim is a record of its own: the session's state is untouched (the timetable still decides it).
    const [alert] = await suite.db.select().from(schema.resultOverdueAlerts).where(eq(schema.resultOverdueAlerts.sessionId, race2));
    expect(alert!.alertedAt).toEqual(late);
    expect(await suite.db.select().from(schema.sessionStates).where(eq(schema.sessionStates.sessionId, race2))).toEqual([]);
  });
});
