import { readdirSync, readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";

interface SeededArticle {
  id: string;
  title: string;
  date: string;
  category: string;
  venue: string;
  excerpt: string;
  author?: { name: string; title: string };
  podcastLinks?: { youtube: string; spotify: string };
  firstParagraph: string;
}

/** The articles the server seeds its database with (content/news), as a visitor should see them. */
function seededArticles(): SeededArticle[] {
  const dir = new URL("../../content/news/", import.meta.url);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".md"))
    .map((file) => {
      const [, frontMatter, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(new URL(file, dir), "utf8"))!;
      const firstParagraph = body!.trim().split(/\n\s*\n/)[0]!;
      return { id: file.replace(/\.md$/, ""), ...JSON.parse(frontMatter!), firstParagraph } as SeededArticle;
    });
}

const articles = seededArticles();
const newestFirst = [...articles].sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
const byId = (id: string) => articles.find((article) => article.id === id)!;
const matching = (query: string, category = "All") =>
  newestFirst.filter(
    (article) =>
      (article.title.toLowerCase().includes(query.toLowerCase()) || article.excerpt.toLowerCase().includes(query.toLowerCase())) &&
      (category === "All" || article.category === category),
  );

const cards = (page: Page) => page.locator("main article");
const cardTitles = (page: Page) => cards(page).getByRole("heading");
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search news" });
const categoryLink = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Filter by category" }).getByRole("link", { name, exact: true });

