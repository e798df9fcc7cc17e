import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { startServer, type ServerProcess } from "../support/server-process";
import { freePort } from "../support/free-port";
import { signInAfterSignUp } from "../support/sign-up";

/*
 * Visual baselines of the key pages at 390 px (the phone project) and 1280 px (desktop): a change
 * to the look is a reviewed change to a baseline (ADR 0052; update them with
 * `npx playwright test tests/e2e/visual.spec.ts --update-snapshots` and look at every new image).
 *
 * Stable on purpose: a server of its own on a fresh database (other specs change stock and
 * orders on the shared one), the browser clock installed and never run (no slide advances, no
 * countdown ticks), reduced motion (no clips are fetched), animations and the caret off, web
 * fonts loaded before the shot, and what changes with the date (the copyright year, session
 * times) masked. Each shot is the first screenful, what a visitor judges first; the layout
 * assertions (layout.phone.spec.ts) look at whole pages.
 */

const PASSWORD = "correct horse battery staple";
/** BrandFonts' note that the font files are cached (app/components/brand-fonts.tsx). */
const BRAND_FONTS_KEY = "brand-fonts";
const CART_KEY = "ridgeway-racing-cart";
const REPORT = "/news/silverstone-national-season-finale";
const PRODUCT = "/store/team-cap-red";

let server: ServerProcess;
let dataDir: string;

test.describe.configure({ mode: "serial" });

// eslint-disable-next-line no-empty-pattern -- Playwright hands testInfo second; no fixtures are used
test.beforeAll(async ({}, testInfo) => {
  // The first start migrates and seeds a fresh database: over 40 s on a busy shared machine.
  testInfo.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "ridgeway-visual-e2e-"));
  const port = await freePort();
  server = await startServer(
    { DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "info" },
    { timeoutMs: 150_000 },
  );
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.beforeEach(async ({ page }, testInfo) => {
  // Two pages a test (the font files cached first), on a machine that may be busy.
  testInfo.setTimeout(60_000);
  await page.setViewportSize(testInfo.project.name === "phone" ? { width: 390, height: 844 } : { width: 1280, height: 800 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  // The brand faces are drawn from the second page on, once their files are cached (ADR 0082): visit one first.
  await page.goto(at("/terms"));
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, BRAND_FONTS_KEY);
});

/** A path on this spec's own server. */
const at = (pathAndQuery: string) => `${server.url}${pathAndQuery}`;

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  // The brand faces, added from the cache before the first layout (ADR 0082), then loaded.
  await expect
    .poll(() =>
      page.evaluate(
        () => [...document.fonts].filter((face) => ["Inter Variable", "Barlow Condensed"].includes(face.family.replaceAll('"', ""))).length,
      ),
    )
    .toBe(2);
  await page.evaluate(async () => {
    await Promise.all([...document.fonts].map((face) => face.load().catch(() => null)));
    await document.fonts.ready;
    // Every picture in the first screenful drawn (lazy ones below it do not count).
    await Promise.all(
      [...document.images]
        .filter((image) => image.getBoundingClientRect().top < window.innerHeight && !image.complete)
        .map((image) => new Promise((resolve) => image.addEventListener("load", resolve, { once: true }))),
    );
  });
}

async function expectLook(page: Page, name: string, masks: Locator[] = []) {
  await settle(page);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    animations: "disabled",
    caret: "hide",
    scale: "css",
    maxDiffPixelRatio: 0.002,
    mask: [page.locator("footer p", { hasText: "©" }), ...masks],
  });
}

async function withCart(page: Page) {
  await page.goto(at("/terms"));
  await page.evaluate(
    ([key, cart]) => localStorage.setItem(key!, cart!),
    [
      CART_KEY,
      JSON.stringify({
        items: [
          { id: 1, selectedSize: "One Size", quantity: 1 },
          { id: 8, selectedSize: "M", quantity: 2 },
        ],
      }),
    ],
  );
}

const publicPages: Array<[name: string, path: string]> = [
  ["home", "/"],
  ["team", "/team"],
  ["calendar", "/calendar"],
  ["news", "/news"],
  ["report", REPORT],
  ["store", "/store"],
  ["product", PRODUCT],
  ["login", "/login"],
  ["not-found", "/no-such-page"],
];

for (const [name, pagePath] of publicPages) {
  test(`${name} looks as it did`, async ({ page }) => {
    await page.goto(at(pagePath));
    await expectLook(page, name);
  });
}

test("cart and checkout look as they did", async ({ page }) => {
  await withCart(page);
  await page.goto(at("/cart"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectLook(page, "cart");
  await page.goto(at("/checkout"));
  await expectLook(page, "checkout");
});

test("the open phone menu looks as it did", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the menu button shows below 1280 px");
  await page.goto(at("/news"));
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.locator("#mobile-menu")).toBeVisible();
  await expectLook(page, "menu-open");
});

test("dashboard and security settings look as they did", async ({ page }) => {
  await page.goto(at("/login?mode=create"));
  const form = page.locator("main form");
  await form.getByLabel("Full Name").fill("Vera Visual");
  await form.getByLabel("Email", { exact: true }).fill(`vera.visual.${test.info().project.name}@example.com`);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();
  await signInAfterSignUp(page, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/team$/);
  await page.goto(at("/dashboard"));
  await expectLook(page, "dashboard");
  await page.goto(at("/dashboard/security"));
  // When the sessions were made changes from run to run.
  const sessions = page.locator("section", { has: page.getByRole("heading", { name: "Active Sessions" }) }).getByRole("listitem");
  await expectLook(page, "security", [sessions]);
});
