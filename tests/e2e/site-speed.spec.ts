import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { openBackOfficeMenu } from "../support/back-office-menu";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import type { PreparedStaff } from "../support/prepared-staff";

/*
 * Field Core Web Vitals end to end (ADR 0089): a visitor's browser measures each page it loads and
 * sends one beacon when the page is hidden; an editor (any staff role may look) then sees the
 * pages' 75th percentiles on Site speed. The site runs with VITALS_SAMPLE_RATE=1, so every page
 * view reports, and with staff of its own (tests/support/desk-site.ts).
 */

let site: DeskSite;
let staff: PreparedStaff;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({
    site,
    staff: [staff],
  } = await startDeskSite({ staff: [{ email: "vic.speed@example.com", roles: ["editor"] }], serverEnv: { VITALS_SAMPLE_RATE: "1" } }));
});

test.afterAll(async () => {
  await site?.close();
});

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

/**
 * Loads `path`, waits for the on-demand reporter, taps the page once (a first input, for INP),
 * and hides the page as a phone does when its owner switches app: the beacon goes then.
 * Answers the beacon's JSON body.
 */
async function visitAndHide(page: Page, path: string): Promise<{ page: string; metrics: Record<string, number> }> {
  await page.goto(`${site.url}${path}`);
  await page.waitForFunction(
    () => performance.getEntriesByType("resource").some((entry) => entry.name.includes("vitals-reporter")),
    undefined,
    { timeout: 30_000 },
  );
  // A tap on the footer's corner, where nothing is: an interaction that changes nothing.
  await page
    .locator("footer")
    .first()
    .click({ position: { x: 2, y: 2 } });
  // FCP, LCP and TTFB are reported a frame or two after the reporter starts.
  await page.waitForTimeout(300);
  const beacon = page.waitForRequest((request) => request.url() === `${site.url}/api/vitals` && request.method() === "POST");
  const answered = page.waitForResponse((response) => response.url() === `${site.url}/api/vitals`);
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    Object.defineProperty(document, "hidden", { value: true, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const body = (await beacon).postData() ?? "";
  expect((await answered).status()).toBe(204);
  return JSON.parse(body) as { page: string; metrics: Record<string, number> };
}

/**
 * On the phone project the visits are made as on a mid-range phone: Lighthouse's mobile profile
 * (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up) and a processor four times slower.
 */
async function throttleLikeAPhone(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1_638_400 / 8) | 0,
    uploadThroughput: (750_000 / 8) | 0,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return async () => {
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await cdp.detach();
  };
}

test("pages browsed report their vitals, and Site speed shows each page's 75th percentile", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await openAsStaff(page, site, staff, "/admin/vitals");
  await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible();
  // In the back office's menu for every staff role (an editor here).
  await expect((await openBackOfficeMenu(page)).getByRole("link", { name: "Site speed" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("No page views have been measured yet.")).toBeVisible();
  await expect(page.getByText("Measured by 100% of page views")).toBeVisible();

  const unthrottle = testInfo.project.name === "phone" ? await throttleLikeAPhone(page) : async () => {};
  const home = await visitAndHide(page, "/");
  expect(home.page).toBe("/");
  expect(Object.keys(home.metrics).sort()).toEqual(expect.arrayContaining(["FCP", "LCP", "TTFB"]));
  expect(home.metrics.INP).toBeGreaterThanOrEqual(0);
  expect(home.metrics.CLS).toBeGreaterThanOrEqual(0);

  await page.goto(`${site.url}/news`);
  const articlePath = await page.locator('main a[href^="/news/"]:not([href$=".xml"])').first().getAttribute("href");
  // The article's own address (with a query, even) is never sent: only its route pattern.
  const article = await visitAndHide(page, `${articlePath}?utm_source=test`);
  expect(article.page).toBe("/news/:reportId");
  const calendar = await visitAndHide(page, "/calendar");
  expect(calendar.page).toBe("/calendar");
  await unthrottle();

  await page.goto(`${site.url}/admin/vitals`);
  const last7 = page.getByRole("region", { name: "Last 7 days" });
  await expect(last7).toBeVisible();
  for (const pattern of ["/", "/news/:reportId", "/calendar"]) {
    const row = last7.getByRole("row").filter({ has: page.getByRole("rowheader", { name: pattern, exact: true }) });
    await expect(row, pattern).toHaveCount(1);
    // The LCP cell: a time in seconds and Google's rating.
    await expect(row.locator('[data-metric="LCP"]'), pattern).toContainText(/\d\.\d\d\u00a0s/);
    await expect(row.locator('[data-metric="LCP"]'), pattern).toContainText(/Good|Needs improvement|Poor/);
    await expect(row.locator('[data-metric="TTFB"]'), pattern).toContainText(/1 sample/);
  }
  await expect(page.getByRole("region", { name: "Last 28 days" })).toBeVisible();
  // Beside them, the lab figures of the last Lighthouse run (app/features/vitals/lab-figures.json).
  const lab = page.getByRole("region", { name: "In the lab" });
  const labHome = lab.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "/", exact: true }) });
  await expect(labHome.locator('[data-metric="LCP"]')).toContainText(/\d\.\d\d\u00a0s/);
  await expect(labHome).toContainText(/\d+ \/ 100/);
  await expect(lab.getByRole("rowheader", { name: /^\/news\/:reportId \/news\/[a-z0-9-]+$/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("site-speed.png"), fullPage: true });
});
