import { and, eq } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { getHeroSlides } from "../../app/features/home/home.server";
import type { ArticleContent } from "../../app/features/news/article-snapshot";
import { getFeedArticles, getArticle, getLatestArticles, getNewsList, nextScheduledPublishAt } from "../../app/features/news/news.server";
import {
  createArticle,
  publishArticleChanges,
  restoreArticleRevision,
  saveArticle,
  transitionArticle,
} from "../../app/features/news/news-desk.server";
import { getDeskArticle, getPreviewArticle, listArticleRevisions, listDeskArticles } from "../../app/features/news/news-desk-reads.server";
import type { AuditActor } from "../../app/features/admin/audit.server";
import { sitemapEntries } from "../../app/features/seo/sitemap.server";
import { seededTestDatabase } from "../support/test-database";
import { NO_OPTIONAL_ARTICLE_FIELDS } from "../support/article-content";

const suite = seededTestDatabase();
const editor: AuditActor = { id: null, label: "news desk test", roles: ["editor"], actingAs: "editor" };
const desk = () => ({ db: suite.db, log: pino({ level: "silent" }), contentChanged: async () => {} });

let counter = 0;
function content(overrides: Partial<ArticleContent> = {}): ArticleContent {
  counter += 1;
  return {
    slug: `desk-test-${counter}`,
    title: `Desk test ${counter}`,
    category: "Team News",
    venue: "Silverstone",
    image: "/media/news/season-opener-silverstone-international.svg",
    objectPosition: "center",
    heroAssetId: null,
    excerpt: "An article written by the news desk test.",
    body: {
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Qualifying" }] },
        {
          type: "paragraph",
          content: [
            { type: "text", text: "A " },
            { type: "text", text: "bold", marks: [{ type: "bold" }] },
            { type: "text", text: " lap." },
          ],
        },
      ],
    },
    ...NO_OPTIONAL_ARTICLE_FIELDS,
    ...overrides,
  };
}

async function created(overrides: Partial<ArticleContent> = {}) {
  const result = await createArticle(desk(), editor, content(overrides));
  if (!result.ok) throw new Error(`create failed: ${result.reason}`);
  return result;
}

/** Where an article shows on the public site right now. */
async function publicPlaces(slug: string) {
  const [list, latest, feed, sitemap, page] = await Promise.all([
    getNewsList(suite.db, { query: "", category: "All" }),
    getLatestArticles(suite.db, 3),
    getFeedArticles(suite.db),
    sitemapEntries(suite.db),
    getArticle(suite.db, slug),
  ]);
  return {
    newsList: list.articles.some((article) => article.id === slug),
    homeLatest: latest.some((article) => article.id === slug),
    rss: feed.some((article) => article.id === slug),
    sitemap: sitemap.some((entry) => entry.path === `/news/${slug}`),
    page: page.found === "article",
  };
}

const nowhere = { newsList: false, homeLatest: false, rss: false, sitemap: false, page: false };
const everywhere = { newsList: true, homeLatest: true, rss: true, sitemap: true, page: true };

describe("the seeded articles", () => {
  it("are all published, with their Markdown converted into rich text that renders", async () => {
    const list = await getNewsList(suite.db, { query: "", category: "All" });
    expect(list.total).toBe(10);
    const lookup = await getArticle(suite.db, "interview-team-principal");
    expect(lookup.found).toBe("article");
    if (lookup.found !== "article") return;
    expect(lookup.article.html).toContain("<p><strong>You started Ridgeway Racing with two cars");
    expect(lookup.article.publishedOn).toBe("2025-10-08");
    const [row] = await suite.db.select().from(schema.articles).where(eq(schema.articles.id, "interview-team-principal"));
    expect(row).toMatchObject({ slug: "interview-team-principal", status: "published", version: 1 });
    expect(row!.publishAt!.toISOString()).toBe("2025-10-07T23:00:00.000Z");
    // Its History starts with the imported text.
    const history = await listArticleRevisions(suite.db, "interview-team-principal");
    expect(history.map((revision) => [revision.action, revision.version, revision.snapshot.title])).toEqual([["import", 1, row!.title]]);
  });
});

