import pino from "pino";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { AuditActor, AuditContext } from "../../app/features/admin/audit.server";
import { entityHistory } from "../../app/features/admin/history.server";
import { getMediaAsset, updateMediaDetails } from "../../app/features/media/media.server";
import { uploadMedia } from "../../app/features/media/upload.server";
import { action as mediaDetailAction, loader as mediaDetailLoader } from "../../app/routes/admin/media-detail";
import { createTestAuth, formPost, get, requestContext, run } from "../support/accounts";
import { makeStaff, signUpPerson } from "../support/staff";
import { seededTestDatabase } from "../support/test-database";

/*
 * The History tabs the desks were missing (results of a round, seasons, media details): each
 * restore goes through admin-core's restoreFromHistory, is version-checked and audited.
 */
const suite = seededTestDatabase();
const editor: AuditActor = { id: null, label: "desk gaps test", roles: ["editor"], actingAs: "editor" };
const auditContext = (): AuditContext => ({ db: suite.db, log: pino({ level: "silent" }), requestId: "desk-gaps-test", contentChanged: async () => {} });

type AnyRoute = (args: never) => Promise<unknown>;

async function signedInEditor(email: string) {
  const auth = createTestAuth(suite.db);
  const person = await makeStaff(suite.db, await signUpPerson(suite.db, auth, { email }), ["editor"]);
  const cookie = { cookie: person.jar.header() };
  const post = (action: AnyRoute, path: string, fields: Record<string, string>, params: Record<string, string>) =>
    run(() =>
      action({
        request: formPost(path, fields, { ...cookie, "content-length": String(new URLSearchParams(fields).toString().length) }),
        context: requestContext(suite.db, auth),
        params,
      } as never),
    ) as Promise<{ status: number; data: unknown }>;
  const load = (loader: AnyRoute, path: string, params: Record<string, string>) =>
    run(() => loader({ request: get(path, cookie), context: requestContext(suite.db, auth), params } as never)) as Promise<{ status: number; data: unknown }>;
  return { post, load };
}

describe("media details: History and restore", () => {
  it("sets alt text, caption, credit and focal point back to an earlier version, refusing a stale one", async () => {
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#224488" } }).png().toBuffer();
    const form = new FormData();
    form.set("altText", "Blue original");
    form.set("caption", "First caption");
    form.set("file", new Blob([new Uint8Array(png)]), "blue.png");
    const uploaded = await uploadMedia(auditContext(), editor, new Request("http://localhost/admin/media/new", { method: "POST", body: form }));
    if (!uploaded.ok) throw new Error("upload failed");
    const id = uploaded.asset.id;
    const edited = await updateMediaDetails(auditContext(), editor, id, { altText: "Blue edited", caption: "", credit: "Jo", focalX: 0.1, focalY: 0.9, version: 1 });
    expect(edited.ok).toBe(true);

    const staff = await signedInEditor("media-history@example.com");
    const page = await staff.load(mediaDetailLoader as AnyRoute, `/admin/media/${id}?tab=history`, { assetId: id });
    const history = (page.data as { history: Array<{ id: number; action: string; version: number; restorable: boolean }> }).history;
    expect(history.map((entry) => [entry.action, entry.version, entry.restorable])).toEqual([
      ["update", 2, false],
      ["create", 1, true],
    ]);
    const path = `/admin/media/${id}?tab=history`;
    const stale = await staff.post(mediaDetailAction as AnyRoute, path, { intent: "restore-version", eventId: String(history[1]!.id), version: "1" }, { assetId: id });
    expect(stale.status).toBe(409);
    expect(await getMediaAsset(suite.db, id)).toMatchObject({ altText: "Blue edited", version: 2 });
    const bad = await staff.post(mediaDetailAction as AnyRoute, path, { intent: "restore-version", eventId: "x", version: "2" }, { assetId: id });
    expect(bad.status).toBe(400);

    const restored = await staff.post(mediaDetailAction as AnyRoute, path, { intent: "restore-version", eventId: String(history[1]!.id), version: "2" }, { assetId: id });
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
