import { describe, expect, it } from "vitest";
import { serverForTests } from "../support/server-fixture";

/*
 * A crawler's walk: every internal link from the home page and from the sitemap, followed one
 * hop at a time, as a search engine or a link checker would. No page may be missing or broken,
 * no redirect may lead to another redirect, and a link that opens a new tab says noopener.
 * Then the structured data search engines read on the pages that have a subject.
 */

const site = serverForTests();

const decode = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

/** The site's own paths an HTML page links to (hrefs of <a> and <link>), without fragments. */
function internalLinks(html: string, base: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/<(?:a|link)\b[^>]*?\shref="([^"]*)"/g)) {
    const href = decode(match[1]!);
    if (/^(mailto|tel|webcal|javascript):/i.test(href)) continue;
    const url = new URL(href, base);
    if (url.origin !== new URL(base).origin) continue;
    links.push(`${url.pathname}${url.search}`);
  }
  return links;
}

/** Every <a target="_blank"> whose rel lacks noopener. */
function unsafeNewTabLinks(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => /\starget="_blank"/.test(tag) && !/\srel="[^"]*\bnoopener\b[^"]*"/.test(tag));
}

describe("crawl", () => {
  it("follows every internal link from / and the sitemap: no 404, no 5xx, no redirect chains, new tabs with noopener", async () => {
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const start = [
      "/",
      ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname + new URL(match[1]!).search),
    ];
    const queue = [...new Set(start)];
    const seen = new Set(queue);
    const problems: string[] = [];
    const from = new Map<string, string>(queue.map((path) => [path, "start"]));
    while (queue.length > 0) {
      const path = queue.shift()!;
      const response = await fetch(`${site.url}${path}`, { redirect: "manual" });
      const where = `${path} (linked from ${from.get(path)})`;
      if (response.status >= 300 && response.status < 400) {
        const target = new URL(response.headers.get("location")!, `${site.url}${path}`);
        const next = await fetch(target, { redirect: "manual" });
        if (next.status >= 300 && next.status < 400)
          problems.push(`${where}: redirect chain ${response.status} → ${target.pathname} → ${next.status}`);
        else if (next.status >= 400) problems.push(`${where}: redirects to ${target.pathname}, which answers ${next.status}`);
        await next.arrayBuffer();
        await response.arrayBuffer();
        continue;
      }
      if (response.status >= 400) {
        problems.push(`${where}: ${response.status}`);
        await response.arrayBuffer();
        continue;
      }
      if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) {
        await response.arrayBuffer();
        continue;
      }
      const html = await response.text();
      for (const tag of unsafeNewTabLinks(html)) problems.push(`${path}: new-tab link without noopener: ${tag}`);
      for (const link of internalLinks(html, site.url)) {
        // The back office and sign-out are not for crawlers; the shop's cart forms are posts.
        if (seen.has(link) || link.startsWith("/admin") || link === "/logout") continue;
        seen.add(link);
        from.set(link, path);
        queue.push(link);
      }
    }
    expect(problems).toEqual([]);
    expect(seen.size).toBeGreaterThan(30);
  }, 300_000);

  it("serves every og:image as the PNG it declares", async () => {
    for (const path of ["/", "/news", "/store/team-cap-red", "/calendar?round=2025-r3-silverstone-gp", "/team/1"]) {
      const html = await (await fetch(`${site.url}${path}`)).text();
      const image = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!;
      const width = Number(/<meta property="og:image:width" content="(\d+)"/.exec(html)?.[1]);
      const height = Number(/<meta property="og:image:height" content="(\d+)"/.exec(html)?.[1]);
      const response = await fetch(`${site.url}${new URL(image).pathname}`);
      expect(response.status, image).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      const view = new DataView(await response.arrayBuffer());
      expect({ width: view.getUint32(16), height: view.getUint32(20) }, image).toEqual({ width, height });
    }
  }, 120_000);
});

