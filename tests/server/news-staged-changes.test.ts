import { and, eq } from "drizzle-orm";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import type { AuditActor } from "../../app/features/admin/audit.server";
import type { ArticleContent } from "../../app/features/news/article-snapshot";
import { getArticle, getFeedArticles, getLatestArticles, getNewsList } from "../../app/features/news/news.server";
import {
  createArticle,
  discardArticleChanges,
  publishArticleChanges,
  restoreArticleRevision,
  saveArticle,
  transitionArticle,
} from "../../app/features/news/news-desk.server";
import { getDeskArticle, getPreviewArticle, listArticleRevisions, listDeskArticles } from "../../app/features/news/news-desk-reads.server";
import { sitemapEntries } from "../../app/features/seo/sitemap.server";
import { NO_OPTIONAL_ARTICLE_FIELDS } from "../support/article-content";
import { seededTestDatabase } from "../support/test-database";

/** Issue 37: a save of a live article is staged; the public site changes only on "Publish changes" (ADR 0109). */
const suite = seededTestDatabase();
const editorId = "staged-changes-editor";
const editor: AuditActor = { id: editorId, name: "Sam Editor", email: "sam.editor@example.test", roles: ["editor"], actingAs: "editor" };
const otherEditor: AuditActor = { id: null, label: "another editor", roles: ["editor"], actingAs: "editor" };
const desk = () => ({ db: suite.db, log: pino({ level: "silent" }), contentChanged: async () => {} });

beforeAll(async () => {
  await suite.db
    .insert(schema.users)
    .values({ id: editorId, name: "Sam Editor", email: "sam.editor@example.test", emailVerified: true, twoFactorEnabled: true });
});

function text(words: string) {
  return { type: "doc" as const, content: [{ type: "paragraph", content: [{ type: "text", text: words }] }] };
}

let counter = 0;
function content(overrides: Partial<ArticleContent> = {}): ArticleContent {
  counter += 1;
  return {
    slug: `staged-${counter}`,
    title: `Staged test ${counter}`,
    category: "Team News",
    venue: "Brands Hatch",
    image: "/media/news/season-opener-silverstone-international.svg",
    objectPosition: "center",
    heroAssetId: null,
    excerpt: "As published.",
    body: text("The published words."),
    ...NO_OPTIONAL_ARTICLE_FIELDS,
    ...overrides,
  };
}

/** Everything the public site shows of an article: the page, its card on /news and the home page, RSS and the sitemap. */
async function publicView(slug: string) {
  const [page, list, latest, feed, sitemap] = await Promise.all([
    getArticle(suite.db, slug),
    getNewsList(suite.db, { query: "", category: "All" }),
    getLatestArticles(suite.db, 50),
    getFeedArticles(suite.db),
    sitemapEntries(suite.db),
  ]);
  return {
    page: page.found === "article" ? { title: page.article.title, excerpt: page.article.excerpt, html: page.article.html } : page,
    newsCard: list.articles.find((card) => card.id === slug) ?? null,
    homeCard: latest.find((card) => card.id === slug) ?? null,
    rss: feed.find((item) => item.id === slug) ?? null,
    sitemap: sitemap.filter((entry) => entry.path.startsWith("/news/staged-")).map((entry) => entry.path),
  };
}

async function publishedArticle(overrides: Partial<ArticleContent> = {}) {
  const base = content(overrides);
  const made = await createArticle(desk(), editor, base);
  if (!made.ok) throw new Error(`create failed: ${made.reason}`);
  const published = await transitionArticle(desk(), editor, {
    articleId: made.articleId,
    expectedVersion: made.version,
    transition: { action: "publish" },
  });
  if (!published.ok) throw new Error(`publish failed: ${published.reason}`);
  return { id: made.articleId, version: published.version, content: base };
}

