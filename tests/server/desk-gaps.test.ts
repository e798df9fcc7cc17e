import pino from "pino";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { AuditActor, AuditContext } from "../../app/features/admin/audit.server";
import { entityHistory } from "../../app/features/admin/history.server";
import { getMediaAsset, updateMediaDetails } from "../../app/features/media/media.server";
import { uploadMedia } from "../../app/features/media/upload.server";
import { auditedWrite } from "../../app/features/admin/audit.server";
import { createSeason, setSeasonPublished } from "../../app/features/results/results-desk.server";
import { getResultsSheet, saveClassResults } from "../../app/features/results/round-results.server";
import { classResultsSchema, nestFormFields } from "../../app/features/results/results-form";
import { getDriversWithSeason } from "../../app/features/team/drivers.server";
import { getPublishedSeasons } from "../../app/features/calendar/season.server";
import { action as resultsAction, loader as resultsLoader } from "../../app/routes/admin/results";
import { action as seasonAction, loader as seasonLoader } from "../../app/routes/admin/season";
import { action as mediaDetailAction, loader as mediaDetailLoader } from "../../app/routes/admin/media-detail";
import { createTestAuth, formPost, get, requestContext, run } from "../support/accounts";
import { makeStaff, signUpPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";
import { routerContextFor } from "../../app/context";
import { routeArgs } from "../support/route-args";

/*
 * The History tabs the desks were missing (results of a round, seasons, media details): each
 * restore goes through admin-core's restoreFromHistory, is version-checked and audited.
 */
const suite = seededTestDatabase();
const editor: AuditActor = { id: null, label: "desk gaps test", roles: ["editor"], actingAs: "editor" };
const auditContext = (): AuditContext => ({
  db: suite.db,
  log: pino({ level: "silent" }),
  requestId: "desk-gaps-test",
  contentChanged: async () => {},
});

type AnyRoute = (args: never) => Promise<unknown>;

async function signedInEditor(email: string) {
  const auth = createTestAuth(suite.db);
  const person = await makeStaff(suite.db, await signUpPerson(suite.db, auth, { email }), ["editor"]);
  const cookie = { cookie: person.jar.header() };
  const post = (action: AnyRoute, path: string, fields: Record<string, string>, params: Record<string, string>) =>
    run(() =>
      action(
        routeArgs({
          request: formPost(path, fields, { ...cookie, "content-length": String(new URLSearchParams(fields).toString().length) }),
          context: routerContextFor(requestContext(suite.db, auth)),
          params,
        }) as never,
      ),
    ) as Promise<{ status: number; data: unknown }>;
  const load = (loader: AnyRoute, path: string, params: Record<string, string>) =>
    run(() =>
      loader(routeArgs({ request: get(path, cookie), context: routerContextFor(requestContext(suite.db, auth)), params }) as never),
    ) as Promise<{ status: number; data: unknown }>;
  return { post, load };
}

describe("media details: History and restore", () => {
  it("sets alt text, caption, credit and focal point back to an earlier version, refusing a stale one", async () => {
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#224488" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("altText", "Blue original");
    form.set("caption", "First caption");
    form.set("file", new Blob([new Uint8Array(png)]), "blue.png");
    const uploaded = await uploadMedia(
      auditContext(),
      editor,
      new Request("http://localhost/admin/media/new", { method: "POST", body: form }),
    );
    if (!uploaded.ok) throw new Error("upload failed");
    const id = uploaded.asset.id;
    const edited = await updateMediaDetails(auditContext(), editor, id, {
      altText: "Blue edited",
      caption: "",
      credit: "Jo",
      focalX: 0.1,
      focalY: 0.9,
      version: 1,
    });
    expect(edited.ok).toBe(true);

    const staff = await signedInEditor("media-history@example.com");
    const page = await staff.load(mediaDetailLoader as AnyRoute, `/admin/media/${id}?tab=history`, { assetId: id });
    const history = (page.data as { history: Array<{ id: number; action: string; version: number; restorable: boolean }> }).history;
    expect(history.map((entry) => [entry.action, entry.version, entry.restorable])).toEqual([
      ["update", 2, false],
      ["create", 1, true],
    ]);
    const path = `/admin/media/${id}?tab=history`;
    const stale = await staff.post(
      mediaDetailAction as AnyRoute,
      path,
      { intent: "restore-version", eventId: String(history[1]!.id), version: "1" },
      { assetId: id },
    );
    expect(stale.status).toBe(409);
    expect(await getMediaAsset(suite.db, id)).toMatchObject({ altText: "Blue edited", version: 2 });
    const bad = await staff.post(
      mediaDetailAction as AnyRoute,
      path,
      { intent: "restore-version", eventId: "x", version: "2" },
      { assetId: id },
    );
    expect(bad.status).toBe(400);

    const restored = await staff.post(
      mediaDetailAction as AnyRoute,
      path,
      { intent: "restore-version", eventId: String(history[1]!.id), version: "2" },
      { assetId: id },
    );
    expect(restored).toMatchObject({ status: 200, data: { restore: { tone: "success" } } });
    expect(await getMediaAsset(suite.db, id)).toMatchObject({
      altText: "Blue original",
      caption: "First caption",
      credit: "",
      focalX: expect.closeTo(0.5, 5),
      focalY: expect.closeTo(0.5, 5),
      version: 3,
      deletedAt: null,
    });
    const after = await entityHistory(suite.db, "media_asset", id);
    expect(after[0]).toMatchObject({ action: "restore", roleUsed: "editor" });
  });
});

const LAST_ROUND = "2025-r9-silverstone-national";

/** The F3A results form of the last round as the browser posts it, with Ethan's races as given. */
async function f3aInput(ethan: Record<string, string>) {
  const sheet = (await getResultsSheet(suite.db, LAST_ROUND))!;
  const f3a = sheet.classes.find((group) => group.racingClass === "F3A")!;
  const fields: Array<[string, string]> = [["racingClass", "F3A"]];
  f3a.drivers.forEach((driver, index) => {
    fields.push([`entries.${index}.driverId`, driver.id], [`entries.${index}.version`, String(driver.result?.version ?? "")]);
    if (driver.id === "ethan-cole") {
      fields.push([`entries.${index}.entered`, "on"]);
      for (const [name, value] of Object.entries(ethan)) fields.push([`entries.${index}.${name}`, value]);
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
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

/** The input is read before the write: on PGlite a read outside the transaction would wait for it. */
async function saveF3a(ethan: Record<string, string>) {
  const input = await f3aInput(ethan);
  return auditedWrite(auditContext(), editor, (tx) => saveClassResults(tx, LAST_ROUND, input));
}

async function ethanTotal() {
  return (await getDriversWithSeason(suite.db, 2025)).find((driver) => driver.id === "ethan-cole")!.season.total;
}

type HistoryView = Array<{ id: number; action: string; version: number | null; restorable: boolean }>;

describe("results of a round: History and restore per class", () => {
  it("sets a class's results back to an earlier save, standings following, and refuses a stale restore", async () => {
    expect(await ethanTotal()).toBe(0);
    const first = await saveF3a({ "races.0.status": "CLASSIFIED", "races.0.position": "1" });
    expect(first).toMatchObject({ ok: true });
    expect(await ethanTotal()).toBe(15);
    const second = await saveF3a({ "races.0.status": "DNF", "races.0.position": "" });
    expect(second).toMatchObject({ ok: true });
    expect(await ethanTotal()).toBe(0);

    const staff = await signedInEditor("results-history@example.com");
    const path = `/admin/results/${LAST_ROUND}?tab=history`;
    const page = await staff.load(resultsLoader as AnyRoute, path, { roundId: LAST_ROUND });
    const histories = (page.data as { histories: Array<{ racingClass: string; version: number; entries: HistoryView }> }).histories;
    const f3a = histories.find((history) => history.racingClass === "F3A")!;
    expect(f3a.version).toBe(2);
    expect(f3a.entries.map((entry) => [entry.action, entry.version, entry.restorable])).toEqual([
      ["update", 2, false],
      ["update", 1, true],
    ]);

    const stale = await staff.post(
      resultsAction as AnyRoute,
      path,
      { intent: "restore-version", racingClass: "F3A", eventId: String(f3a.entries[1]!.id), version: "1" },
      { roundId: LAST_ROUND },
    );
    expect(stale.status).toBe(409);
    expect(await ethanTotal()).toBe(0);
    const noClass = await staff.post(
      resultsAction as AnyRoute,
      path,
      { intent: "restore-version", racingClass: "", eventId: String(f3a.entries[1]!.id), version: "2" },
      { roundId: LAST_ROUND },
    );
    expect(noClass).toMatchObject({ status: 400, data: { errors: { racingClass: expect.any(String) } } });
    // Another class's event is not this class's history.
    const wrongClass = await staff.post(
      resultsAction as AnyRoute,
      path,
      { intent: "restore-version", racingClass: "F4", eventId: String(f3a.entries[1]!.id), version: "2" },
      { roundId: LAST_ROUND },
    );
    expect(wrongClass.status).toBe(404);

    const restored = await staff.post(
      resultsAction as AnyRoute,
      path,
      { intent: "restore-version", racingClass: "F3A", eventId: String(f3a.entries[1]!.id), version: "2" },
      { roundId: LAST_ROUND },
    );
    expect(restored).toMatchObject({ status: 200, data: { tone: "success" } });
    expect(await ethanTotal()).toBe(15);
    const after = await staff.load(resultsLoader as AnyRoute, path, { roundId: LAST_ROUND });
    const f3aAfter = (after.data as { histories: Array<{ racingClass: string; version: number; entries: HistoryView }> }).histories.find(
      (history) => history.racingClass === "F3A",
    )!;
    expect(f3aAfter.version).toBe(3);
    expect(f3aAfter.entries[0]).toMatchObject({ action: "restore", roleUsed: "editor", version: 3 });

    // The results form goes on from the restored rows (their versions moved on).
    const next = await saveF3a({ "races.0.status": "CLASSIFIED", "races.0.position": "5" });
    expect(next).toMatchObject({ ok: true });
    expect(await ethanTotal()).toBe(8);
  });
});

describe("seasons: History and restore", () => {
  it("sets whether a season is published back to an earlier version, audited and version-checked", async () => {
    expect((await auditedWrite(auditContext(), editor, (tx) => createSeason(tx, 2030))).ok).toBe(true);
    expect((await auditedWrite(auditContext(), editor, (tx) => setSeasonPublished(tx, 2030, 1, true))).ok).toBe(true);
    expect((await getPublishedSeasons(suite.db)).map((season) => season.year)).toContain(2030);

    const staff = await signedInEditor("season-history@example.com");
    const path = "/admin/seasons/2030?tab=history";
    const page = await staff.load(seasonLoader as AnyRoute, path, { year: "2030" });
    const { history } = page.data as { history: HistoryView };
    expect(history.map((entry) => [entry.action, entry.version, entry.restorable])).toEqual([
      ["publish", 2, false],
      ["create", 1, true],
    ]);
    expect((await staff.post(seasonAction as AnyRoute, path, { intent: "explode" }, { year: "2030" })).status).toBe(400);
    const stale = await staff.post(
      seasonAction as AnyRoute,
      path,
      { intent: "restore-version", eventId: String(history[1]!.id), version: "1" },
      { year: "2030" },
    );
    expect(stale.status).toBe(409);
    const restored = await staff.post(
      seasonAction as AnyRoute,
      path,
      { intent: "restore-version", eventId: String(history[1]!.id), version: "2" },
      { year: "2030" },
    );
    expect(restored).toMatchObject({ status: 200, data: { tone: "success" } });
    expect((await getPublishedSeasons(suite.db)).map((season) => season.year)).not.toContain(2030);
    expect((await entityHistory(suite.db, "season", "2030"))[0]).toMatchObject({ action: "restore", version: 3 });
  });
});
