import { createHash } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIP_SECRETS, teamClip, withFilmingMetadata } from "../support/mp4";
import { metadataIn, photoWithMetadata, STORED } from "../support/photo-metadata";
import { prepareStaff, takePreparedSession, type PreparedStaff } from "../support/prepared-staff";
import { serverForTests } from "../support/server-fixture";

/*
 * The attack of the review behind ADR 0096, through the production build: an editor uploads a
 * phone's photo (GPS, make, model, serial, XMP, IPTC, a comment) and a phone's clip; a visitor
 * takes the hash from a picture's address and asks for every file that hash could name, and
 * for every file the library lists. Nothing answered may carry the photo's or the clip's
 * metadata, and the original is not where the hash says.
 */

const AUTH_SECRET = "media-originals-secret-0123456789abcdef0123";
let editor: PreparedStaff;
let cookie = "";

const site = serverForTests({
  env: { AUTH_SECRET },
  prepare: async (testDb) => {
    editor = await prepareStaff(testDb, {
      email: "originals.editor@example.com",
      password: "a long and unusual password",
      roles: ["editor"],
      secret: AUTH_SECRET,
      publicUrl: "http://127.0.0.1",
    });
  },
});

// Signed in as the editor: one of the sessions prepareStaff made (signing in is the sign-in tests' subject).
beforeAll(() => {
  cookie = takePreparedSession(editor);
});

/** Uploads as the editor; the addresses of the files the library's page lists for it. */
async function upload(bytes: Buffer, name: string): Promise<string[]> {
  const form = new FormData();
  form.set("altText", `Uploaded ${name}`);
  form.set("file", new Blob([new Uint8Array(bytes)]), name);
  const uploaded = await fetch(`${site.url}/admin/media/new`, {
    method: "POST",
    body: form,
    headers: { cookie, origin: site.url },
    redirect: "manual",
  });
  expect(uploaded.status).toBe(302);
  const page = await (await fetch(`${site.url}${uploaded.headers.get("location")}`, { headers: { cookie } })).text();
  return [...new Set(page.match(/\/media\/u\/[0-9a-f]{32}(?:-\d+)?\.[a-z0-9]+/g) ?? [])];
}

/** As a visitor: no cookie. */
async function visit(path: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(`${site.url}${path}`);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

const hashIn = (path: string) => /\/media\/u\/([0-9a-f]{32})-\d+\./.exec(path)?.[1];
const guesses = (hash: string) => ["jpg", "jpeg", "png", "webp", "avif", "mp4"].map((ext) => `/media/u/${hash}.${ext}`);

describe("media originals against a visitor", () => {
  it("gives away no location or camera data of a phone's photo, at any address listed or guessed", async () => {
    const photo = await photoWithMetadata("jpeg");
    const listed = await upload(photo, "phone.jpg");
    const variants = listed.filter((path) => hashIn(path));
    expect(variants.length).toBeGreaterThanOrEqual(4);
    const hash = hashIn(variants[0]!)!;

    for (const path of guesses(hash)) expect((await visit(path)).status, path).toBe(404);
    for (const path of listed) {
      const answer = await visit(path);
      expect(answer.status, path).toBe(200);
      expect(await metadataIn(answer.bytes), path).toEqual([]);
    }
    // The original, as the library lists it: upright (no orientation tag needed), its colour profile kept.
    const original = listed.filter((path) => !hashIn(path));
    expect(original).toHaveLength(1);
    expect(original[0]).not.toContain(hash);
    const kept = await sharp((await visit(original[0]!)).bytes).metadata();
    expect([kept.format, kept.width, kept.height]).toEqual(["jpeg", STORED.height, STORED.width]);
    expect(Buffer.compare(kept.icc!, (await sharp(photo).metadata()).icc!)).toBe(0);
  });

  it("gives away no location or camera data of a phone's clip, and its hash does not lead to it", async () => {
    const clip = withFilmingMetadata(teamClip());
    const listed = await upload(clip, "phone.mp4");
    expect(listed).toHaveLength(1);
    const answer = await visit(listed[0]!);
    expect(answer.status).toBe(200);
    for (const secret of [CLIP_SECRETS.location, CLIP_SECRETS.make, CLIP_SECRETS.model, CLIP_SECRETS.xmp, CLIP_SECRETS.gpsSample]) {
      expect(answer.bytes.includes(secret, 0, "latin1"), secret).toBe(false);
    }
    const hash = createHash("sha256").update(clip).digest("hex").slice(0, 32);
    for (const path of guesses(hash)) expect((await visit(path)).status, path).toBe(404);
  });
});
