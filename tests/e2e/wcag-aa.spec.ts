import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";

/*
 * The WCAG 2.2 AA fixes that axe cannot see: moving content that can be paused, the cart at
 * 320 px, heading names, the sign-up page's title and errors, focus not hidden under the fixed
 * header, partner logos that act as buttons and the Mission and Values disclosures. Each asserts
 * what a person sees or does: bounding boxes, what is under a point, what a key does. Every page
 * at 320 px is in layout.phone.spec.ts, text spacing in text-spacing.spec.ts, whole keyboard
 * journeys in keyboard-journeys.spec.ts and the accessibility tree in accessibility-tree.spec.ts.
 */

const CART_KEY = "ridgeway-racing-cart";

/** Two lines in the cart, and the brand fonts cached so every later page is drawn in them (ADR 0082). */
async function putTwoItemsInTheCart(page: Page) {
  await page.goto("/terms");
  await page.waitForFunction(() => localStorage.getItem("brand-fonts") !== null);
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

/** Whether the middle of `target` is what a click there would reach (nothing drawn over it). */
async function isOnTop(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

/** Blurs whatever has focus and moves the pointer off the page, so nothing pauses by hover or focus. */
async function lookAway(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
}

test.describe("moving content can be paused (2.2.2)", () => {
  test("the hero's slides stop on Pause slides and move on again on Play slides", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const hero = page.getByRole("region", { name: "Latest race reports" });
    const dots = hero.getByRole("button", { name: /^Show slide/ });
    const pause = hero.getByRole("button", { name: "Pause slides" });
    await expect(pause).toBeInViewport();
    expect(await isOnTop(pause)).toBe(true);

    await pause.click();
    await lookAway(page);
    await page.clock.runFor(13_000);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");

    await hero.getByRole("button", { name: "Play slides" }).click();
    await lookAway(page);
    await page.clock.runFor(6_100);
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  });

  test("the team clips stop on Pause clips and do not start again by themselves", async ({ page }) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const team = page.locator("section", { has: page.getByRole("heading", { name: "Our Team", exact: true }) });
    await team.scrollIntoViewIfNeeded();
    const videos = team.locator("video");
    await expect(videos.first()).toBeAttached();
    // The clips start one after another; wait until one is playing.
    await expect
      .poll(() => videos.evaluateAll((all) => all.some((video) => !(video as HTMLVideoElement).paused)), { timeout: 15_000 })
      .toBe(true);

    const pause = team.getByRole("button", { name: "Pause clips" });
    await pause.click();
    expect(await isOnTop(team.getByRole("button", { name: "Play clips" }))).toBe(true);
    const stillAll = () => videos.evaluateAll((all) => all.every((video) => (video as HTMLVideoElement).paused));
    await expect.poll(stillAll).toBe(true);
    // Longer than a clip's hold before it plays again.
    await page.waitForTimeout(4_000);
    expect(await stillAll()).toBe(true);
  });

  test("with reduced motion nothing moves, so there is nothing to pause", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("button", { name: /^(Pause|Play) (slides|clips|strip)$/ })).toHaveCount(0);
  });
});

test.describe("reflow at 320 px (1.4.10)", () => {
  test("the cart's Remove buttons are on screen at 320 px", async ({ page }) => {
    await putTwoItemsInTheCart(page);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/cart");
    await page.evaluate(() => document.fonts.ready);
    const remove = page.getByRole("button", { name: /^Remove/ });
    await expect(remove).toHaveCount(2);
    for (const button of await remove.all()) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    }
  });
});

test("every round on the calendar is a heading with the round's name (1.3.1, 2.4.6)", async ({ page }) => {
  await page.goto("/calendar");
  const rounds = page.getByRole("heading", { level: 4, name: /^Round \d+, / });
  await expect(rounds).toHaveCount(9);
  await expect(page.getByRole("heading", { level: 4, name: /Silverstone/ }).first()).toBeVisible();
  // Each heading still holds the button that opens its round.
  await expect(rounds.first().getByRole("button")).toHaveAttribute("aria-expanded", "false");
});

test.describe("sign-in and create account (2.4.2, 3.3.1)", () => {
  test("the page's title says which form it is", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveTitle(/^Sign In/);
    await page.goto("/login?mode=create");
    await expect(page).toHaveTitle(/^Create Account/);
  });

  test("a refused password is marked on the password field and described by the error", async ({ page }) => {
    await page.goto("/login?mode=create");
    await page.waitForLoadState("networkidle");
    const form = page.locator("main form");
    await form.getByLabel("Full Name").fill("Pat Password");
    await form.getByLabel("Email", { exact: true }).fill(`pat.password.${test.info().project.name}@example.com`);
    const password = form.getByLabel("Password", { exact: true });
    await password.fill("password123");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription(/commonly used/);
    await expect(page.getByRole("alert")).toContainText("commonly used");
    await expect(password).toBeFocused();
  });
});

test("a driver opened from the home page keeps its card in sight below the header (2.4.11)", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const drivers = page.locator("section", { has: page.getByRole("heading", { name: "Our Drivers", exact: true }) });
  const card = drivers.getByRole("button", { name: /Oliver Hartley F3A Driver/ });
  // Focus fetches the driver's detail; opened once it is here, the tall detail is drawn at once.
  const fetched = page.waitForResponse((response) => response.url().endsWith("/api/drivers/oliver-hartley"));
  await card.focus();
  await fetched;
  await page.keyboard.press("Enter");
  await expect(page.locator("#home-driver-detail")).toContainText("Oliver Hartley");
  await expect(card).toBeFocused();
  // Whatever scrolled, the focused card is below the header and nothing covers it.
  await expect.poll(() => isOnTop(card)).toBe(true);
  const header = (await page.locator("body > div header, header").first().boundingBox())!;
  const box = (await card.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
});

test("a partner logo is a button: Space opens the partner's details without scrolling (4.1.2)", async ({ page }) => {
  await page.goto("/partners");
  await page.waitForLoadState("networkidle");
  const logos = page.getByRole("list", { name: "Partner logos" });
  const first = logos.getByRole("button").first();
  await first.focus();
  const before = await page.evaluate(() => window.scrollY);
  await page.keyboard.press("Space");
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(first).toBeFocused();
});

test("without JavaScript a partner logo still leads to the partner's card", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(new URL("/partners", test.info().project.use.baseURL).toString());
  const first = page.getByRole("list", { name: "Partner logos" }).getByRole("link").first();
  const target = (await first.getAttribute("href"))!;
  expect(target).toMatch(/^#./);
  await first.click();
  await expect(page.locator(target)).toBeInViewport();
  await context.close();
});

test("Mission and Values open and close alike by mouse and keyboard", async ({ page }) => {
  await page.goto("/");
  const mission = page.locator("details", { has: page.locator("summary", { hasText: "Our Mission" }) });
  const summary = mission.locator("summary");
  await summary.scrollIntoViewIfNeeded();
  await expect(mission).toHaveAttribute("open");
  const box = (await summary.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(mission).not.toHaveAttribute("open");
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(mission).toHaveAttribute("open");
});

test("the footer links to the accessibility statement", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Accessibility" }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Accessibility/);
  await expect(page.getByRole("main")).toContainText("WCAG 2.2");
});
