import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";

/** Opens a page and waits until its scripts have loaded, so clicks reach the hydrated components. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForLoadState("networkidle");
  return response;
}

function section(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

function driverCard(page: Page, name: string) {
  return section(page, "Our Drivers")
    .getByRole("list", { name: "Drivers" })
    .getByRole("button", { name: new RegExp(name) });
}

function statsOf(detail: Locator) {
  return detail.getByRole("region", { name: "Season stats" });
}

/** Season figures computed by hand from content/seasons/2025.json and the scoring rules. */
const seasons = [
  { name: "Oliver Hartley", wins: 3, podiums: 5, poles: 3, fastLaps: 2, points: 109, dropped: 2 },
  { name: "Sophie Marsh", wins: 0, podiums: 4, poles: 1, fastLaps: 2, points: 91, dropped: 2 },
  { name: "Jack Pemberton", wins: 0, podiums: 0, poles: 0, fastLaps: 0, points: 44, dropped: 2 },
];

test.describe("team page", () => {
  test("has the four sections with everyone in them", async ({ page }) => {
    const response = await open(page, "/team");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Our Team | Ridgeway Racing");
    await expect(page.getByRole("link", { name: "← Back to Home" })).toHaveAttribute("href", "/");
    await expect(page.locator("main section > header h2")).toHaveText([
      "Team Leadership",
      "Our Drivers",
      "The Male Side",
      "The Female Side",
    ]);

    const leaders = section(page, "Team Leadership").getByRole("link");
    await expect(leaders).toHaveText(["Richard Ashdown", "Dr Helen Carver", "Victoria Lang"]);
    expect(await leaders.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(["/team/1", "/team/2", "/team/6"]);

    await expect(section(page, "Our Drivers").getByRole("list", { name: "Drivers" }).getByRole("button")).toHaveCount(7);

    const maleSide = section(page, "The Male Side").getByRole("list").getByRole("button");
    await expect(maleSide).toHaveCount(3);
    await expect(maleSide.nth(0)).toContainText("Dave Pickering");
    await expect(maleSide.nth(0)).toContainText("Chief Mechanic");

    const femaleSide = section(page, "The Female Side").getByRole("list").getByRole("button");
    await expect(femaleSide).toHaveCount(4);
    for (const [index, name] of ["Claire Hollings", "Sophie Marsh", "Megan Royle", "Priya Sandhu"].entries()) {
      await expect(femaleSide.nth(index)).toContainText(name);
    }
    // Every member tile is a clip with its portrait as the poster, sized so the page does not shift.
    const clips = page.locator("main li button[aria-controls] video");
    await expect(clips).toHaveCount(7);
    for (const clip of await clips.all()) {
      await expect(clip).toHaveAttribute("width", "600");
      await expect(clip).toHaveAttribute("height", "750");
      await expect(clip).toHaveAttribute("poster", /\/media\/team\/.+\.svg$/);
    }
  });

  test("a tile's clip loads only when it nears the screen, then plays muted and inline", async ({ page }) => {
    const clipRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith(".mp4")) clipRequests.push(new URL(request.url()).pathname);
    });
    await open(page, "/team");
    const lastClip = section(page, "The Female Side").locator("video").last();
    await expect(lastClip).not.toHaveAttribute("src");
    expect(clipRequests).not.toContain("/media/team/female-4.mp4");

    await lastClip.scrollIntoViewIfNeeded();
    await expect(lastClip).toHaveAttribute("src", "/media/team/female-4.mp4");
    // Its start is staggered behind the tiles before it, then it loads and decodes: on a busy
    // CI machine that can take longer than the default 5 s.
    await expect
      .poll(() => lastClip.evaluate((video: HTMLVideoElement) => video.currentTime > 0 && video.muted), { timeout: 15_000 })
      .toBe(true);
    expect(await lastClip.evaluate((video: HTMLVideoElement) => video.playsInline)).toBe(true);
    expect(clipRequests).toContain("/media/team/female-4.mp4");
  });

  test("with reduced motion the tiles keep their portraits and fetch no clip", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const clipRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith(".mp4")) clipRequests.push(request.url());
    });
    await open(page, "/team");
    const lastClip = section(page, "The Female Side").locator("video").last();
    await lastClip.scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    await expect(lastClip).not.toHaveAttribute("src");
    expect(clipRequests).toEqual([]);
  });

  for (const season of seasons) {
    test(`${season.name}'s card opens stats computed from the results, and closes again`, async ({ page }) => {
      await open(page, "/team");
      const card = driverCard(page, season.name);
      await expect(card).toHaveAttribute("aria-expanded", "false");
      await card.click();
      await expect(card).toHaveAttribute("aria-expanded", "true");

      const detail = page.getByRole("article", { name: season.name });
      await expect(detail).toBeVisible();
      const stats = statsOf(detail);
      await expect(stats.getByRole("term")).toHaveText(["Wins", "Podiums", "Poles", "Fast Laps", "Points"]);
      await expect(stats.getByRole("definition")).toHaveText(
        [season.wins, season.podiums, season.poles, season.fastLaps, season.points].map(String),
      );

      // The stats agree with the results table shown under them.
      const table = detail.getByRole("table");
      const raceCells = await table.locator("tbody td:not(:last-child)").allInnerTexts();
      expect(raceCells.filter((text) => /^P1\b/.test(text))).toHaveLength(season.wins);
      expect(raceCells.filter((text) => /^P[123]\b/.test(text))).toHaveLength(season.podiums);
      await expect(table.locator("tfoot")).toContainText(`Total (best 7 rounds)${season.points}`);
      await expect(table.getByText("Dropped", { exact: true })).toHaveCount(season.dropped);
      await expect(detail.getByRole("heading", { name: "Achievements" })).toBeVisible();
      await expect(detail.getByRole("heading", { name: "Career Highlights" })).toBeVisible();

      await card.click();
      await expect(card).toHaveAttribute("aria-expanded", "false");
      await expect(detail).toHaveCount(0);
    });
  }

  test("keeps one driver open at a time", async ({ page }) => {
    await open(page, "/team");
    await driverCard(page, "Oliver Hartley").click();
    await driverCard(page, "Sophie Marsh").click();
    await expect(driverCard(page, "Oliver Hartley")).toHaveAttribute("aria-expanded", "false");
    await expect(driverCard(page, "Sophie Marsh")).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("article", { name: "Oliver Hartley" })).toHaveCount(0);
    await expect(
      statsOf(page.getByRole("article", { name: "Sophie Marsh" }))
        .getByRole("definition")
        .last(),
    ).toHaveText("91");
  });

  test("a driver without results shows zeros and says so", async ({ page }) => {
    await open(page, "/team");
    await driverCard(page, "Lucas Bennett").click();
    const detail = page.getByRole("article", { name: "Lucas Bennett" });
    await expect(statsOf(detail).getByRole("definition")).toHaveText(["0", "0", "0", "0", "0"]);
    await expect(detail.getByText("No results recorded in 2025 yet.")).toBeVisible();
  });

  test("the Next and Previous buttons move the driver strip", async ({ page }) => {
    await open(page, "/team");
    const strip = section(page, "Our Drivers").getByRole("list", { name: "Drivers" });
    const scrollLeft = () => strip.evaluate((element) => element.scrollLeft);
    await expect(page.getByRole("button", { name: "Previous drivers" })).toBeDisabled();
    await page.getByRole("button", { name: "Next drivers" }).click();
    // 300px step, snapped to the next card (300px card + 16px gap).
    await expect.poll(scrollLeft).toBeGreaterThanOrEqual(300);
    expect(await scrollLeft()).toBeLessThanOrEqual(316);
    await page.getByRole("button", { name: "Previous drivers" }).click();
    await expect.poll(scrollLeft).toBe(0);
  });

  test("a mouse drag scrolls the driver strip without selecting anyone", async ({ page, isMobile }) => {
    test.skip(isMobile, "touch screens scroll the strip natively");
    await open(page, "/team");
    const strip = section(page, "Our Drivers").getByRole("list", { name: "Drivers" });
    await strip.scrollIntoViewIfNeeded();
    const box = (await strip.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 700, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 450, y, { steps: 5 });
    await page.mouse.move(box.x + 250, y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => strip.evaluate((element) => element.scrollLeft)).toBeGreaterThan(250);
    await expect(strip.locator("[aria-expanded=true]")).toHaveCount(0);
    await expect(section(page, "Our Drivers").getByRole("article")).toHaveCount(0);
  });

  test("member tiles work from the keyboard", async ({ page }) => {
    await open(page, "/team");
    const tom = section(page, "The Male Side").getByRole("button", { name: /Tom Fairweather/ });
    await tom.focus();
    await page.keyboard.press("Enter");
    await expect(tom).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("article", { name: "Tom Fairweather" })).toBeVisible();
    await page.keyboard.press("Space");
    await expect(tom).toHaveAttribute("aria-expanded", "false");
  });

  test("a member tile opens its card, and another tile replaces it", async ({ page }) => {
    await open(page, "/team");
    const dave = section(page, "The Male Side").getByRole("button", { name: /Dave Pickering/ });
    await dave.click();
    await expect(dave).toHaveAttribute("aria-expanded", "true");
    const daveCard = page.getByRole("article", { name: "Dave Pickering" });
    await expect(daveCard).toBeInViewport();
    await expect(daveCard.getByRole("img", { name: "Dave Pickering" })).toBeVisible();
    await expect(daveCard.getByText("Chief Mechanic", { exact: true })).toBeVisible();
    // The bio is split into its three paragraphs.
    await expect(daveCard.locator("p").filter({ hasText: /apprenticeship|Ridgeway Racing he leads|unofficial teacher/ })).toHaveCount(3);
    await expect(daveCard.getByRole("link", { name: "View Dave Pickering's full profile" })).toHaveAttribute("href", "/team/3");

    const claire = section(page, "The Female Side").getByRole("button", { name: /Claire Hollings/ });
    await claire.click();
    await expect(dave).toHaveAttribute("aria-expanded", "false");
    await expect(daveCard).toHaveCount(0);
    await expect(claire).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("article", { name: "Claire Hollings" })).toBeInViewport();

    await claire.click();
    await expect(claire).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("article", { name: "Claire Hollings" })).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("driver and member cards open and close by reloading the page", async ({ page }) => {
    await page.goto("/team");
    await driverCard(page, "Oliver Hartley").click();
    await expect(page).toHaveURL(/\/team\?driver=oliver-hartley#driver-detail$/);
    await expect(driverCard(page, "Oliver Hartley")).toHaveAttribute("aria-expanded", "true");
    await expect(
      statsOf(page.getByRole("article", { name: "Oliver Hartley" }))
        .getByRole("definition")
        .last(),
    ).toHaveText("109");
    await driverCard(page, "Oliver Hartley").click();
    await expect(page).toHaveURL(/\/team\?driver=#driver-detail$/);
    await expect(page.getByRole("article", { name: "Oliver Hartley" })).toHaveCount(0);

    await section(page, "The Female Side")
      .getByRole("button", { name: /Priya Sandhu/ })
      .click();
    await expect(page).toHaveURL(/\/team\?member=fs-4#female-side-member$/);
    await expect(page.getByRole("article", { name: "Priya Sandhu" })).toBeVisible();

    await page.goto("/female-side");
    await page
      .getByRole("main")
      .getByRole("button", { name: /Claire Hollings/ })
      .click();
    await expect(page.getByRole("article", { name: "Claire Hollings" })).toBeVisible();
  });
});

test("the team pages fit a 320px screen, with a driver's results open", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  await open(page, "/team");
  await driverCard(page, "Sophie Marsh").click();
  await expect(page.getByRole("article", { name: "Sophie Marsh" }).getByRole("table")).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(320);
  for (const path of ["/team/2", "/female-side"]) {
    await open(page, path);
    expect(await pageWidth(), path).toBeLessThanOrEqual(320);
  }
});