describe("saving a published article", () => {
  it("leaves every public page as published, and shows the editor the staged text with when and by whom", async () => {
    const article = await publishedArticle();
    const live = await publicView(article.content.slug);
    expect(live.page).toMatchObject({ title: article.content.title, html: "<p>The published words.</p>" });

    const edited = { ...article.content, title: "A better title", excerpt: "Rewritten.", body: text("The rewritten words.") };
    const saved = await saveArticle(desk(), editor, { articleId: article.id, expectedVersion: article.version, content: edited });
    expect(saved).toMatchObject({ ok: true, version: article.version + 1 });

    expect(await publicView(article.content.slug)).toEqual(live);
    const [row] = await suite.db.select().from(schema.articles).where(eq(schema.articles.id, article.id));
    expect(row).toMatchObject({ title: article.content.title, excerpt: "As published.", status: "published" });

    const onDesk = await getDeskArticle(suite.db, article.id);
    expect(onDesk!.content).toMatchObject({ title: "A better title", excerpt: "Rewritten." });
    expect(onDesk!.staged).toMatchObject({ byName: "Sam Editor", changed: ["title", "excerpt", "body"] });
    expect(Date.now() - onDesk!.staged!.at.getTime()).toBeLessThan(60_000);
    const list = await listDeskArticles(suite.db, { query: article.content.slug, state: "all", page: 1 });
    expect(list.articles[0]!.stagedAt).not.toBeNull();

    // Preview (the newest revision, as the editor's Preview link opens) shows the staged text.
    if (!saved.ok) return;
    expect((await getPreviewArticle(suite.db, article.id, saved.revisionId))!.article).toMatchObject({
      title: "A better title",
      html: "<p>The rewritten words.</p>",
    });
  });

  it("publishes the staged changes: the page, list, RSS and sitemap change, the old slug answers with a 301, History and the activity log record it", async () => {
    const article = await publishedArticle();
    const oldSlug = article.content.slug;
    const edited = { ...article.content, slug: `${oldSlug}-renamed`, title: "Published at last", body: text("The new words.") };
    const saved = await saveArticle(desk(), editor, { articleId: article.id, expectedVersion: article.version, content: edited });
    if (!saved.ok) throw new Error("save failed");
    // A staged slug does not move the live address yet.
    expect((await publicView(oldSlug)).page).toMatchObject({ title: article.content.title });
    expect((await getArticle(suite.db, edited.slug)).found).toBe("nothing");

    const published = await publishArticleChanges(desk(), editor, { articleId: article.id, expectedVersion: saved.version });
    expect(published).toMatchObject({ ok: true, version: saved.version + 1 });

    const after = await publicView(edited.slug);
    expect(after.page).toMatchObject({ title: "Published at last", html: "<p>The new words.</p>" });
    expect(after.newsCard).toMatchObject({ title: "Published at last" });
    expect(after.homeCard).toMatchObject({ title: "Published at last" });
    expect(after.rss).toMatchObject({ title: "Published at last" });
    expect(after.sitemap).toContain(`/news/${edited.slug}`);
    expect(after.sitemap).not.toContain(`/news/${oldSlug}`);
    expect(await getArticle(suite.db, oldSlug)).toEqual({ found: "redirect", slug: edited.slug });

    const onDesk = await getDeskArticle(suite.db, article.id);
    expect(onDesk).toMatchObject({ status: "published", staged: null, content: { title: "Published at last" } });
    const history = await listArticleRevisions(suite.db, article.id);
    expect(history.map((revision) => revision.action)).toEqual(["publish-changes", "stage", "publish", "create"]);
    const audit = await suite.db
      .select()
      .from(schema.auditEvents)
      .where(and(eq(schema.auditEvents.entityType, "news_article"), eq(schema.auditEvents.entityId, article.id)))
      .orderBy(schema.auditEvents.id);
    expect(audit.map((event) => event.action)).toEqual(["create", "publish", "stage_changes", "publish_changes"]);
    const publishRow = audit.find((event) => event.action === "publish_changes")!;
    // The activity entry compares the page as it was with the page as it is now.
    expect(publishRow.diff).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: ["title"] }), expect.objectContaining({ path: ["slug"] })]),
    );

    // Nothing is left to publish.
    expect(await publishArticleChanges(desk(), editor, { articleId: article.id, expectedVersion: onDesk!.version })).toMatchObject({
      ok: false,
      reason: "invalid",
    });
  });

  it("discards the staged changes: the live page never changed and the editor is back on the live text", async () => {
    const article = await publishedArticle();
    const live = await publicView(article.content.slug);
    const saved = await saveArticle(desk(), editor, {
      articleId: article.id,
      expectedVersion: article.version,
      content: { ...article.content, title: "Thrown away" },
    });
    if (!saved.ok) throw new Error("save failed");

    const discarded = await discardArticleChanges(desk(), editor, { articleId: article.id, expectedVersion: saved.version });
    expect(discarded).toMatchObject({ ok: true, version: saved.version + 1 });
    expect(await publicView(article.content.slug)).toEqual(live);
    const onDesk = await getDeskArticle(suite.db, article.id);
    expect(onDesk).toMatchObject({
      staged: null,
      content: { title: article.content.title },
      latestRevisionId: discarded.ok ? discarded.revisionId : -1,
    });
    const history = await listArticleRevisions(suite.db, article.id);
    expect(history.map((revision) => [revision.action, revision.snapshot.title])).toEqual([
      ["discard-changes", article.content.title],
      ["stage", "Thrown away"],
      ["publish", article.content.title],
      ["create", article.content.title],
    ]);
  });

  it("stages nothing when a save brings back exactly the live text", async () => {
    const article = await publishedArticle();
    const first = await saveArticle(desk(), editor, {
      articleId: article.id,
      expectedVersion: article.version,
      content: { ...article.content, title: "Changed" },
    });
    if (!first.ok) throw new Error("save failed");
    const back = await saveArticle(desk(), editor, { articleId: article.id, expectedVersion: first.version, content: article.content });
    expect(back.ok).toBe(true);
    expect((await getDeskArticle(suite.db, article.id))!.staged).toBeNull();
  });

  it("stages a restore of an earlier revision too", async () => {
    const article = await publishedArticle({ title: "First words" });
    const second = await saveArticle(desk(), editor, {
      articleId: article.id,
      expectedVersion: article.version,
      content: { ...article.content, title: "Second words" },
    });
    if (!second.ok) throw new Error("save failed");
    const published = await publishArticleChanges(desk(), editor, { articleId: article.id, expectedVersion: second.version });
    if (!published.ok) throw new Error("publish failed");
    const create = (await listArticleRevisions(suite.db, article.id)).find((revision) => revision.action === "create")!;
    const restored = await restoreArticleRevision(desk(), editor, {
      articleId: article.id,
      revisionId: create.id,
      expectedVersion: published.version,
    });
    expect(restored.ok).toBe(true);
    expect((await publicView(article.content.slug)).page).toMatchObject({ title: "Second words" });
    expect((await getDeskArticle(suite.db, article.id))!.content.title).toBe("First words");
  });
});

