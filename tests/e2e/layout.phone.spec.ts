import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { PUBLIC_ROUTES } from "../support/public-routes";

/*
 * Layout assertions that look at the screen, not the DOM (issue 16): no public page is wider than
 * a narrow screen, and no caption sits over the picture it names. The open menu's coverage is in
 * mobile-menu.phone.spec.ts; the look itself in visual.spec.ts.
 */

async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits = [...document.querySelectorAll("body *")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && getComputedStyle(element).position !== "fixed";
      })
      // The innermost offenders say where to look; a scroller's own overflow (a carousel) is not the page's.
      .filter((element) => !element.closest("[class*='overflow-x-auto']"))
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join(".")}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, culprits };
  });
}

/**
 * Two lines in the cart (the cart and checkout are at their widest with lines in them), and the
 * brand fonts cached so every later page is drawn in them (ADR 0082), wider than the fallbacks.
 */
async function fillTheCartAndLoadTheFonts(page: Page) {
  await page.goto("/terms");
  await page.waitForFunction(() => localStorage.getItem("brand-fonts") !== null);
  const cart = {
    items: [
      { id: 1, selectedSize: "One Size", quantity: 1 },
      { id: 8, selectedSize: "M", quantity: 2 },
    ],
  };
  await page.evaluate((value) => localStorage.setItem("ridgeway-racing-cart", value), JSON.stringify(cart));
}

// 320 px is WCAG 1.4.10's reflow width (a 1280 px screen zoomed to 400%).
for (const width of [320, 390, 768]) {
  test(`no public page is wider than a ${width} px screen`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await fillTheCartAndLoadTheFonts(page);
    for (const path of PUBLIC_ROUTES) {
      await page.goto(path);
      await page.waitForLoadState("load");
      await page.evaluate(() => document.fonts.ready);
      const { scrollWidth, culprits } = await sidewaysOverflow(page);
      expect(scrollWidth, `${path} at ${width} px: ${culprits.join(", ")}`).toBeLessThanOrEqual(width);
    }
  });
}

/** Boxes of two elements overlap (by more than a pixel of rounding). */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
}

for (const width of [390, 1280]) {
  test(`at ${width} px a team tile's name and role sit beside its portrait, never over it`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/team");
    const tiles = page.locator("main li button[aria-controls]").filter({ has: page.locator("video") });
    expect(await tiles.count()).toBeGreaterThanOrEqual(7);
    for (const tile of await tiles.all()) {
      await tile.scrollIntoViewIfNeeded();
      const picture = (await tile.locator("video").boundingBox())!;
      const caption = tile.locator(":scope > span").last();
      const text = (await caption.boundingBox())!;
      await expect(caption).toBeVisible();
      expect(overlaps(picture, text), `${await caption.textContent()} overlaps its portrait`).toBe(false);
    }
  });
}

test("a gallery caption is beneath its picture, not over it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/gallery");
  const figures = page.getByRole("main").getByRole("figure");
  await expect(figures).toHaveCount(12);
  for (const figure of await figures.all()) {
    const picture = (await figure.getByRole("img").boundingBox())!;
    const caption = (await figure.locator("figcaption").boundingBox())!;
    expect(overlaps(picture, caption)).toBe(false);
  }
});