test.describe("team member page", () => {
  test("/team/1 shows the full profile", async ({ page }) => {
    const response = await page.goto("/team/1");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Richard Ashdown | Ridgeway Racing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Richard Ashdown");
    await expect(page.getByText("Management", { exact: true })).toBeVisible();
    await expect(page.getByText("Founder & Team Principal", { exact: true })).toBeVisible();
    await expect(page.getByText(/^Richard founded Ridgeway Racing in a rented unit/)).toBeVisible();
    await expect(page.locator("blockquote")).toHaveText(
      "“Give a young driver honest data, a reliable car and a bit of patience, and the lap times will look after themselves.”",
    );
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "About Richard",
      "Specialties",
      "Achievements",
      "Career Highlights",
    ]);
    await expect(page.getByRole("listitem").filter({ hasText: "Driver development and mentoring" })).toBeVisible();
    await expect(page.getByRole("link", { name: "View Full Team" })).toHaveAttribute("href", "/team");
  });

  test("greets a member by first name, not title", async ({ page }) => {
    await page.goto("/team/2");
    await expect(page.getByRole("heading", { name: "About Helen" })).toBeVisible();
  });

  for (const path of ["/team/99", "/team/abc", "/team/1.5"]) {
    test(`${path} is not found`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team member not found");
      await expect(page.getByRole("link", { name: "Back to Team" })).toHaveAttribute("href", "/team");
      await page.getByRole("link", { name: "Back to Team" }).click();
      await expect(page).toHaveURL(/\/team$/);
    });
  }
});