describe("publishing is data", () => {
  it("keeps a draft and an article in review off every public page", async () => {
    const draft = await created();
    const { slug } = (await getDeskArticle(suite.db, draft.articleId))!.content;
    expect(await publicPlaces(slug)).toEqual(nowhere);
    const submitted = await transitionArticle(desk(), editor, {
      articleId: draft.articleId,
      expectedVersion: 1,
      transition: { action: "submit" },
    });
    expect(submitted).toMatchObject({ ok: true, version: 2 });
    expect(await publicPlaces(slug)).toEqual(nowhere);
  });

  it("shows a scheduled article on /news, the home page, RSS and the sitemap only once its time has come", async () => {
    const article = await created();
    const slug = (await getDeskArticle(suite.db, article.articleId))!.content.slug;
    const publishAt = new Date(Date.now() + 1_500);
    const scheduled = await transitionArticle(desk(), editor, {
      articleId: article.articleId,
      expectedVersion: article.version,
      transition: { action: "schedule", publishAt },
    });
    expect(scheduled.ok).toBe(true);
    expect((await nextScheduledPublishAt(suite.db))?.getTime()).toBe(publishAt.getTime());
    expect(await publicPlaces(slug)).toEqual(nowhere);

    await new Promise((resolve) => setTimeout(resolve, publishAt.getTime() - Date.now() + 100));
    expect(await publicPlaces(slug)).toEqual(everywhere);
    expect(await nextScheduledPublishAt(suite.db)).toBeNull();
    const list = await listDeskArticles(suite.db, { query: slug, state: "all", page: 1 });
    expect(list.articles.map((row) => row.state)).toEqual(["published"]);

    // Unpublished, it leaves every page again.
    await transitionArticle(desk(), editor, {
      articleId: article.articleId,
      expectedVersion: article.version + 1,
      transition: { action: "unpublish" },
    });
    expect(await publicPlaces(slug)).toEqual(nowhere);
  });

  it("keeps a hero slide of an unpublished article off the home page", async () => {
    expect((await getHeroSlides(suite.db)).map((slide) => slide.href)).toContain("/news/season-opener-silverstone-international");
    await suite.db
      .update(schema.articles)
      .set({ status: "draft" })
      .where(eq(schema.articles.id, "season-opener-silverstone-international"));
    try {
      const slides = await getHeroSlides(suite.db);
      expect(slides.length).toBeGreaterThan(0);
      expect(slides.map((slide) => slide.href)).not.toContain("/news/season-opener-silverstone-international");
    } finally {
      await suite.db
        .update(schema.articles)
        .set({ status: "published" })
        .where(eq(schema.articles.id, "season-opener-silverstone-international"));
    }
  });

  it("refuses a schedule in the past and a transition the state does not allow", async () => {
    const article = await created();
    const past = await transitionArticle(desk(), editor, {
      articleId: article.articleId,
      expectedVersion: 1,
      transition: { action: "schedule", publishAt: new Date(Date.now() - 60_000) },
    });
    expect(past).toMatchObject({ ok: false, reason: "invalid" });
    const unpublishDraft = await transitionArticle(desk(), editor, {
      articleId: article.articleId,
      expectedVersion: 1,
      transition: { action: "unpublish" },
    });
    expect(unpublishDraft).toMatchObject({ ok: false, reason: "invalid" });
    expect((await getDeskArticle(suite.db, article.articleId))!.version).toBe(1);
  });
});

/** A save of a live article is staged (ADR 0109): save it, then publish the changes. */
async function saveLive(articleId: string, expectedVersion: number, changed: ArticleContent) {
  const saved = await saveArticle(desk(), editor, { articleId, expectedVersion, content: changed });
  return saved.ok ? publishArticleChanges(desk(), editor, { articleId, expectedVersion: saved.version }) : saved;
}