describe("two editors", () => {
  it("refuses a stale save, a stale publish and a stale discard, keeping the other editor's work", async () => {
    const article = await publishedArticle();
    const alice = await saveArticle(desk(), editor, {
      articleId: article.id,
      expectedVersion: article.version,
      content: { ...article.content, title: "Alice's title" },
    });
    if (!alice.ok) throw new Error("save failed");
    const bob = await saveArticle(desk(), otherEditor, {
      articleId: article.id,
      expectedVersion: article.version,
      content: { ...article.content, title: "Bob's title" },
    });
    expect(bob).toMatchObject({ ok: false, reason: "conflict", currentVersion: alice.version });
    expect(await publishArticleChanges(desk(), otherEditor, { articleId: article.id, expectedVersion: article.version })).toMatchObject({
      ok: false,
      reason: "conflict",
    });
    expect(await discardArticleChanges(desk(), otherEditor, { articleId: article.id, expectedVersion: article.version })).toMatchObject({
      ok: false,
      reason: "conflict",
    });
    expect((await getDeskArticle(suite.db, article.id))!.content.title).toBe("Alice's title");
    expect((await publicView(article.content.slug)).page).toMatchObject({ title: article.content.title });
  });

  it("lets only one of a publish and a save of the same version through", async () => {
    const article = await publishedArticle();
    const staged = await saveArticle(desk(), editor, {
      articleId: article.id,
      expectedVersion: article.version,
      content: { ...article.content, title: "Staged once" },
    });
    if (!staged.ok) throw new Error("save failed");
    const [publish, save] = await Promise.all([
      publishArticleChanges(desk(), editor, { articleId: article.id, expectedVersion: staged.version }),
      saveArticle(desk(), otherEditor, {
        articleId: article.id,
        expectedVersion: staged.version,
        content: { ...article.content, title: "Staged twice" },
      }),
    ]);
    expect([publish.ok, save.ok].filter(Boolean)).toHaveLength(1);
    const page = (await publicView(article.content.slug)).page;
    // Either the publish went through (the page shows what was staged) or the save did (the page is as published).
    expect(page).toMatchObject({ title: publish.ok ? "Staged once" : article.content.title });
  });

  it("refuses to publish a staged slug another article has taken since", async () => {
    const article = await publishedArticle();
    const wanted = `${article.content.slug}-wanted`;
    const saved = await saveArticle(desk(), editor, {
      articleId: article.id,
      expectedVersion: article.version,
      content: { ...article.content, slug: wanted },
    });
    if (!saved.ok) throw new Error("save failed");
    const rival = await createArticle(desk(), otherEditor, content({ slug: wanted }));
    expect(rival.ok).toBe(true);
    expect(await publishArticleChanges(desk(), editor, { articleId: article.id, expectedVersion: saved.version })).toMatchObject({
      ok: false,
      reason: "invalid",
    });
    expect((await publicView(article.content.slug)).page).toMatchObject({ title: article.content.title });
  });

  it("keeps a live article with staged changes from being unpublished or archived until they are published or discarded", async () => {
    const article = await publishedArticle();
    const saved = await saveArticle(desk(), editor, {
      articleId: article.id,
      expectedVersion: article.version,
      content: { ...article.content, title: "Pending" },
    });
    if (!saved.ok) throw new Error("save failed");
    for (const action of ["unpublish", "archive"] as const) {
      expect(
        await transitionArticle(desk(), editor, { articleId: article.id, expectedVersion: saved.version, transition: { action } }),
      ).toMatchObject({ ok: false, reason: "invalid" });
    }
    const discarded = await discardArticleChanges(desk(), editor, { articleId: article.id, expectedVersion: saved.version });
    if (!discarded.ok) throw new Error("discard failed");
    expect(
      await transitionArticle(desk(), editor, {
        articleId: article.id,
        expectedVersion: discarded.version,
        transition: { action: "unpublish" },
      }),
    ).toMatchObject({ ok: true });
  });
});