/** The JSON-LD blocks of a page, parsed. */
async function structuredData(path: string): Promise<Array<Record<string, unknown>>> {
  const html = await (await fetch(`${site.url}${path}`)).text();
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

function ofType(blocks: Array<Record<string, unknown>>, type: string) {
  const found = blocks.find((block) => block["@type"] === type);
  expect(found, `${type} in ${JSON.stringify(blocks.map((block) => block["@type"]))}`).toBeDefined();
  return found as Record<string, unknown> & { itemListElement?: Array<Record<string, unknown>> };
}

describe("structured data on every page with a subject", () => {
  it("/store lists Products with name, offers (price, currency, availability) and a seller with a url", async () => {
    const list = ofType(await structuredData("/store"), "ItemList");
    expect(list.itemListElement!.length).toBeGreaterThan(3);
    for (const element of list.itemListElement!) {
      expect(element).toMatchObject({
        "@type": "ListItem",
        position: expect.any(Number),
        item: {
          "@type": "Product",
          name: expect.any(String),
          image: expect.stringMatching(/^https?:\/\//),
          offers: {
            price: expect.stringMatching(/^\d+\.\d\d$/),
            priceCurrency: "GBP",
            availability: expect.stringMatching(/^https:\/\/schema\.org\//),
            seller: { url: expect.stringMatching(/^https?:\/\//) },
          },
        },
      });
      const rating = (element.item as { aggregateRating?: { worstRating: number } }).aggregateRating;
      if (rating) expect(rating.worstRating).toBe(1);
    }
  });

  it("a product page has its Product and a BreadcrumbList", async () => {
    const blocks = await structuredData("/store/team-cap-red");
    expect(ofType(blocks, "Product")).toMatchObject({ name: "Ridgeway Racing Team Cap - Red", offers: { priceCurrency: "GBP" } });
    expect(ofType(blocks, "BreadcrumbList").itemListElement).toHaveLength(3);
  });

  it("/news lists its articles, /team is the SportsTeam, a staff page a Person, /podcast a PodcastSeries, /partners organisations with urls", async () => {
    const news = ofType(await structuredData("/news"), "ItemList");
    expect(news.itemListElement![0]).toMatchObject({ position: 1, url: expect.stringMatching(/\/news\/[\w-]+$/) });
    const team = ofType(await structuredData("/team"), "SportsTeam");
    expect((team.athlete as unknown[]).length).toBeGreaterThan(0);
    expect((team.member as unknown[]).length).toBeGreaterThan(0);
    const member = await structuredData("/team/1");
    expect(ofType(member, "Person")).toMatchObject({
      name: expect.any(String),
      jobTitle: expect.any(String),
      worksFor: { url: expect.stringMatching(/^https?:\/\//) },
    });
    ofType(member, "BreadcrumbList");
    const podcast = ofType(await structuredData("/podcast"), "PodcastSeries");
    expect((podcast.hasPart as Array<Record<string, unknown>>)[0]).toMatchObject({
      "@type": "PodcastEpisode",
      name: expect.any(String),
      datePublished: expect.any(String),
    });
    const partners = ofType(await structuredData("/partners"), "ItemList");
    for (const element of partners.itemListElement!)
      expect(element).toMatchObject({ item: { "@type": "Organization", url: expect.stringMatching(/^https?:\/\//) } });
  });

  it("rounds are SportsEvents with a status, a place and an organiser with a url; an article's publisher has a url", async () => {
    const graph = (await structuredData("/calendar")).find((block) => "@graph" in block)!["@graph"] as Array<Record<string, unknown>>;
    expect(graph.length).toBeGreaterThan(0);
    for (const event of graph) {
      expect(event).toMatchObject({
        "@type": "SportsEvent",
        eventStatus: expect.stringMatching(/^https:\/\/schema\.org\/Event/),
        startDate: expect.any(String),
        location: { "@type": "Place" },
        organizer: { url: expect.stringMatching(/^https?:\/\//) },
      });
    }
    const article = ofType(await structuredData("/news/silverstone-national-season-finale"), "NewsArticle");
    expect(article.publisher).toMatchObject({ url: expect.stringMatching(/^https?:\/\//) });
  });
});