test.describe("Female Side page", () => {
  test("shows the logo, tagline and four members whose panels open one at a time", async ({ page }) => {
    const response = await open(page, "/female-side");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Female Side | Ridgeway Racing");
    await expect(page.getByRole("img", { name: "Female Side logo" })).toBeVisible();
    await expect(page.getByText("Driven to Drive", { exact: true })).toBeVisible();

    const tiles = page.getByRole("main").getByRole("list").getByRole("button");
    await expect(tiles).toHaveCount(4);
    const sophie = tiles.filter({ hasText: "Sophie Marsh" });
    const megan = tiles.filter({ hasText: "Megan Royle" });

    await sophie.click();
    await expect(sophie).toHaveAttribute("aria-expanded", "true");
    const sophiePanel = page.getByRole("article", { name: "Sophie Marsh" });
    await expect(sophiePanel).toBeInViewport();
    await expect(sophiePanel.getByText("Female Side Ambassador", { exact: true })).toBeVisible();
    await expect(sophiePanel.getByRole("img", { name: "Sophie Marsh" })).toBeVisible();
    await expect(sophiePanel.locator("p").filter({ hasText: /karting at eleven|2025 F3B season|As ambassador/ })).toHaveCount(3);

    await megan.click();
    await expect(sophie).toHaveAttribute("aria-expanded", "false");
    await expect(sophiePanel).toHaveCount(0);
    await expect(page.getByRole("article", { name: "Megan Royle" })).toBeInViewport();

    await megan.click();
    await expect(megan).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("article")).toHaveCount(0);
  });
});
