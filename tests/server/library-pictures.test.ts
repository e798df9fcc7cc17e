import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { drivers, femaleSideMembers, galleryItems, heroSlides, mediaAssets, partners, teamMembers } from "../../db/schema";
import type { AuditActor, AuditContext } from "../../app/features/admin/audit.server";
import { isLibraryImage, updateMediaDetails } from "../../app/features/media/media.server";
import { uploadMedia } from "../../app/features/media/upload.server";
import { serverForTests } from "../support/server-fixture";

/*
 * Records other than articles take their picture from the media library too: a driver, a
 * team member, a Female Side member, a gallery item, a hero slide and a partner's logo. With
 * a photo chosen, the built server's public pages show it as a responsive <picture> around
 * its focal point; the records left alone keep their own art as a plain <img>.
 */

const altText = "Portrait in the pit lane at dusk";
let assetId: string;
let deletedAssetId: string;

const actor: AuditActor = { id: null, label: "library pictures test", roles: ["editor"], actingAs: "editor" };

async function upload(context: AuditContext, alt: string, seedByte: number) {
  const photo = await sharp(randomBytes(1200 * 800 * 3).fill(seedByte, 0, 16), { raw: { width: 1200, height: 800, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
  const form = new FormData();
  form.set("altText", alt);
  form.set("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "photo.jpg");
  const uploaded = await uploadMedia(context, actor, new Request("http://localhost/admin/media/new", { method: "POST", body: form }));
  if (!uploaded.ok) throw new Error(`upload refused: ${JSON.stringify(uploaded.fieldErrors)}`);
  return uploaded.asset;
}

const site = serverForTests({
  prepare: async (testDb) => {
    const handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
    try {
      const context: AuditContext = {
        db: handle.db,
        log: pino({ level: "silent" }),
        requestId: "library-pictures-test",
        contentChanged: async () => {},
      };
      const asset = await upload(context, altText, 1);
      const focused = await updateMediaDetails(context, actor, asset.id, {
        altText,
        caption: "",
        credit: "",
        focalX: 0.5,
        focalY: 0.2,
        version: asset.version,
      });
      if (!focused.ok) throw new Error("could not set the focal point");
      assetId = asset.id;
      const gone = await upload(context, "A photo deleted later", 2);
      deletedAssetId = gone.id;

      const { db } = handle;
      const [firstDriver] = await db.select({ id: drivers.id }).from(drivers).orderBy(asc(drivers.sortOrder)).limit(1);
      await db.update(drivers).set({ photoAssetId: assetId }).where(eq(drivers.id, firstDriver!.id));
      await db.update(teamMembers).set({ photoAssetId: assetId }).where(eq(teamMembers.id, 1));
      await db.update(femaleSideMembers).set({ photoAssetId: assetId }).where(eq(femaleSideMembers.id, "fs-1"));
      await db.update(galleryItems).set({ photoAssetId: assetId }).where(eq(galleryItems.id, 1));
      await db.update(partners).set({ logoAssetId: assetId }).where(eq(partners.id, "vortex-air-systems"));
      const [firstSlide] = await db.select({ id: heroSlides.id }).from(heroSlides).orderBy(asc(heroSlides.sortOrder)).limit(1);
      await db.update(heroSlides).set({ photoAssetId: assetId }).where(eq(heroSlides.id, firstSlide!.id));
      // A record whose photo was deleted from the library falls back to its own art.
      await db.update(galleryItems).set({ photoAssetId: deletedAssetId }).where(eq(galleryItems.id, 2));
      await db.update(mediaAssets).set({ deletedAt: new Date() }).where(eq(mediaAssets.id, deletedAssetId));

      expect(await isLibraryImage(db, assetId)).toBe(true);
      expect(await isLibraryImage(db, deletedAssetId)).toBe(false);
      expect(await isLibraryImage(db, "00000000-0000-4000-8000-000000000000")).toBe(false);
      expect(await isLibraryImage(db, "not an id")).toBe(false);
    } finally {
      await handle.close();
    }
  },
});

const page = async (path: string) => {
  const response = await fetch(`${site.url}${path}`);
  expect(response.status, path).toBe(200);
  return response.text();
};

/** The <picture> elements of the library photo in a page's HTML. */
function libraryPictures(html: string): string[] {
  return [...html.matchAll(/<picture[\s\S]*?<\/picture>/g)]
    .map((found) => found[0])
    .filter((picture) => /\/media\/u\/[0-9a-f]{32}-320\.webp/.test(picture));
}

function expectResponsive(picture: string) {
  expect(picture).toMatch(/<source type="image\/avif" srcSet="\/media\/u\/[0-9a-f]{32}-320\.avif 320w/);
  expect(picture).toMatch(/<source type="image\/webp" srcSet="\/media\/u\/[0-9a-f]{32}-320\.webp 320w/);
  expect(picture).toContain('width="1200" height="800"');
  expect(picture).toContain("object-position:50% 20%");
  // The <picture> takes no box of its own, so the <img> sits where the plain image did.
  expect(picture).toContain('<picture class="contents">');
}

describe("records with a picture from the media library", () => {
  it("shows a driver's, a leader's and a Female Side member's photo on /team", async () => {
    const html = await page("/team");
    const pictures = libraryPictures(html);
    // The driver's card, the leader's card and the Female Side member's tile, whose photo shows
    // at once beneath its clip (the others keep their art).
    expect(pictures).toHaveLength(3);
    pictures.forEach(expectResponsive);
    // On cards whose text names the person the picture is decorative.
    expect(pictures.every((picture) => picture.includes('alt=""'))).toBe(true);
    expect(html).toMatch(/<img src="\/media\/drivers\/[\w-]+\.svg" alt=""/);
    // The Female Side member's tile plays a clip over the photo: the photo is also its poster, one WebP file.
    expect(html).toMatch(/<video[^>]* poster="\/media\/u\/[0-9a-f]{32}-\d+\.webp"/);
  });

  it("shows the team member's photo on their profile, with the library's alt text, fetched first", async () => {
    const [picture] = libraryPictures(await page("/team/1"));
    expectResponsive(picture!);
    expect(picture).toContain(`alt="${altText}"`);
    expect(picture).toContain('fetchPriority="high"');
  });

  it("shows the gallery photo with its alt text, and the art of an item whose photo was deleted", async () => {
    const html = await page("/gallery");
    const pictures = libraryPictures(html);
    expect(pictures).toHaveLength(1);
    expectResponsive(pictures[0]!);
    expect(pictures[0]).toContain(`alt="${altText}"`);
    expect(html).not.toContain(deletedAssetId);
    expect(html.match(/<img src="\/media\/gallery\/[\w-]+\.svg"/g)!.length).toBeGreaterThan(1);
  });

  it("shows the partner's library logo on /partners, and the first hero slide's photo on the home page", async () => {
    const partnersPage = libraryPictures(await page("/partners"));
    expect(partnersPage.length).toBeGreaterThanOrEqual(1);
    partnersPage.forEach(expectResponsive);
    const home = libraryPictures(await page("/"));
    const hero = home.find((picture) => picture.includes('fetchPriority="high"'));
    expect(hero, "the first slide's photo, fetched first").toBeDefined();
    expect(hero).toContain('sizes="100vw"');
  });
});
