import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { devices, expect, type BrowserContext, type Page } from "@playwright/test";
import { INSTALL_HINT_KEY, parseInstallHintState, type InstallHintState } from "../../app/features/install/install-moment";
import { test as base, waitForHydration } from "../support/hydrated-test";
import { expectNoSeriousViolations } from "../support/page-checks";

/*
 * The installable site (issue 40, ADRs 0140 and 0141): the manifest and its icons as served,
 * Chromium's own installability check (what Lighthouse's installable-manifest audit ran, before
 * Lighthouse 12 dropped it), the install offer at its moment, and the installed app's Back.
 *
 * Chromium reports a site installable, hands the page its `beforeinstallprompt` event and installs
 * it only in a profile on disk: Playwright's contexts are incognito ("in-incognito"). These tests
 * launch a profile of their own (`profile`), with the service worker allowed as a fan's browser
 * has it. The installed app is the real thing: installed through the DevTools protocol
 * (`PWA.install`), set to open in its own window and launched, where `display-mode` is standalone
 * (Chromium ignores `display-mode` in `Emulation.setEmulatedMedia`).
 */

const ROUND = "/calendar/2025-r2-anglesey";
const ARTICLE = "/news/season-opener-silverstone-international";
const IPHONE = devices["iPhone 15"];
/** A Monday morning in November; the clock then moves only when a test moves it. */
const MONDAY = new Date("2026-11-02T09:00:00Z");
const HOUR = 60 * 60 * 1000;

interface Profile {
  context: BrowserContext;
  /** The profile's first tab. */
  page: Page;
}

