import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";

/** Opens the home page with the browser's clock stopped (moved on only by the test) and hydrated. */
async function openWithStoppedClock(page: Page) {
  const start = Date.parse("2026-05-01T10:00:00Z");
  await page.clock.install({ time: new Date(start - 10_000) });
  await page.clock.pauseAt(new Date(start));
  await page.goto("/");
  await page.waitForLoadState("networkidle");
}

/** The home page's section headings, in the spec's order (the merchandise strip comes with the store). */
const SECTION_TITLES = [
  "next race",
  "latest news",
  "our team",
  "sector 1 motorsport podcast",
  "connect with us",
  "our drivers",
  "our cars",
  "mission & vision",
  "our partners",
];

test.describe("home page", () => {
  test("has its sections in the spec's order", async ({ page }) => {
    await page.goto("/");
    const headings = await page.locator("main h2").allInnerTexts();
    const sectionTitles = headings.map((text) => text.trim().toLowerCase()).filter((text) => SECTION_TITLES.includes(text));
    expect(sectionTitles).toEqual(SECTION_TITLES);
  });

  test("the hero moves on every 6 seconds and its dots choose a slide", async ({ page }) => {
    await openWithStoppedClock(page);
    const hero = page.getByRole("region", { name: "Latest race reports" });
    const dots = hero.getByRole("button", { name: /^Show slide/ });
    await expect(dots).toHaveCount(3);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");

    await page.clock.runFor(5_900);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(200);
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");

    await dots.nth(2).click();
    await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
    const current = hero.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');
    await expect(current.getByRole("link", { name: /Read More/ })).toHaveAttribute("href", /^\/news\/.+/);
  });

  test("the hero holds still for visitors who ask for less motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openWithStoppedClock(page);
    const dots = page.getByRole("region", { name: "Latest race reports" }).getByRole("button", { name: /^Show slide/ });
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(13_000);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  });

  test("shows the team tiles and the drivers, whose details open from the carousel", async ({ page }) => {
    await page.goto("/");
    const team = page.locator("section", { has: page.getByRole("heading", { name: "Our Team", exact: true }) });
    for (const role of ["Chief Mechanic", "Team Manager", "Female Side Ambassador", "Team Operations", "Team Coordinator"]) {
      await expect(team.getByText(role, { exact: true })).toHaveCount(1);
    }
    await expect(team.getByRole("link", { name: "Meet the Full Team" })).toHaveAttribute("href", "/team");

    const drivers = page.locator("section", { has: page.getByRole("heading", { name: "Our Drivers", exact: true }) });
    await drivers
      .getByRole("button", { name: /Oliver Hartley F3A Driver/ })
      .first()
      .click();
    await expect(page.locator("#home-driver-detail")).toContainText("Oliver Hartley");
  });

  test("carries the drivers' cards only, and fetches a driver's detail when their card is wanted", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("Oliver Hartley");
    // Neither the bio nor the season's results travel with the page.
    expect(html).not.toContain("grew up in Newbury");
    expect(html).not.toContain("Race winner in F3B");

    const asked: string[] = [];
    page.on("request", (sent) => {
      if (new URL(sent.url()).pathname.startsWith("/api/drivers/")) asked.push(new URL(sent.url()).pathname);
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);

    const drivers = page.locator("section", { has: page.getByRole("heading", { name: "Our Drivers", exact: true }) });
    const card = drivers.getByRole("button", { name: /Oliver Hartley F3A Driver/ });
    await card.click();
    const detail = page.getByRole("article", { name: "Oliver Hartley" });
    await expect(detail).toContainText("grew up in Newbury");
    // The home page shows no career panel.
    await expect(detail.getByRole("heading", { name: "Achievements" })).toHaveCount(0);

    // Closed and opened again: no second request.
    await card.click();
    await expect(detail).toHaveCount(0);
    await card.click();
    await expect(detail).toBeVisible();
    expect(asked).toEqual(["/api/drivers/oliver-hartley"]);
  });

  test("says so when a driver's detail cannot be loaded, and tries again on request", async ({ page }) => {
    await page.route("**/api/drivers/**", (route) => route.abort());
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const drivers = page.locator("section", { has: page.getByRole("heading", { name: "Our Drivers", exact: true }) });
    await drivers.getByRole("button", { name: /Sophie Marsh/ }).click();
    const problem = page.locator("#home-driver-detail").getByRole("alert");
    await expect(problem).toContainText("We couldn't load Sophie Marsh's details just now.");

    await page.unroute("**/api/drivers/**");
    await problem.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("article", { name: "Sophie Marsh" })).toBeVisible();
  });

  test("answers a driver's detail as JSON, and 404 for an unknown driver", async ({ request }) => {
    const known = await request.get("/api/drivers/oliver-hartley");
    expect(known.status()).toBe(200);
    const { driver } = (await known.json()) as { driver: { name: string; bio: string; season: { total: number }; achievements: string[] } };
    expect(driver.name).toBe("Oliver Hartley");
    expect(driver.bio).toContain("grew up in Newbury");
    expect(driver.season.total).toBeGreaterThan(0);
    expect(driver.achievements.length).toBeGreaterThan(0);
    expect((await request.get("/api/drivers/nobody")).status()).toBe(404);
    expect((await request.get(`/api/drivers/${"x".repeat(200)}`)).status()).toBe(404);
  });

  test("opens the driver named in the address, rendered by the server", async ({ request }) => {
    const html = await (await request.get("/?driver=sophie-marsh")).text();
    expect(html).toContain("Sophie started karting at eleven");
    expect(html).toMatch(/aria-expanded="true"[^>]*>[\s\S]{0,2000}?Sophie Marsh/);
  });

  test("tells search engines and link previews what the site is", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/media\/share-card\.png$/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd ?? "{}")).toMatchObject({ "@type": "SportsOrganization", name: "Ridgeway Racing" });
  });

  test("a report served on /race-reports names /news as its canonical address", async ({ page }) => {
    await page.goto("/race-reports/season-opener-silverstone-international");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/news\/season-opener-silverstone-international$/);
    await page.goto("/team/99");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });
});
