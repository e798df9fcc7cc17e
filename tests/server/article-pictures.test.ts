import { randomBytes } from "node:crypto";
import pino from "pino";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { AuditActor, AuditContext } from "../../app/features/admin/audit.server";
import { mediaFileUrl } from "../../app/features/media/media";
import { listMediaChoices, deleteMediaAsset } from "../../app/features/media/media.server";
import { uploadMedia } from "../../app/features/media/upload.server";
import type { ArticleContent } from "../../app/features/news/article-snapshot";
import { createArticle, transitionArticle } from "../../app/features/news/news-desk.server";
import { getArticle } from "../../app/features/news/news.server";
import { seededTestDatabase } from "../support/test-database";
import { NO_OPTIONAL_ARTICLE_FIELDS } from "../support/article-content";

/*
 * A picture from the media library placed in an article's text (the editor's Picture button):
 * the public page shows its caption and credit under it, as a figure the next paragraph starts
 * after (issue 37: the caption and credit were not shown, and the paragraph touched the picture).
 */

const suite = seededTestDatabase();
const actor: AuditActor = { id: null, label: "article pictures test", roles: ["editor"], actingAs: "editor" };
const context = (): AuditContext => ({
  db: suite.db,
  log: pino({ level: "silent" }),
  requestId: "article-pictures-test",
  contentChanged: async () => {},
});

async function uploadPicture(altText: string, caption: string, credit: string) {
  const photo = await sharp(randomBytes(1200 * 800 * 3), { raw: { width: 1200, height: 800, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
  const form = new FormData();
  form.set("altText", altText);
  form.set("caption", caption);
  form.set("credit", credit);
  form.set("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "grid.jpg");
  const uploaded = await uploadMedia(context(), actor, new Request("http://localhost/admin/media/new", { method: "POST", body: form }));
  if (!uploaded.ok) throw new Error(`upload refused: ${JSON.stringify(uploaded.fieldErrors)}`);
  // Placed as the editor's Picture button places it: the library's inline size, with its alt text.
  const choice = (await listMediaChoices(suite.db)).find((item) => item.id === uploaded.asset.id)!;
  return { asset: uploaded.asset, src: mediaFileUrl(choice.inline!) };
}

async function publishedWith(slug: string, body: ArticleContent["body"]) {
  const content: ArticleContent = {
    slug,
    title: `Pictures ${slug}`,
    category: "Race Reports",
    venue: "Silverstone",
    image: "/media/news/season-opener-silverstone-international.svg",
    objectPosition: "center",
    heroAssetId: null,
    excerpt: "An article with a library picture in its text.",
    body,
    ...NO_OPTIONAL_ARTICLE_FIELDS,
  };
  const created = await createArticle(context(), actor, content);
  if (!created.ok) throw new Error(`create failed: ${JSON.stringify(created)}`);
  const published = await transitionArticle(context(), actor, {
    articleId: created.articleId,
    expectedVersion: created.version,
    transition: { action: "publish" },
  });
  if (!published.ok) throw new Error("publish failed");
  const found = await getArticle(suite.db, slug);
  if (found.found !== "article") throw new Error("the article is not public");
  return found.article.html;
}

const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });

describe("a library picture in an article's text", () => {
  it("shows its caption and credit under it, in a figure the next paragraph follows", async () => {
    const { src } = await uploadPicture("Oliver on the grid", "Oliver on the grid before Race 2", "Sam Lens");
    const html = await publishedWith("picture-with-caption", {
      type: "doc",
      content: [
        paragraph("Before the start."),
        { type: "image", attrs: { src, alt: "Oliver on the grid" } },
        paragraph("Then the lights went out."),
      ],
    });
    expect(html).toContain(
      `<p>Before the start.</p><figure><img src="${src}" alt="Oliver on the grid" loading="lazy" decoding="async">` +
        '<figcaption>Oliver on the grid before Race 2 <span class="picture-credit">Photo: Sam Lens</span></figcaption></figure>' +
        "<p>Then the lights went out.</p>",
    );
  });

  it("shows no caption for a picture without one, nor for one deleted from the library", async () => {
    const plain = await uploadPicture("The paddock", "", "");
    const gone = await uploadPicture("The pit wall", "The pit wall at dusk", "Sam Lens");
    expect((await deleteMediaAsset(context(), actor, gone.asset.id, gone.asset.version)).ok).toBe(true);
    const html = await publishedWith("picture-without-caption", {
      type: "doc",
      content: [
        { type: "image", attrs: { src: plain.src, alt: "The paddock" } },
        { type: "image", attrs: { src: gone.src, alt: "The pit wall" } },
        paragraph("After."),
      ],
    });
    expect(html).not.toContain("figcaption");
    expect(html).toContain(`<figure><img src="${plain.src}" alt="The paddock" loading="lazy" decoding="async"></figure>`);
  });
});