describe("slugs", () => {
  it("answers a renamed article's old slug with its new one, and gives a slug back when renamed back", async () => {
    const article = await created({ slug: "first-name" });
    await transitionArticle(desk(), editor, { articleId: article.articleId, expectedVersion: 1, transition: { action: "publish" } });
    const renamed = await saveLive(article.articleId, 2, content({ slug: "second-name" }));
    expect(renamed).toMatchObject({ ok: true, version: 4 });
    expect(await getArticle(suite.db, "first-name")).toEqual({ found: "redirect", slug: "second-name" });
    expect((await getArticle(suite.db, "second-name")).found).toBe("article");

    const again = await saveLive(article.articleId, 4, content({ slug: "third-name" }));
    expect(again.ok).toBe(true);
    expect(await getArticle(suite.db, "first-name")).toEqual({ found: "redirect", slug: "third-name" });
    expect(await getArticle(suite.db, "second-name")).toEqual({ found: "redirect", slug: "third-name" });

    // Another article cannot take a slug whose old links lead elsewhere.
    const other = await created();
    const taken = await saveArticle(desk(), editor, {
      articleId: other.articleId,
      expectedVersion: 1,
      content: content({ slug: "first-name" }),
    });
    expect(taken).toMatchObject({ ok: false, reason: "invalid", field: "slug" });
    const live = await createArticle(desk(), editor, content({ slug: "third-name" }));
    expect(live).toMatchObject({ ok: false, reason: "invalid", field: "slug" });

    const back = await saveLive(article.articleId, 6, content({ slug: "first-name" }));
    expect(back.ok).toBe(true);
    expect((await getArticle(suite.db, "first-name")).found).toBe("article");
    expect(await getArticle(suite.db, "third-name")).toEqual({ found: "redirect", slug: "first-name" });
  });

  it("does not reveal an unpublished article through its old slug", async () => {
    const article = await created({ slug: "hidden-old" });
    await saveArticle(desk(), editor, { articleId: article.articleId, expectedVersion: 1, content: content({ slug: "hidden-new" }) });
    expect(await getArticle(suite.db, "hidden-old")).toEqual({ found: "nothing" });
  });
});

describe("optimistic concurrency", () => {
  it("refuses a save based on a stale version and keeps the other person's change", async () => {
    const article = await created({ title: "Original" });
    const first = await saveArticle(desk(), editor, {
      articleId: article.articleId,
      expectedVersion: 1,
      content: content({ slug: "concurrent", title: "Alice's title" }),
    });
    expect(first.ok).toBe(true);
    const second = await saveArticle(desk(), editor, {
      articleId: article.articleId,
      expectedVersion: 1,
      content: content({ slug: "concurrent", title: "Bob's title" }),
    });
    expect(second).toMatchObject({ ok: false, reason: "conflict", currentVersion: 2 });
    const stored = await getDeskArticle(suite.db, article.articleId);
    expect(stored).toMatchObject({ version: 2, content: { title: "Alice's title" } });
    // Each accepted write has its audit row; the refused one has none.
    const audit = await suite.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.entityType, "news_article"), eq(schema.auditEvents.entityId, article.articleId)));
    expect(audit.map((event) => event.action)).toEqual(["create", "update"]);
    expect(audit[1]!.diff).toEqual(expect.arrayContaining([expect.objectContaining({ path: ["title"] })]));
    const staleTransition = await transitionArticle(desk(), editor, {
      articleId: article.articleId,
      expectedVersion: 1,
      transition: { action: "publish" },
    });
    expect(staleTransition).toMatchObject({ ok: false, reason: "conflict" });
  });

  it("lets only one of two simultaneous saves of the same version through", async () => {
    const article = await created();
    const results = await Promise.all(
      ["One", "Two"].map((title) =>
        saveArticle(desk(), editor, {
          articleId: article.articleId,
          expectedVersion: 1,
          content: content({ slug: `simultaneous-${title}`, title }),
        }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === "conflict")).toHaveLength(1);
    expect((await listArticleRevisions(suite.db, article.articleId)).length).toBe(2);
  });
});

