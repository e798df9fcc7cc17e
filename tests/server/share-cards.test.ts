import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cardTree } from "../../app/features/share-cards/layout";
import { articleCard, roundCard } from "../../app/features/share-cards/share-card";
import { createShareCardRenderer } from "../../server/share-cards/renderer";
import { serverForTests } from "../support/server-fixture";

const site = serverForTests();

/** A PNG's size, from its IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect(Buffer.from(bytes.subarray(0, 8)).toString("hex")).toBe("89504e470d0a1a0a");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function metaContent(html: string, attribute: "property" | "name", key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];
}

async function shareImageOf(pagePath: string) {
  const response = await fetch(`${site.url}${pagePath}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const image = metaContent(html, "property", "og:image");
  expect(image).toBeDefined();
  expect(metaContent(html, "name", "twitter:image")).toBe(image);
  expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
  return {
    url: new URL(image!),
    width: metaContent(html, "property", "og:image:width"),
    height: metaContent(html, "property", "og:image:height"),
    alt: metaContent(html, "property", "og:image:alt"),
  };
}

describe("share cards", () => {
  const subjects: Array<[page: string, card: RegExp, alt: RegExp]> = [
    [
      "/news/silverstone-national-season-finale",
      /^\/share\/news\/silverstone-national-season-finale-[0-9a-f]{16}\.png$/,
      /^Season Finale at Silverstone National/,
    ],
    ["/store/team-cap-red", /^\/share\/product\/team-cap-red-[0-9a-f]{16}\.png$/, /^Ridgeway Racing Team Cap - Red, £25\.00/],
    [
      "/calendar?round=2025-r3-silverstone-gp",
      /^\/share\/round\/2025-r3-silverstone-gp-[0-9a-f]{16}\.png$/,
      /^P1, Race 1, Silverstone Grand Prix Circuit: /,
    ],
    ["/calendar", /^\/share\/season\/2025-[0-9a-f]{16}\.png$/, /^The 2025 race calendar/],
    ["/team?driver=oliver-hartley", /^\/share\/driver\/oliver-hartley-[0-9a-f]{16}\.png$/, /^Oliver Hartley, car #\d+/],
    ["/team/1", /^\/share\/member\/1-[0-9a-f]{16}\.png$/, /\w/],
  ];

  it.each(subjects)(
    "%s shares its own 1200x630 PNG, cached for a year",
    async (page, card, alt) => {
      const image = await shareImageOf(page);
      expect(image.url.pathname).toMatch(card);
      expect(image).toMatchObject({ width: "1200", height: "630" });
      expect(image.alt).toMatch(alt);
      const response = await fetch(`${site.url}${image.url.pathname}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    },
    60_000,
  );

  it("keeps the drawn cards on disk under DATA_DIR, and answers a repeat with 304 by ETag", async () => {
    const image = await shareImageOf("/news/silverstone-national-season-finale");
    const first = await fetch(`${site.url}${image.url.pathname}`);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const again = await fetch(`${site.url}${image.url.pathname}`, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    const dir = path.join(site.testDb.dataDir, "share-cards");
    expect(existsSync(dir) && readdirSync(dir).some((file) => file.startsWith("news-silverstone-national-season-finale-"))).toBe(true);
  }, 60_000);

  it("keeps the site's card on pages without a subject", async () => {
    for (const page of ["/", "/contact", "/team"]) {
      const image = await shareImageOf(page);
      expect(image.url.pathname).toBe("/media/share-card.png");
      expect(image).toMatchObject({ width: "1200", height: "630" });
    }
  });

  it("sends an old hash (the content changed since) to the current card", async () => {
    const image = await shareImageOf("/store/team-cap-red");
    const stale = await fetch(`${site.url}/share/product/team-cap-red-0000000000000000.png`, { redirect: "manual" });
    expect(stale.status).toBe(302);
    expect(stale.headers.get("location")).toBe(image.url.pathname);
  });

  it("answers 404, never 500, for an unknown subject, kind or file name", async () => {
    for (const url of [
      "/share/news/no-such-article-0123456789abcdef.png",
      "/share/product/no-such-product-0123456789abcdef.png",
      "/share/round/no-such-round-0123456789abcdef.png",
      "/share/driver/nobody-0123456789abcdef.png",
      "/share/member/999999-0123456789abcdef.png",
      "/share/member/abc-0123456789abcdef.png",
      "/share/season/1999-0123456789abcdef.png",
      "/share/season/99999999999-0123456789abcdef.png",
      "/share/gallery/anything-0123456789abcdef.png",
      "/share/news/..%2F..%2Fetc-0123456789abcdef.png",
      "/share/news/silverstone-national-season-finale.png",
      "/share/news/x-0123456789abcdef.svg",
    ]) {
      const response = await fetch(`${site.url}${url}`, { redirect: "manual" });
      expect(response.status, url).toBe(404);
    }
  });
});

describe("drawing a card", () => {
  it("draws a 300-character title with emoji and right-to-left text, and a card whose picture is missing", async () => {
    const renderer = createShareCardRenderer();
    try {
      const title = `${"Pole, fastest lap and the win 🏁🏆 ".repeat(8)} ניצחון ראשון בסילברסטון مرحبا`.slice(0, 300);
      const card = articleCard({ id: "long", title, category: "Race Reports 🏎️", publishedOn: "2025-06-08", picture: null });
      const png = await renderer.png("long.png", async () => cardTree(card, null));
      expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
      const round = roundCard({
        id: "r",
        seasonYear: 2025,
        roundNumber: 1,
        name: "שלום",
        circuit: "سباق",
        startDate: "2025-04-05",
        endDate: "2025-04-06",
        layoutImage: "",
        results: [],
      });
      expect(pngSize(await renderer.png("rtl.png", async () => cardTree(round, null)))).toEqual({ width: 1200, height: 630 });
      // One draw for two asks of the same file.
      const drawsBefore = renderer.drawTimes.length;
      await Promise.all([
        renderer.png("same.png", async () => cardTree(card, null)),
        renderer.png("same.png", async () => cardTree(card, null)),
      ]);
      expect(renderer.drawTimes.length).toBe(drawsBefore + 1);
    } finally {
      await renderer.close();
    }
  }, 60_000);
});