/** A browser profile on disk, as the project's device and the test's address, deleted afterwards. */
const test = base.extend<{ profile: Profile }>({
  profile: async (
    { playwright, launchOptions, baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor, extraHTTPHeaders, javaScriptEnabled },
    provide,
  ) => {
    const dir = mkdtempSync(path.join(tmpdir(), "ridgeway-install-"));
    const context = await playwright.chromium.launchPersistentContext(dir, {
      ...launchOptions,
      ...{ baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor, extraHTTPHeaders, javaScriptEnabled },
      serviceWorkers: "allow",
    });
    try {
      await provide({ context, page: context.pages()[0] ?? (await context.newPage()) });
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

/**
 * Installs the site from the profile's tab, set to open in a window of its own, and opens it at
 * `pathname` as the Home Screen or a notification would: a new window with no history.
 */
async function openInstalledApp({ context, page }: Profile, pathname: string): Promise<Page> {
  const origin = new URL(page.url()).origin;
  const manifestId = `${origin}/`;
  const cdp = await context.newCDPSession(page);
  await cdp.send("PWA.install", { manifestId });
  await cdp.send("PWA.changeAppUserSettings", { manifestId, displayMode: "standalone" });
  const [app] = await Promise.all([context.waitForEvent("page"), cdp.send("PWA.launch", { manifestId, url: `${origin}${pathname}` })]);
  await app.waitForLoadState();
  await waitForHydration(app);
  expect(await app.evaluate(() => matchMedia("(display-mode: standalone)").matches), "the app opened in its own window").toBe(true);
  return app;
}

const offer = (page: Page) => page.locator("[data-install-hint]");

/** What the offer's script has stored, once it has noted this page view (after the page is idle). */
async function storedState(page: Page): Promise<InstallHintState | null> {
  return parseInstallHintState(await page.evaluate((key) => localStorage.getItem(key), INSTALL_HINT_KEY));
}

async function waitForPageViewNoted(page: Page, at: number) {
  await expect.poll(async () => (await storedState(page))?.lastSeenAt ?? 0, { timeout: 15_000 }).toBeGreaterThanOrEqual(at);
}

/** A page loaded afresh `ms` after the one before (the clock moves on); resolves once the offer has decided. */
async function returnAfter(page: Page, ms: number, pathname: string) {
  await page.clock.fastForward(ms);
  const at = await page.evaluate(() => Date.now());
  await page.goto(pathname);
  await waitForPageViewNoted(page, at);
}

async function firstVisit(page: Page, pathname: string) {
  await page.clock.install({ time: MONDAY });
  await page.goto(pathname);
  await waitForPageViewNoted(page, MONDAY.getTime());
}

test.describe("the install manifest", () => {
  test("is linked from every page and served with its icons as an installed app needs them", async ({ page, request }) => {
    await page.goto("/");
    const head = page.locator("head");
    await expect(head.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");
    await expect(head.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute("content", "Ridgeway");
    await expect(head.locator('meta[name="apple-mobile-web-app-status-bar-style"]')).toHaveAttribute("content", "black");

    const response = await request.get("/manifest.webmanifest");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/manifest+json; charset=utf-8");
    expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
    const manifest = (await response.json()) as { theme_color: string; icons: Array<{ src: string; sizes: string; type: string }> };
    await expect(head.locator('meta[name="theme-color"]')).toHaveAttribute("content", manifest.theme_color);
    for (const icon of [...manifest.icons, { src: "/apple-touch-icon.png", sizes: "180x180", type: "image/png" }]) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()["content-type"], icon.src).toBe(icon.type);
      const size = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, icon.src);
      expect(size, icon.src).toBe(icon.sizes);
    }
  });

  test("passes Chromium's installability check, which fails without the manifest's icons", async ({ profile }) => {
    const { context, page } = profile;
    const cdp = await context.newCDPSession(page);
    await page.goto("/");
    // The worker the site registers once idle (ADR 0135) controls the start URL.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    expect((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);

    await context.route("**/manifest.webmanifest", async (route) => {
      const served = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ contentType: "application/manifest+json", body: JSON.stringify({ ...served, icons: [] }) });
    });
    await page.goto("/calendar");
    const errors = (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors.map((error) => error.errorId);
    expect(errors).toContain("manifest-missing-suitable-icon");
  });
});

test.describe("the install offer", () => {
  test("waits for a fan's return, and Install hands over to Chromium's own dialog", async ({ profile }) => {
    const { page } = profile;
    await firstVisit(page, "/calendar");
    // Chromium found the site installable and handed over its event, but this is a first visit.
    await expect.poll(() => page.evaluate(() => "__ridgewayInstallPrompt" in window)).toBe(true);
    await page.goto(ROUND);
    await waitForPageViewNoted(page, MONDAY.getTime());
    await expect(offer(page)).toHaveCount(0);

    // Twenty minutes later: the same visit.
    await returnAfter(page, 20 * 60 * 1000, "/news");
    await expect(offer(page)).toHaveCount(0);

    // The next evening: a return.
    await returnAfter(page, 33 * HOUR, "/calendar");
    await expect(offer(page)).toBeVisible();
    await expect(offer(page)).toHaveAttribute("data-install-hint", "prompt");
    await expect(offer(page).getByText("Install Ridgeway Racing")).toBeVisible();

    // Not in the shop: someone buying is busy with something else.
    await page.getByRole("contentinfo").getByRole("link", { name: "Store" }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(offer(page)).toHaveCount(0);
    await page.goBack();
    await expect(offer(page)).toBeVisible();

    // Chromium's own event, watched on its way: Install must call its prompt().
    await page.evaluate(() => {
      const held = (window as { __ridgewayInstallPrompt?: { prompt: () => Promise<unknown> } }).__ridgewayInstallPrompt!;
      const prompt = held.prompt.bind(held);
      held.prompt = () => {
        (window as { __prompted?: boolean }).__prompted = true;
        return prompt();
      };
    });
    await offer(page).getByRole("button", { name: "Install" }).click();
    await expect(offer(page)).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __prompted?: boolean }).__prompted)).toBe(true);
    // The fan has answered: kept, so the offer stays away even when Chromium hands over its event again.
    expect((await storedState(page))?.closedAt).not.toBeNull();
    const reloadedAt = await page.evaluate(() => Date.now());
    await page.reload();
    await waitForPageViewNoted(page, reloadedAt);
    await expect.poll(() => page.evaluate(() => "__ridgewayInstallPrompt" in window)).toBe(true);
    await expect(offer(page)).toHaveCount(0);
  });

  test("is reached and closed with the keyboard, and stays closed", async ({ profile }) => {
    const { page } = profile;
    await firstVisit(page, ARTICLE);
    await returnAfter(page, 48 * HOUR, ARTICLE);
    await expect(offer(page)).toBeVisible();

    await expectNoSeriousViolations(page, { include: "[data-install-hint]" });
    // It takes no focus and covers nothing: the page has room for it below its end.
    await expect(page.locator("body")).toBeFocused();
    const reserved = await page.evaluate(() => getComputedStyle(document.documentElement).paddingBottom);
    expect(reserved).toBe(`${await offer(page).evaluate((bar) => (bar as HTMLElement).offsetHeight)}px`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastFooterLink = page.locator("footer a").last();
    const linkBox = (await lastFooterLink.boundingBox())!;
    const barBox = (await offer(page).boundingBox())!;
    expect(linkBox.y + linkBox.height).toBeLessThanOrEqual(barBox.y);

    // Tab reaches it after the page's own controls; Escape closes it.
    await lastFooterLink.focus();
    await page.keyboard.press("Tab");
    await expect(offer(page).getByRole("button", { name: "Not now" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(offer(page).getByRole("button", { name: "Install" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(offer(page)).toHaveCount(0);
    expect(await page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).paddingBottom)).toBe("0px");

    // The next visits, within half a year: not again.
    await returnAfter(page, 24 * HOUR, ARTICLE);
    await expect(offer(page)).toHaveCount(0);
    await returnAfter(page, 24 * 3 * HOUR, "/calendar");
    await expect(offer(page)).toHaveCount(0);
    expect((await storedState(page))?.returning).toBe(true);
  });

  test("never shows in the installed app", async ({ profile }) => {
    const { page } = profile;
    await firstVisit(page, "/calendar");
    await page.clock.fastForward(5 * HOUR);
    // A return visit, in the app: the offer stays away.
    const app = await openInstalledApp(profile, "/calendar");
    await waitForPageViewNoted(app, MONDAY.getTime() + 5 * HOUR);
    expect((await storedState(app))?.returning).toBe(true);
    await expect(offer(app)).toHaveCount(0);
  });

  test("on an iPhone: Share, then Add to Home Screen; never in the Home Screen app", async ({
    browser,
    baseURL,
    extraHTTPHeaders,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "one phone is enough: the iPhone's own browser is emulated");
    const safari = await browser.newContext({ ...IPHONE, baseURL, extraHTTPHeaders });
    const homeScreenApp = await browser.newContext({ ...IPHONE, baseURL, extraHTTPHeaders });
    try {
      const page = await safari.newPage();
      await firstVisit(page, "/");
      await expect(offer(page)).toHaveCount(0);
      await returnAfter(page, 6 * HOUR, "/");
      await expect(offer(page)).toHaveAttribute("data-install-hint", "share-sheet");
      await expect(offer(page)).toContainText("Add Ridgeway Racing to your Home Screen");
      await expect(offer(page)).toContainText("Tap Share, then Add to Home Screen.");
      await offer(page).getByRole("button", { name: "Got it" }).tap();
      await expect(offer(page)).toHaveCount(0);
      await returnAfter(page, 6 * HOUR, "/calendar");
      await expect(offer(page)).toHaveCount(0);

      // Opened from the Home Screen, where iOS says `navigator.standalone`: a return, and no offer.
      const app = await homeScreenApp.newPage();
      await app.addInitScript(() => Object.defineProperty(Navigator.prototype, "standalone", { get: () => true }));
      await firstVisit(app, "/");
      await returnAfter(app, 6 * HOUR, "/");
      expect((await storedState(app))?.returning).toBe(true);
      await expect(offer(app)).toHaveCount(0);
    } finally {
      await safari.close();
      await homeScreenApp.close();
    }
  });

  test("appears without moving anything on the page, on a 4x slower CPU", async ({ browser, baseURL, extraHTTPHeaders }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "the phone's screen is where a bar at the foot matters");
    const context = await browser.newContext({ ...IPHONE, baseURL, extraHTTPHeaders });
    const page = await context.newPage();
    try {
      await firstVisit(page, "/calendar");
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as { __shifts?: number[] }).__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) shifts.push(entry.value);
        }).observe({ type: "layout-shift", buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await returnAfter(page, 3 * HOUR, "/calendar");
      await page.evaluate(() => window.scrollTo(0, 600));
      await expect(offer(page)).toBeVisible();
      await page.clock.runFor(1_000);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      expect(await page.evaluate(() => (window as { __shifts?: number[] }).__shifts)).toEqual([]);
      expect(await page.evaluate(() => window.scrollY)).toBe(600);
    } finally {
      await context.close();
    }
  });
});

test.describe("the installed app's Back", () => {
  test("goes back through the app's history, or up to the section's page when there is none", async ({ profile }) => {
    await profile.page.goto("/");
    // In a browser tab, which has a Back of its own: none in the header.
    await profile.page.goto(ROUND);
    await expect(profile.page.getByRole("banner").getByRole("link", { name: "Back" })).toBeHidden();

    // Opened on a round's page, as from a notification: no history in the app.
    const app = await openInstalledApp(profile, ROUND);
    const back = app.getByRole("banner").getByRole("link", { name: "Back" });
    await expect(back).toBeVisible();
    const entries = await app.evaluate(() => history.length);
    await back.click();
    await expect(app).toHaveURL(/\/calendar$/);
    // Up, in place of the round's page: the history did not grow, and Back goes up again.
    expect(await app.evaluate(() => history.length)).toBe(entries);
    await back.click();
    await expect(app).toHaveURL(/\/$/);
    await expect(back).toHaveCount(0);

    // With history: back, as the browser's own Back would.
    await app.getByRole("main").locator(`a[href="/news"]`).first().click();
    await expect(app).toHaveURL(/\/news$/);
    await app.getByRole("main").locator(`a[href="${ARTICLE}"]`).first().click();
    await expect(app).toHaveURL(new RegExp(`${ARTICLE}$`));
    await back.click();
    await expect(app).toHaveURL(/\/news$/);
    await app.goForward();
    await expect(app).toHaveURL(new RegExp(`${ARTICLE}$`));
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("is drawn by the server: a link up, in the window from its first paint", async ({ profile }) => {
      await profile.page.goto("/");
      const app = await openInstalledApp(profile, ROUND);
      const back = app.getByRole("banner").getByRole("link", { name: "Back" });
      await expect(back).toBeVisible();
      await expect(back).toHaveAttribute("href", "/calendar");
      await back.click();
      await expect(app).toHaveURL(/\/calendar$/);
    });
  });
});