describe("revisions, restore and preview", () => {
  it("restores an earlier text as a new revision, keeping the article published and every revision in History", async () => {
    const article = await created({ slug: "restore-me", title: "First text" });
    await transitionArticle(desk(), editor, { articleId: article.articleId, expectedVersion: 1, transition: { action: "publish" } });
    const edit = await saveArticle(desk(), editor, {
      articleId: article.articleId,
      expectedVersion: 2,
      content: content({ slug: "restore-me", title: "Second text" }),
    });
    expect(edit.ok).toBe(true);

    const history = await listArticleRevisions(suite.db, article.articleId);
    // The article is live, so the save is staged (ADR 0109): the page still has the first text.
    expect(history.map((revision) => revision.action)).toEqual(["stage", "publish", "create"]);
    expect(history[0]!.changed).toEqual(["title"]);
    const original = history.find((revision) => revision.action === "create")!;

    const restored = await restoreArticleRevision(desk(), editor, {
      articleId: article.articleId,
      revisionId: original.id,
      expectedVersion: 3,
    });
    expect(restored).toMatchObject({ ok: true, version: 4 });
    const after = await listArticleRevisions(suite.db, article.articleId);
    expect(after.map((revision) => revision.action)).toEqual(["restore-staged", "stage", "publish", "create"]);
    expect(after[0]!.snapshot).toMatchObject({ title: "First text", status: "published" });
    const lookup = await getArticle(suite.db, "restore-me");
    expect(lookup.found === "article" && lookup.article.title).toBe("First text");

    // A restore based on a stale version is refused like any other save.
    expect(
      await restoreArticleRevision(desk(), editor, { articleId: article.articleId, revisionId: original.id, expectedVersion: 3 }),
    ).toMatchObject({
      ok: false,
      reason: "conflict",
    });
  });

  it("previews exactly the revision asked for, not the latest", async () => {
    const article = await created({ slug: "preview-me", title: "Draft one" });
    const second = await saveArticle(desk(), editor, {
      articleId: article.articleId,
      expectedVersion: 1,
      content: content({ slug: "preview-me", title: "Draft two" }),
    });
    if (!second.ok) throw new Error("save failed");
    expect((await getPreviewArticle(suite.db, article.articleId, article.revisionId))!.article.title).toBe("Draft one");
    const latest = await getPreviewArticle(suite.db, article.articleId, second.revisionId);
    expect(latest!.article.title).toBe("Draft two");
    expect(latest!.article.html).toBe("<h2>Qualifying</h2><p>A <strong>bold</strong> lap.</p>");
    // A revision of another article is not this article's preview.
    const other = await created();
    expect(await getPreviewArticle(suite.db, article.articleId, other.revisionId)).toBeNull();
  });
});

describe("the desk list", () => {
  it("searches, filters by state and pages", async () => {
    const drafts = await listDeskArticles(suite.db, { query: "", state: "draft", page: 1 });
    expect(drafts.articles.every((row) => row.state === "draft")).toBe(true);
    const published = await listDeskArticles(suite.db, { query: "silverstone", state: "published", page: 1 });
    expect(published.articles.length).toBeGreaterThan(0);
    expect(published.articles.every((row) => row.state === "published" && /silverstone/i.test(row.title + row.slug))).toBe(true);
    const nothing = await listDeskArticles(suite.db, { query: "100%_no_such", state: "all", page: 1 });
    expect(nothing).toMatchObject({ total: 0, pageCount: 1, articles: [] });
  });
});