describe("drafts and scheduled articles", () => {
  it("saves a draft straight in, as before", async () => {
    const made = await createArticle(desk(), editor, content());
    if (!made.ok) throw new Error("create failed");
    const saved = await saveArticle(desk(), editor, {
      articleId: made.articleId,
      expectedVersion: made.version,
      content: content({ slug: "staged-draft", title: "Draft, saved" }),
    });
    expect(saved.ok).toBe(true);
    expect(await getDeskArticle(suite.db, made.articleId)).toMatchObject({ staged: null, content: { title: "Draft, saved" } });
    const [row] = await suite.db.select().from(schema.articles).where(eq(schema.articles.id, made.articleId));
    expect(row).toMatchObject({ title: "Draft, saved", slug: "staged-draft", stagedContent: null });
    expect((await getArticle(suite.db, "staged-draft")).found).toBe("nothing");
    expect((await listArticleRevisions(suite.db, made.articleId))[0]!.action).toBe("save");
  });

  it("saves a scheduled article straight in, and it goes live with that text at its time", async () => {
    const made = await createArticle(desk(), editor, content({ slug: "staged-scheduled" }));
    if (!made.ok) throw new Error("create failed");
    const publishAt = new Date(Date.now() + 1_500);
    const scheduled = await transitionArticle(desk(), editor, {
      articleId: made.articleId,
      expectedVersion: made.version,
      transition: { action: "schedule", publishAt },
    });
    if (!scheduled.ok) throw new Error("schedule failed");
    const saved = await saveArticle(desk(), editor, {
      articleId: made.articleId,
      expectedVersion: scheduled.version,
      content: content({ slug: "staged-scheduled", title: "Scheduled, edited" }),
    });
    expect(saved.ok).toBe(true);
    expect((await getDeskArticle(suite.db, made.articleId))!.staged).toBeNull();
    expect((await getArticle(suite.db, "staged-scheduled")).found).toBe("nothing");

    await new Promise((resolve) => setTimeout(resolve, publishAt.getTime() - Date.now() + 100));
    expect((await publicView("staged-scheduled")).page).toMatchObject({ title: "Scheduled, edited" });
  });
});
