import pino from "pino";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { createArticle, transitionArticle } from "../../app/features/news/news-desk.server";
import { serverForTests } from "../support/server-fixture";
import { NO_OPTIONAL_ARTICLE_FIELDS } from "../support/article-content";

/*
 * The built server's page cache (60 s by default) must not keep a page past the moment a
 * scheduled article goes live: the article is scheduled before the server starts, the public
 * pages are cached without it, and at its time they show it.
 */

// Long enough for the server to start and render each page once on a busy machine; the test
// fails (rather than passes wrongly) if it could not look before the article's time.
const LEAD_MS = 30_000;
const title = "Scheduled for the page cache test";
let publishAt: Date;

const site = serverForTests({
  prepare: async (testDb) => {
    const handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
    try {
      const context = { db: handle.db, log: pino({ level: "silent" }), contentChanged: async () => {} };
      const actor = { id: null, label: "schedule test", roles: ["editor" as const], actingAs: "editor" as const };
      const created = await createArticle(context, actor, {
        slug: "scheduled-cache-test",
        title,
        category: "Team News",
        venue: "Silverstone",
        image: "/media/news/season-opener-silverstone-international.svg",
        objectPosition: "center",
        heroAssetId: null,
        excerpt: "Goes live while the pages are cached.",
        body: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Live." }] }] },
        ...NO_OPTIONAL_ARTICLE_FIELDS,
      });
      if (!created.ok) throw new Error("could not create the article");
      publishAt = new Date(Date.now() + LEAD_MS);
      const scheduled = await transitionArticle(context, actor, {
        articleId: created.articleId,
        expectedVersion: 1,
        transition: { action: "schedule", publishAt },
      });
      if (!scheduled.ok) throw new Error("could not schedule the article");
    } finally {
      await handle.close();
    }
  },
});

const paths = ["/news", "/", "/news/rss.xml", "/sitemap.xml"];
const shows = async (path: string) => {
  const body = await (await fetch(`${site.url}${path}`)).text();
  return body.includes(title) || body.includes("/news/scheduled-cache-test");
};

describe("a scheduled article and the page cache", () => {
  it("is absent from cached pages before its time and present on every one at its time", async () => {
    const before: boolean[] = [];
    for (const path of paths) before.push(await shows(path), await shows(path));
    expect(Date.now(), "the pages were read after the article's time: the machine was too slow for this test").toBeLessThan(
      publishAt.getTime(),
    );
    expect(before).toEqual(paths.flatMap(() => [false, false]));
    await new Promise((resolve) => setTimeout(resolve, publishAt.getTime() - Date.now() + 300));
    for (const path of paths) expect(await shows(path), path).toBe(true);
  }, 90_000);
});