test.describe("news list", () => {
  test("shows every seeded article, newest first under a lead story, with image, category, date, excerpt and Read More", async ({
    page,
  }) => {
    await page.goto("/news");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("News & Updates");
    await expect(page.getByRole("navigation", { name: "Filter by category" }).getByRole("link")).toHaveText([
      "All",
      "Race Reports",
      "Team News",
      "Technical",
      "Interviews",
      "Events",
    ]);
    await expect(categoryLink(page, "All")).toHaveAttribute("aria-current", "page");
    await expect(cardTitles(page)).toHaveText(newestFirst.map((article) => article.title));
    await expect(page.locator("main").getByRole("status")).toHaveText(`Showing ${articles.length} of ${articles.length} articles`);

    const first = newestFirst[0]!;
    const card = cards(page).first();
    // The latest story leads: wider than the cards below it (a phone has one column for all).
    const [leadBox, nextBox] = [await card.boundingBox(), await cards(page).nth(1).boundingBox()];
    if (page.viewportSize()!.width >= 640) expect(leadBox!.width).toBeGreaterThan(nextBox!.width * 1.5);
    await expect(card.locator("img")).toHaveAttribute("src", /^\/media\/.+/);
    await expect(card.getByText(first.category, { exact: true })).toBeVisible();
    await expect(card.locator("time")).toHaveText(
      new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(first.date)),
    );
    await expect(card.getByText(first.excerpt)).toBeVisible();
    await card.getByRole("link", { name: "Read More" }).click();
    await expect(page).toHaveURL(`/news/${first.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
  });

  test("search narrows the list as you type, in place, and puts the query in the URL", async ({ page }) => {
    await page.goto("/news");
    await expect(cards(page)).toHaveCount(articles.length);
    await page.evaluate(() => Object.assign(window, { stillSamePage: true }));

    await searchBox(page).pressSequentially("LIVERY");
    await expect(page).toHaveURL(/\/news\?q=LIVERY$/);
    await expect(cardTitles(page)).toHaveText(matching("livery").map((article) => article.title));
    expect(matching("livery")).toHaveLength(1);
    expect(await page.evaluate(() => "stillSamePage" in window)).toBe(true);

    // Typing replaces the history entry instead of adding one per keystroke.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/news/);
  });

  test("shows Loading news... only while a new search is loading", async ({ page }) => {
    await page.goto("/news");
    await expect(page.getByText("Loading news...")).toHaveCount(0);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/news\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await searchBox(page).fill("thruxton");
    await expect(page.locator("main").getByRole("status")).toHaveText("Loading news...");
    release();
    await expect(page.locator("main").getByRole("status")).toHaveText(`Showing 1 of ${articles.length} articles`);
    await expect(page.getByText("Loading news...")).toHaveCount(0);
    await expect(cardTitles(page)).toHaveText(matching("thruxton").map((article) => article.title));
  });

  test("combines the category filter with the search", async ({ page }) => {
    await page.goto("/news");
    await categoryLink(page, "Race Reports").click();
    await expect(page).toHaveURL(/\/news\?category=Race\+Reports$/);
    await expect(categoryLink(page, "Race Reports")).toHaveAttribute("aria-current", "page");
    await expect(categoryLink(page, "All")).not.toHaveAttribute("aria-current");
    await expect(cardTitles(page)).toHaveText(matching("", "Race Reports").map((article) => article.title));

    await searchBox(page).fill("marsh");
    await expect(page).toHaveURL(/\/news\?q=marsh&category=Race\+Reports$/);
    const marshRaceReports = matching("marsh", "Race Reports");
    expect(marshRaceReports.length).toBeGreaterThan(0);
    expect(marshRaceReports.length).toBeLessThan(matching("marsh").length);
    await expect(cardTitles(page)).toHaveText(marshRaceReports.map((article) => article.title));

    // Switching category keeps the search.
    await categoryLink(page, "Team News").click();
    await expect(page).toHaveURL(/\/news\?q=marsh&category=Team\+News$/);
    await expect(searchBox(page)).toHaveValue("marsh");
    await expect(cardTitles(page)).toHaveText(matching("marsh", "Team News").map((article) => article.title));
  });

  test("a search with no match shows the empty state, and Clear filters brings everything back", async ({ page }) => {
    await page.goto("/news?q=hovercraft&category=Events");
    await expect(page.getByRole("heading", { name: "No articles match" })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(searchBox(page)).toHaveValue("hovercraft");

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(cards(page)).toHaveCount(articles.length);
    await expect(searchBox(page)).toHaveValue("");
    await expect(page.getByRole("heading", { name: "No articles match" })).toHaveCount(0);
  });
});

test.describe("news list without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("searches and filters through the URL", async ({ page }) => {
    await page.goto("/news?category=Race+Reports");
    await expect(cardTitles(page)).toHaveText(matching("", "Race Reports").map((article) => article.title));

    await searchBox(page).fill("hartley");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/news\?category=Race\+Reports&q=hartley$/);
    await expect(cardTitles(page)).toHaveText(matching("hartley", "Race Reports").map((article) => article.title));

    await categoryLink(page, "Technical").click();
    await expect(page).toHaveURL(/\/news\?q=hartley&category=Technical$/);
    await expect(cardTitles(page)).toHaveText(matching("hartley", "Technical").map((article) => article.title));

    await searchBox(page).fill("no such words");
    await searchBox(page).press("Enter");
    await expect(page.getByRole("heading", { name: "No articles match" })).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(cards(page)).toHaveCount(articles.length);
  });

  test("article pages render on the server", async ({ page }) => {
    const article = byId("inside-the-f3a-aero-upgrade");
    await page.goto(`/race-reports/${article.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    await expect(page.getByText(article.firstParagraph)).toBeVisible();
  });
});

test.describe("news report", () => {
  test("shows image, date, venue, title, the article's own author and its content", async ({ page }) => {
    const article = byId("inside-the-f3a-aero-upgrade");
    await page.goto(`/news/${article.id}`);
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(article.title);
    await expect(main.locator("img").first()).toHaveAttribute("src", /^\/media\/news\/.+\.svg$/);
    await expect(main.locator("time")).toHaveText("10 September 2025");
    await expect(main.getByText(article.venue)).toBeVisible();
    await expect(main.getByText(article.author!.name, { exact: true })).toBeVisible();
    await expect(main.getByText(article.author!.title, { exact: true })).toBeVisible();
    await expect(main.getByText(article.firstParagraph)).toBeVisible();
    await expect(main.getByRole("heading", { name: "The problem we were trying to solve" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Listen to the Full Interview" })).toHaveCount(0);
    await expect(page).toHaveTitle(`${article.title} | Ridgeway Racing`);
  });

  test("credits the team, not the podcast host, when the article names no author", async ({ page }) => {
    const article = byId("cadwell-park-mountain-battle");
    expect(article.author).toBeUndefined();
    await page.goto(`/news/${article.id}`);
    const main = page.locator("main");
    await expect(main.getByText("Ridgeway Racing", { exact: true })).toBeVisible();
    await expect(main.getByText("James Whitcombe", { exact: true })).toHaveCount(0);
    await expect(main.getByText("Sports Presenter & Producer", { exact: true })).toHaveCount(0);
  });

  test("shows the podcast links panel for an article with links, opening in new tabs", async ({ page }) => {
    const article = byId("silverstone-national-season-finale");
    await page.goto(`/news/${article.id}`);
    const panel = page.getByRole("complementary", { name: "Listen to the Full Interview" });
    await expect(panel.getByRole("heading", { name: "Listen to the Full Interview" })).toBeVisible();
    const youtube = panel.getByRole("link", { name: "Watch on YouTube" });
    const spotify = panel.getByRole("link", { name: "Listen on Spotify" });
    await expect(youtube).toHaveAttribute("href", article.podcastLinks!.youtube);
    await expect(spotify).toHaveAttribute("href", article.podcastLinks!.spotify);
    await expect(youtube).toHaveAttribute("target", "_blank");
    await expect(spotify).toHaveAttribute("target", "_blank");
  });

  test("/race-reports/{id} shows the same article with /news/{id} as its canonical URL", async ({ page }) => {
    const article = byId("thruxton-speed-and-strategy");
    await page.goto(`/race-reports/${article.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    await expect(page.getByText(article.author!.name, { exact: true })).toBeVisible();
    const canonical = new RegExp(`^https?://[^/]+/news/${article.id}$`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`^https?://[^/]+/share/news/${article.id}-[0-9a-f]{16}\\.png$`),
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({
      "@type": "NewsArticle",
      headline: article.title,
      datePublished: article.date,
      author: { name: article.author!.name },
      publisher: { "@type": "Organization", name: "Ridgeway Racing" },
    });
    expect(jsonLd.image[0]).toMatch(/^https?:\/\/[^/]+\/media\/news\//);

    await page.goto(`/news/${article.id}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
  });

  for (const prefix of ["/news", "/race-reports"]) {
    test(`${prefix}/{unknown id} answers 404 with Report not found and Back to News`, async ({ page }) => {
      const response = await page.goto(`${prefix}/no-such-report`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report not found");
      await page.getByRole("link", { name: "Back to News" }).click();
      await expect(page).toHaveURL(/\/news$/);
      await expect(cards(page)).toHaveCount(articles.length);
    });
  }
});

test("the RSS feed lists every article newest first with canonical links", async ({ request }) => {
  const response = await request.get("/news/rss.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
  const xml = await response.text();
  expect(xml).toContain('<rss version="2.0"');
  const items = xml.match(/<item>[\s\S]*?<\/item>/g) ?? [];
  expect(items).toHaveLength(articles.length);
  const newest = newestFirst[0]!;
  expect(items[0]).toMatch(new RegExp(`<guid isPermaLink="true">https?://[^<]+/news/${newest.id}</guid>`));
});
