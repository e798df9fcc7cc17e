import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.server";
import { partnerDailyCounts, partnerPlacements } from "../../db/schema";
import { serverForTests } from "../support/server-fixture";
import { openTestDatabase } from "../support/test-database";

/*
 * Share cards as a partner placement (issue 41, ADR 0145): the partners linked to "share-cards"
 * are drawn on every card, which is named by them; a card fetched by a platform's link-preview
 * crawler counts once for each partner on it, and nothing else counts.
 */

const LINKED = ["vortex-air-systems", "peak-natural-energy"];
const ARTICLE = "/news/silverstone-national-season-finale";

const site = serverForTests({
  prepare: async (testDb) => {
    const handle = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl, onConnectionError: () => {} });
    try {
      await handle.db.insert(partnerPlacements).values(LINKED.map((partnerId) => ({ partnerId, placementId: "share-cards" })));
    } finally {
      await handle.close();
    }
  },
});

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function cardPath(page: string): Promise<string> {
  const html = await (await fetch(`${site.url}${page}`)).text();
  const image = /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1];
  expect(image).toBeDefined();
  return new URL(image!).pathname;
}

const fetchCard = (path: string, userAgent: string, init: RequestInit = {}) =>
  fetch(`${site.url}${path}`, { redirect: "manual", ...init, headers: { "user-agent": userAgent, ...init.headers } });

describe("partners on share cards", () => {
  it("draws the card with the linked partners, and counts each crawler's fetch of it for each of them", async () => {
    const path = await cardPath(ARTICLE);
    expect(path).toMatch(/^\/share\/news\/silverstone-national-season-finale-[0-9a-f]{16}\.png$/);

    const drawn = await fetchCard(path, "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)");
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get("content-type")).toBe("image/png");
    await drawn.arrayBuffer();
    const etag = drawn.headers.get("etag")!;
    // A crawler checking its copy is a preview too.
    expect((await fetchCard(path, "Twitterbot/1.0", { headers: { "If-None-Match": etag } })).status).toBe(304);
    expect((await fetchCard(path, "WhatsApp/2.23.20.0 A")).status).toBe(200);

    // Not previews: a person's browser, a search engine, a HEAD, an old address (sent on, counted there).
    expect((await fetchCard(path, BROWSER)).status).toBe(200);
    expect((await fetchCard(path, "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).status).toBe(200);
    expect((await fetchCard(path, "Twitterbot/1.0", { method: "HEAD" })).status).toBe(200);
    const stale = path.replace(/-[0-9a-f]{16}\.png$/, "-0123456789abcdef.png");
    expect((await fetchCard(stale, "Twitterbot/1.0")).status).toBe(302);

    // Stopped (its last batch written), the site's counts are read from the database.
    await site.server.stop();
    const handle = await openTestDatabase(site.testDb);
    try {
      const rows = await handle.db
        .select({ partnerId: partnerDailyCounts.partnerId, count: partnerDailyCounts.count })
        .from(partnerDailyCounts)
        .where(and(eq(partnerDailyCounts.placementId, "share-cards"), eq(partnerDailyCounts.metric, "card-fetch")));
      expect(Object.fromEntries(rows.map((row) => [row.partnerId, Number(row.count)]))).toEqual({
        "vortex-air-systems": 3,
        "peak-natural-energy": 3,
      });
    } finally {
      await handle.close();
      await site.restart();
    }
  }, 180_000);

  it("names the card by its partners: another partner linked gives the page a new card address", async () => {
    const before = await cardPath(ARTICLE);
    await site.server.stop();
    const handle = await openTestDatabase(site.testDb);
    try {
      await handle.db.insert(partnerPlacements).values({ partnerId: "chroma-automotive-paints", placementId: "share-cards" });
    } finally {
      await handle.close();
      await site.restart();
    }
    const after = await cardPath(ARTICLE);
    expect(after).not.toBe(before);
    // The old address is sent to the new card, so a platform that re-fetches gets the partners now shown.
    const moved = await fetchCard(before, BROWSER);
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe(after);
    expect((await fetchCard(after, BROWSER)).status).toBe(200);
  }, 180_000);
});
