import { expect } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { expectFocusShown } from "../support/focus-checks";
import { expectNoSeriousViolations } from "../support/page-checks";

test.describe("mobile menu", () => {
  test("locks page scrolling while open and closes on navigation", async ({ page }) => {
    await page.goto("/terms");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Cart (0)" })).toBeVisible();
    // The lock comes in the frame after the menu's first paint (ADR 0102).
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");

    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await menu.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
  });

  test("closes with the close button and with Escape", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await expect(page.locator("#mobile-menu")).toBeHidden();
  });
});

/**
 * What the eye sees, not only what the DOM holds: the panel once rendered inside the header,
 * whose backdrop blur made it the containing block of the fixed panel, so the menu collapsed to
 * a 56 px strip showing only "Home" while every other link was out of sight.
 */
for (const width of [320, 390, 768, 1024]) {
  test(`at ${width} px the open menu fills the screen and every link can be seen and tapped`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/news");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();

    const panel = await menu.boundingBox();
    const headerHeight = await page
      .locator("header")
      .first()
      .evaluate((header) => header.getBoundingClientRect().height);
    expect(panel).not.toBeNull();
    expect(panel!.x).toBe(0);
    expect(panel!.width).toBe(width);
    expect(panel!.y).toBeCloseTo(headerHeight, 0);
    expect(panel!.y + panel!.height).toBeCloseTo(844, 0);

    const links = menu.getByRole("navigation", { name: "Mobile" }).getByRole("link");
    expect(await links.count()).toBeGreaterThanOrEqual(9);
    for (const link of await links.all()) {
      // elementFromPoint at the link's centre must be the link (or inside it): visible, on screen, on top.
      const hit = await link.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        const onScreen = box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth;
        const top = document.elementFromPoint(x, y);
        return { onScreen, hit: top !== null && element.contains(top) };
      });
      expect(hit, `${await link.textContent()} at ${width} px`).toEqual({ onScreen: true, hit: true });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await links.filter({ hasText: "Calendar" }).click();
    await expect(page).toHaveURL(/\/calendar$/);
  });
}

test("the open menu has no serious accessibility violations", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.locator("#mobile-menu")).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("Escape from a link in the open menu hands focus back to the menu button", async ({ page }) => {
  await page.goto("/terms");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.keyboard.press("Tab");
  await expect(page.locator("#mobile-menu").getByRole("link", { name: "Home" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.locator("#mobile-menu")).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  await expectFocusShown(page);
});
