import { randomBytes } from "node:crypto";
import pino from "pino";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import type { AuditActor, AuditContext } from "../../app/features/admin/audit.server";
import type { ArticleContent } from "../../app/features/news/article-snapshot";
import { updateMediaDetails } from "../../app/features/media/media.server";
import { uploadMedia } from "../../app/features/media/upload.server";
import { createArticle, saveArticle, transitionArticle } from "../../app/features/news/news-desk.server";
import { serverForTests } from "../support/server-fixture";
import { NO_OPTIONAL_ARTICLE_FIELDS } from "../support/article-content";

/*
 * An editor's report with a photo from the library, end to end: the photo is uploaded through
 * the media code, set as the hero through the desk's write path and published; the built
 * server's article page, /news and the home page show it as a responsive <picture> cropped
 * around its focal point, and the link preview gets a raster file of it.
 */

const slug = "report-with-a-library-photo";
const chosenShareImageSlug = "report-with-a-chosen-share-image";
const altText = "Car 7 leads into Copse at dusk";
let refusedUnknownPhoto: unknown;

const actor: AuditActor = { id: null, label: "news media test", roles: ["editor"], actingAs: "editor" };

function article(overrides: Partial<ArticleContent>): ArticleContent {
  return {
    slug,
    title: "A report with a library photo",
    category: "Race Reports",
    venue: "Silverstone",
    image: "",
    objectPosition: "center",
    heroAssetId: null,
    excerpt: "Its hero is a photo from the media library.",
    body: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "A photo." }] }] },
    ...NO_OPTIONAL_ARTICLE_FIELDS,
    ...overrides,
  };
}

const site = serverForTests({
  prepare: async (testDb) => {
    const handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
    try {
      const context: AuditContext = {
        db: handle.db,
        log: pino({ level: "silent" }),
        requestId: "news-media-test",
        contentChanged: async () => {},
      };
      const photo = await sharp(randomBytes(1600 * 900 * 3), { raw: { width: 1600, height: 900, channels: 3 } })
        .jpeg({ quality: 80 })
        .toBuffer();
      const form = new FormData();
      form.set("altText", altText);
      form.set("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "copse.jpg");
      const uploaded = await uploadMedia(context, actor, new Request("http://localhost/admin/media/new", { method: "POST", body: form }));
      if (!uploaded.ok) throw new Error(`upload refused: ${JSON.stringify(uploaded.fieldErrors)}`);
      const focused = await updateMediaDetails(context, actor, uploaded.asset.id, {
        altText,
        caption: "",
        credit: "",
        focalX: 0.3,
        focalY: 0.7,
        version: uploaded.asset.version,
      });
      if (!focused.ok) throw new Error("could not set the focal point");

      refusedUnknownPhoto = await createArticle(
        context,
        actor,
        article({ slug: "no-such-photo", heroAssetId: "00000000-0000-4000-8000-000000000000" }),
      );
      // Published first, so the photo's article below stays the newest.
      const chosen = await createArticle(
        context,
        actor,
        article({ slug: chosenShareImageSlug, title: "A report with a share image of its own", shareImage: "/media/share-card.png" }),
      );
      if (!chosen.ok) throw new Error("could not create the article with a share image");
      const chosenPublished = await transitionArticle(context, actor, {
        articleId: chosen.articleId,
        expectedVersion: chosen.version,
        transition: { action: "publish" },
      });
      if (!chosenPublished.ok) throw new Error("could not publish the article with a share image");
      // Created with the art, then given the photo by a save: the edit form's path.
      const created = await createArticle(context, actor, article({ image: "/media/news/season-opener-silverstone-international.svg" }));
      if (!created.ok) throw new Error("could not create the article");
      const saved = await saveArticle(context, actor, {
        articleId: created.articleId,
        expectedVersion: created.version,
        content: article({ heroAssetId: uploaded.asset.id }),
      });
      if (!saved.ok) throw new Error(`could not save the article: ${JSON.stringify(saved)}`);
      const published = await transitionArticle(context, actor, {
        articleId: created.articleId,
        expectedVersion: saved.version,
        transition: { action: "publish" },
      });
      if (!published.ok) throw new Error("could not publish the article");
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

/** The <picture> of the library photo in a page's HTML. */
function photoPicture(html: string): string {
  const match = [...html.matchAll(/<picture[\s\S]*?<\/picture>/g)]
    .map((found) => found[0])
    .find((picture) => picture.includes(`alt="${altText}"`));
  expect(match, "a <picture> with the photo's alt text").toBeDefined();
  return match!;
}

function expectResponsivePhoto(picture: string) {
  expect(picture).toMatch(/<source type="image\/avif" srcSet="\/media\/u\/[0-9a-f]{32}-320\.avif 320w, [^"]*1600w"/);
  expect(picture).toMatch(/<source type="image\/webp" srcSet="\/media\/u\/[0-9a-f]{32}-320\.webp 320w, [^"]*1600w"/);
  expect(picture).toMatch(/sizes="[^"]+"/);
  expect(picture).toContain('width="1600" height="900"');
  expect(picture).toContain("object-position:30% 70%");
}

describe("an article whose hero is a photo from the library", () => {
  it("cannot be saved with a photo that is not in the library", () => {
    expect(refusedUnknownPhoto).toMatchObject({ ok: false, reason: "invalid", field: "heroAssetId" });
  });

  it("shows the photo on its page: responsive, focal point, fetched first, not lazily", async () => {
    const picture = photoPicture(await page(`/news/${slug}`));
    expectResponsivePhoto(picture);
    expect(picture).toContain('fetchPriority="high"');
    expect(picture).not.toContain('loading="lazy"');
  });

  it("shows it on /news, where the newest story leads above the fold (not lazily), and lazily in the home page's latest news", async () => {
    const lead = photoPicture(await page("/news"));
    expectResponsivePhoto(lead);
    expect(lead).not.toContain('loading="lazy"');
    const home = photoPicture(await page("/"));
    expectResponsivePhoto(home);
    expect(home).toContain('loading="lazy"');
    expect(home).not.toContain("fetchPriority");
  });

  it("keeps the seeded SVG art as a plain <img> on the cards", async () => {
    expect(await page("/news")).toMatch(/<img src="\/media\/news\/[\w-]+\.svg" alt="" width="1200" height="675"/);
  });

  it("gives link previews the share image the editor chose instead of the drawn card", async () => {
    const html = await page(`/news/${chosenShareImageSlug}`);
    expect(/<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]).toMatch(/^https?:\/\/[^/]+\/media\/share-card\.png$/);
    expect(html).not.toContain("/share/news/");
  });

  it("gives link previews an absolute URL of the article's drawn share card (with the photo), which the server serves", async () => {
    const html = await page(`/news/${slug}`);
    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(ogImage).toMatch(new RegExp(`^https?://[^/]+/share/news/${slug}-[0-9a-f]{16}\\.png$`));
    expect(html).toContain('<meta property="og:image:width" content="1200"/>');
    expect(html).toContain('<meta property="og:image:height" content="630"/>');
    const file = await fetch(`${site.url}${new URL(ogImage!).pathname}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
  });
});
