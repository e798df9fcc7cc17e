import { and, eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { auditedWrite, type AuditActor, type AuditContext } from "../../app/features/admin/audit.server";
import { DeskInputError } from "../../app/features/admin/desk/desk-write.server";
import { readLiveEvents, lastLiveEventId } from "../../app/features/live/live-events.server";
import { getLiveRound } from "../../app/features/live/live-round.server";
import { applyLiveEvent, sessionPhase } from "../../app/features/live/live-round";
import { createTickerPost, editTickerPost, removeTickerPost, setSessionState } from "../../app/features/live/live-desk.server";
import { tickerPostSchema, tickerEditSchema, sessionStateSchema } from "../../app/features/live/live-desk-form";
import { LIVE_DESK_MAX_BODY_BYTES } from "../../app/features/live/live-desk-form";
import { updateRound } from "../../app/features/results/rounds-desk.server";
import { roundSchema } from "../../app/features/results/results-form";
import { action as liveAction } from "../../app/routes/admin/live";
import { action as livePostsAction } from "../../app/routes/admin/live-posts";
import { routerContextFor } from "../../app/context";
import { createTestAuth, formPost, multipartPost, requestContext, run } from "../support/accounts";
import { routeArgs } from "../support/route-args";
import { makeStaff, signUpPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";

const suite = seededTestDatabase();
const staff: AuditActor = { id: null, label: "live desk test", roles: ["editor"], actingAs: "editor" };
const context = (): AuditContext => ({
  db: suite.db,
  log: pino({ level: "silent" }),
  requestId: "live-desk-test",
  contentChanged: async () => {},
});
const ROUND = "2025-r2-anglesey";
const RACE_1 = `${ROUND}-s3`;

async function auditRows(entityType: string, entityId: string) {
  return suite.db
    .select()
    .from(schema.auditEvents)
    .where(and(eq(schema.auditEvents.entityType, entityType), eq(schema.auditEvents.entityId, entityId)));
}

describe("the live round read", () => {
  it("works out each session's instants on the server (races the round's length), and 404s unknown or unpublished rounds", async () => {
    const found = await getLiveRound(suite.db, ROUND, new Date());
    expect(found).not.toBeNull();
    const sessions = found!.live.sessions;
    expect(sessions.map((session) => session.id)).toEqual([`${ROUND}-s1`, `${ROUND}-s2`, `${ROUND}-s3`, `${ROUND}-s4`]);
    const race = sessions[2]!;
    // 16:10 BST is 15:10 UTC; the race runs the round's race length.
    expect(race.startsAt).toBe("2025-05-10T15:10:00.000Z");
    expect(Date.parse(race.endsAt!) - Date.parse(race.startsAt!)).toBe(found!.round.raceLengthMinutes * 60_000);
    expect(Date.parse(sessions[0]!.endsAt!) - Date.parse(sessions[0]!.startsAt!)).toBe(20 * 60_000);
    expect(sessionPhase(race, [], new Date("2025-05-10T15:15:00Z"))).toBe("running");
    expect(await getLiveRound(suite.db, "no-such-round", new Date())).toBeNull();
    await suite.db.update(schema.seasons).set({ published: false }).where(eq(schema.seasons.year, 2025));
    try {
      expect(await getLiveRound(suite.db, ROUND, new Date())).toBeNull();
    } finally {
      await suite.db.update(schema.seasons).set({ published: true }).where(eq(schema.seasons.year, 2025));
    }
  });
});

describe("the live desk's writes", () => {
  it("sets a session's state with its audit row and its live event in one transaction, and back to the timetable", async () => {
    const before = await lastLiveEventId(suite.db);
    const started = await auditedWrite(context(), staff, (tx) => setSessionState(tx, ROUND, RACE_1, "running", null));
    expect(started.ok).toBe(true);
    const redFlag = await auditedWrite(context(), staff, (tx) => setSessionState(tx, ROUND, RACE_1, "red_flag", null));
    expect(redFlag.ok).toBe(true);
    const events = await readLiveEvents(suite.db, ROUND, before, 10);
    expect(events.map((event) => event.kind === "session" && event.payload.state)).toEqual(["running", "red_flag"]);
    const live = (await getLiveRound(suite.db, ROUND, new Date()))!.live;
    expect(live.sessions[2]!.staffState).toBe("red_flag");
    expect(live.lastEventId).toBeGreaterThanOrEqual(events.at(-1)!.id);
    expect((await auditRows("session_state", RACE_1)).map((row) => row.action)).toEqual(["create", "update"]);

    // The same state again changes nothing and appends nothing.
    await auditedWrite(context(), staff, (tx) => setSessionState(tx, ROUND, RACE_1, "red_flag", null));
    expect(await readLiveEvents(suite.db, ROUND, before, 10)).toHaveLength(2);

    await auditedWrite(context(), staff, (tx) => setSessionState(tx, ROUND, RACE_1, null, null));
    const [state] = await suite.db.select().from(schema.sessionStates).where(eq(schema.sessionStates.sessionId, RACE_1));
    expect(state).toBeUndefined();
    expect((await readLiveEvents(suite.db, ROUND, before, 10)).at(-1)).toMatchObject({ kind: "session", payload: { state: null } });
  });

  it("refuses a session of another round and rolls back: no state, no event, no audit row", async () => {
    const before = await lastLiveEventId(suite.db);
    await expect(
      auditedWrite(context(), staff, (tx) => setSessionState(tx, ROUND, "2025-r1-silverstone-international-s1", "running", null)),
    ).rejects.toBeInstanceOf(DeskInputError);
    expect(await lastLiveEventId(suite.db)).toBe(before);
    expect(await auditRows("session_state", "2025-r1-silverstone-international-s1")).toEqual([]);
  });

  it("stores a retried post once (by its clientKey), edits and removes it, each audited with its live event", async () => {
    const before = await lastLiveEventId(suite.db);
    const input = tickerPostSchema.parse({ kind: "text", clientKey: "k-text-000001", body: "  Ethan P3 after lap 1  " });
    const post = () => auditedWrite(context(), staff, (tx) => createTickerPost(tx, ROUND, input, { mediaAssetId: null, actorId: null }));
    const [first, second] = await Promise.all([post(), post()].map((attempt) => attempt.catch((error: unknown) => error)));
    const outcomes = [first, second].filter((outcome) => !(outcome instanceof DeskInputError));
    expect(outcomes.length).toBeGreaterThanOrEqual(1);
    const third = await post();
    expect(third.ok && third.value.created).toBe(false);
    const stored = await suite.db.select().from(schema.tickerPosts).where(eq(schema.tickerPosts.clientKey, "k-text-000001"));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.body).toBe("Ethan P3 after lap 1");
    const postId = stored[0]!.id;

    const edited = await auditedWrite(context(), staff, (tx) =>
      editTickerPost(tx, ROUND, tickerEditSchema.parse({ postId: String(postId), version: "1", body: "Ethan P2 after lap 3" })),
    );
    expect(edited.ok).toBe(true);
    // An edit based on the old version loses (someone edited first).
    const stale = await auditedWrite(context(), staff, (tx) => editTickerPost(tx, ROUND, { postId, version: 1, body: "late" }));
    expect(stale.ok).toBe(false);

    let live = (await getLiveRound(suite.db, ROUND, new Date()))!.live;
    expect(live.ticker[0]).toMatchObject({ id: postId, body: "Ethan P2 after lap 3" });
    // The log no longer hands out the words before the edit: the first event carries the edit too.
    const afterEdit = await readLiveEvents(suite.db, ROUND, before, 10);
    expect(afterEdit.map((event) => (event.kind === "ticker" ? event.payload.body : event.kind))).toEqual([
      "Ethan P2 after lap 3",
      "Ethan P2 after lap 3",
    ]);
    expect(live.ticker[0]!.editedAt).not.toBeNull();

    await auditedWrite(context(), staff, (tx) => removeTickerPost(tx, ROUND, { postId, version: 2 }));
    live = (await getLiveRound(suite.db, ROUND, new Date()))!.live;
    expect(live.ticker.find((row) => row.id === postId)).toBeUndefined();
    const [removed] = await suite.db.select().from(schema.tickerPosts).where(eq(schema.tickerPosts.id, postId));
    expect(removed!.deletedAt).not.toBeNull();

    const events = await readLiveEvents(suite.db, ROUND, before, 10);
    // Nothing of a removed post stays in the log the feed and the stream read from.
    expect(events.map((event) => event.kind)).toEqual(["ticker-removed", "ticker-removed", "ticker-removed"]);
    expect(JSON.stringify(events)).not.toContain("Ethan P2");
    expect((await auditRows("ticker_post", String(postId))).map((row) => row.action)).toEqual(["create", "update", "delete"]);

    // Replaying the events over the first read gives what a fresh read gives.
    const replayed = events.reduce(applyLiveEvent, { ...live, lastEventId: before, ticker: [] });
    expect(replayed.ticker.find((row) => row.id === postId)).toBeUndefined();
  });

  it("posts a driver's position and a session state (which sets the session), refusing drivers and sessions not ours", async () => {
    const [driver] = await suite.db.select().from(schema.drivers).limit(1);
    const position = tickerPostSchema.parse({
      kind: "position",
      clientKey: "k-pos-000001",
      driverId: driver!.id,
      position: "4",
      sessionId: RACE_1,
    });
    const posted = await auditedWrite(context(), staff, (tx) =>
      createTickerPost(tx, ROUND, position, { mediaAssetId: null, actorId: null }),
    );
    expect(posted.ok).toBe(true);
    const live = (await getLiveRound(suite.db, ROUND, new Date()))!.live;
    expect(live.ticker[0]).toMatchObject({ kind: "position", position: 4, driver: { id: driver!.id, name: driver!.name } });

    const state = tickerPostSchema.parse({ kind: "state", clientKey: "k-state-00001", sessionId: RACE_1, action: "chequered" });
    await auditedWrite(context(), staff, (tx) => createTickerPost(tx, ROUND, state, { mediaAssetId: null, actorId: null }));
    const after = (await getLiveRound(suite.db, ROUND, new Date()))!.live;
    expect(after.sessions[2]!.staffState).toBe("finished");
    expect(after.ticker[0]).toMatchObject({ kind: "state", body: "Race 1: finished.", sessionId: RACE_1 });

    const stranger = tickerPostSchema.parse({ kind: "position", clientKey: "k-pos-000002", driverId: "nobody", position: "1" });
    await expect(
      auditedWrite(context(), staff, (tx) => createTickerPost(tx, ROUND, stranger, { mediaAssetId: null, actorId: null })),
    ).rejects.toThrow("Choose one of our drivers.");
    const photoless = tickerPostSchema.parse({ kind: "photo", clientKey: "k-photo-00001" });
    await expect(
      auditedWrite(context(), staff, (tx) => createTickerPost(tx, ROUND, photoless, { mediaAssetId: null, actorId: null })),
    ).rejects.toThrow("Take or choose a photo");
  });

  it("validates every input with a message", () => {
    const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      result.error?.issues.map((issue) => issue.message);
    expect(messages(tickerPostSchema.safeParse({ kind: "text", clientKey: "k-text-000009", body: "   " }))).toEqual(["Write the update."]);
    expect(messages(tickerPostSchema.safeParse({ kind: "text", clientKey: "bad key!", body: "x" }))).toEqual([
      "The post has no key; reload the page and post again.",
    ]);
    expect(messages(tickerPostSchema.safeParse({ kind: "text", clientKey: "k-text-000009", body: "x".repeat(281) }))).toEqual([
      "Keep it to 280 characters.",
    ]);
    expect(messages(tickerPostSchema.safeParse({ kind: "position", clientKey: "k-text-000009", driverId: "d", position: "0" }))).toEqual([
      "Positions start at 1.",
    ]);
    expect(messages(tickerPostSchema.safeParse({ kind: "video", clientKey: "k-text-000009" }))).toEqual(["Choose the kind of post."]);
    expect(messages(sessionStateSchema.safeParse({ sessionId: RACE_1, action: "explode" }))).toEqual([
      "Choose what happened to the session.",
    ]);
  });
});

describe("the live desk's routes", () => {
  it("let editors in and shop staff not, and answer bad input with 400 and a message, never a 500", async () => {
    const auth = createTestAuth(suite.db);
    const editorPerson = await makeStaff(suite.db, await signUpPerson(suite.db, auth, { email: "live-editor@example.com" }), ["editor"]);
    const shopPerson = await makeStaff(suite.db, await signUpPerson(suite.db, auth, { email: "live-shop@example.com" }), ["shop"]);
    const post = async (
      person: typeof editorPerson,
      request: (headers: Record<string, string>) => Request | Promise<Request>,
      action: (args: never) => unknown = liveAction,
    ) =>
      run(async () =>
        action(
          routeArgs({
            request: await request({ cookie: person.jar.header() }),
            context: routerContextFor(requestContext(suite.db, auth)),
            params: { roundId: ROUND },
          }) as never,
        ),
      );
    const form = (fields: Record<string, string>) => (headers: Record<string, string>) => formPost(`/admin/live/${ROUND}`, fields, headers);

    expect((await post(shopPerson, form({ intent: "post", kind: "text", clientKey: "k-shop-000001", body: "hi" }))).status).toBe(403);
    const ok = await post(editorPerson, form({ intent: "post", kind: "text", clientKey: "k-route-00001", body: "From the route" }));
    expect(ok).toMatchObject({ status: 200, data: { tone: "success", message: "Posted to the ticker.", clientKey: "k-route-00001" } });
    const again = await post(
      editorPerson,
      form({ intent: "post", kind: "text", clientKey: "k-route-00001", body: "From the route" }),
      livePostsAction,
    );
    expect(again).toMatchObject({ status: 200, data: { tone: "success", message: "Already posted: this update was stored once." } });

    const refusals: Array<[Record<string, string>, string]> = [
      [{ intent: "post", kind: "text", clientKey: "k-route-00002", body: "" }, "Write the update."],
      [
        { intent: "post", kind: "position", clientKey: "k-route-00003", driverId: "oliver-hartley", position: "x" },
        "Give the position as a number.",
      ],
      [
        { intent: "post", kind: "state", clientKey: "k-route-00004", sessionId: "2025-r1-silverstone-international-s1", action: "start" },
        "That session is not one of this round's; reload the page.",
      ],
      [{ intent: "post", kind: "photo", clientKey: "k-route-00005" }, "Take or choose a photo to post."],
      [{ intent: "session", sessionId: RACE_1, action: "explode" }, "Choose what happened to the session."],
      [{ intent: "edit", postId: "999999", version: "1", body: "x" }, "That post is no longer on the ticker; reload the page."],
      [{ intent: "remove", postId: "abc", version: "1" }, "Choose the post."],
      [{ intent: "launch" }, "That is not something the live desk does."],
    ];
    for (const [fields, message] of refusals) {
      const outcome = await post(editorPerson, form(fields));
      expect(outcome, JSON.stringify(fields)).toMatchObject({ status: 400, data: { tone: "error", message } });
    }

    // A photo that is not one: refused with the media pipeline's message, nothing stored.
    const notAPhoto = new FormData();
    for (const [name, value] of Object.entries({ intent: "post", kind: "photo", clientKey: "k-route-00006", body: "grid" }))
      notAPhoto.set(name, value);
    notAPhoto.set("file", new Blob([Buffer.from("not an image at all")], { type: "image/jpeg" }), "grid.jpg");
    const refusedPhoto = await post(
      editorPerson,
      (headers) => multipartPost(`/admin/live/${ROUND}/posts`, notAPhoto, headers),
      livePostsAction,
    );
    expect(refusedPhoto).toMatchObject({ status: 400, data: { message: expect.stringContaining("isn't one we can use") } });
    // A declared body over the limit: 413 with the photo's message, before a byte is read.
    const huge = await post(
      editorPerson,
      (headers) =>
        new Request(`http://localhost:3000/admin/live/${ROUND}/posts`, {
          method: "POST",
          body: "x",
          headers: {
            ...headers,
            "content-type": "multipart/form-data; boundary=x",
            "content-length": String(LIVE_DESK_MAX_BODY_BYTES * 4),
          },
        }),
      livePostsAction,
    );
    expect(huge).toMatchObject({ status: 413, data: { message: "That image is larger than 15 MB. Export a smaller one." } });
    const stored = await suite.db.select().from(schema.tickerPosts).where(eq(schema.tickerPosts.roundId, ROUND));
    expect(stored.filter((row) => row.clientKey.startsWith("k-route-")).map((row) => row.clientKey)).toEqual(["k-route-00001"]);
  });
});

describe("the round desk keeps session ids by name", () => {
  const ROUND_3 = "2025-r3-silverstone-gp";
  async function roundInput(sessions: Array<{ name: string; date: string; time: string }>) {
    const [row] = await suite.db.select().from(schema.rounds).where(eq(schema.rounds.id, ROUND_3));
    const { roundNumber, name, circuit, circuitSlug, location, organizer, startDate, endDate, flagCode, circuitUrl, layoutImage } = row!;
    const input = roundSchema.parse({
      roundNumber,
      name,
      circuit,
      circuitSlug,
      location,
      organizer,
      startDate,
      endDate,
      flagCode,
      circuitUrl,
      layoutImage,
      circuitLengthMiles: row!.circuitLengthMiles,
      circuitTurns: row!.circuitTurns,
      raceLengthMinutes: row!.raceLengthMinutes,
      weather: row!.weather ?? "",
      trackTemperatureC: row!.trackTemperatureC === null ? "" : String(row!.trackTemperatureC),
      sessions,
    });
    return { input, version: row!.version };
  }
  const idsByName = async () =>
    Object.fromEntries(
      (await suite.db.select().from(schema.roundSessions).where(eq(schema.roundSessions.roundId, ROUND_3))).map((session) => [
        session.name,
        session.id,
      ]),
    );

  it("keeps ids when sessions are renamed in another case or reordered, and refuses to remove one with a classification", async () => {
    const before = await idsByName();
    expect(before).toMatchObject({ Practice: `${ROUND_3}-s1`, "Race 2": `${ROUND_3}-s4` });
    const reordered = await roundInput([
      { name: "RACE 2", date: "2025-06-08", time: "14:05" },
      { name: "practice", date: "2025-06-07", time: "09:15" },
      { name: "Qualifying", date: "2025-06-07", time: "11:50" },
      { name: "Race 1", date: "2025-06-07", time: "15:40" },
      { name: "Warm-up", date: "2025-06-08", time: "09:00" },
    ]);
    expect((await auditedWrite(context(), staff, (tx) => updateRound(tx, ROUND_3, reordered.version, reordered.input))).ok).toBe(true);
    const after = await idsByName();
    expect(after["RACE 2"]).toBe(before["Race 2"]);
    expect(after.practice).toBe(before.Practice);
    expect(after["Race 1"]).toBe(before["Race 1"]);
    expect(Object.values(before)).not.toContain(after["Warm-up"]);

    await suite.db.insert(schema.sessionClassifications).values({
      roundId: ROUND_3,
      sessionId: after["Race 1"]!,
      version: 1,
      status: "provisional",
      issuedAt: new Date("2025-06-07T15:20:00Z"),
      rows: [],
    });
    const withoutRace1 = await roundInput([
      { name: "Practice", date: "2025-06-07", time: "09:15" },
      { name: "Qualifying", date: "2025-06-07", time: "11:50" },
      { name: "Race 2", date: "2025-06-08", time: "14:05" },
    ]);
    await expect(
      auditedWrite(context(), staff, (tx) => updateRound(tx, ROUND_3, withoutRace1.version, withoutRace1.input)),
    ).rejects.toThrow("Race 1 has a published result, so it stays in the timetable.");
    expect(await idsByName()).toEqual(after);
  });
});
