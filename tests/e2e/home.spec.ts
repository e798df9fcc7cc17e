import { expect, test, type Page } from "@playwright/test";

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
    await drivers.getByRole("button", { name: /Oliver Hartley/ }).first().click();
    await expect(page.locator("#home-driver-detail")).toContainText("Oliver Hartley");
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
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/news\/season-opener-silverstone-international$/,
    );
    await page.goto("/team/99");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });
});
