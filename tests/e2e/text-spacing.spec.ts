import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { PUBLIC_ROUTES } from "../support/public-routes";

/*
 * WCAG 1.4.12 text spacing on every public page, at 390 and 1280 px: with the spacing a reader's
 * own style sheet may set (the text-spacing bookmarklet's), no text is cut off by a box that
 * hides what overflows it, and the page does not scroll sideways.
 */

/** The text-spacing bookmarklet's overrides: the WCAG 1.4.12 minimums. */
const TEXT_SPACING_CSS = `* {
  line-height: 1.5 !important;
  letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important;
}
p { margin-bottom: 2em !important; }`;

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
  // The home page's merchandise strip moves by hiding the part of its track out of sight, which
  // is not text cut off; with reduced motion it is still and scrolls, and every card is checked.
  await page.emulateMedia({ reducedMotion: "reduce" });
  // The brand fonts cached, so every page is drawn in them from the start (ADR 0082).
  await page.goto("/terms");
  await page.waitForFunction(() => localStorage.getItem("brand-fonts") !== null);
});

/**
 * Text cut off with the spacing applied: every drawn element holding text whose box hides what
 * overflows it (overflow hidden or clip, an ellipsis, a line clamp) must hold all of it.
 */
function clippedText(page: Page) {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      const style = getComputedStyle(element);
      const hides = (value: string) => value === "hidden" || value === "clip";
      const clamps = style.webkitLineClamp !== "none" && style.webkitLineClamp !== "";
      if (!hides(style.overflowX) && !hides(style.overflowY) && style.textOverflow !== "ellipsis" && !clamps) continue;
      const text = element.textContent?.replace(/\s+/g, " ").trim() ?? "";
      if (!text || element.closest("[aria-hidden=true], [inert]")) continue;
      // Visually hidden text (the sr-only pattern: clipped to nothing) is for screen readers only.
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || style.clipPath === "inset(50%)" || !element.checkVisibility({ visibilityProperty: true }))
        continue;
      const wide = element.scrollWidth > element.clientWidth + 1 && (hides(style.overflowX) || style.textOverflow === "ellipsis");
      const tall = element.scrollHeight > element.clientHeight + 1 && (hides(style.overflowY) || clamps);
      if (!wide && !tall) continue;
      const what = `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 4).join(".")}`;
      const by = [
        wide && `${element.scrollWidth - element.clientWidth} px wide`,
        tall && `${element.scrollHeight - element.clientHeight} px tall`,
      ].filter(Boolean);
      clipped.push(`${what} "${text.slice(0, 40)}" (${by.join(", ")})`);
    }
    return clipped;
  });
}

test("no public page cuts off text or scrolls sideways with WCAG text spacing", async ({ page }) => {
  test.setTimeout(150_000);
  const found: string[] = [];
  let checked = 0;
  for (const route of PUBLIC_ROUTES) {
    await page.goto(route);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => document.fonts.ready);
    await page.addStyleTag({ content: TEXT_SPACING_CSS });
    // The overrides are in force (so a page with nothing cut off has been checked with them). Read
    // again until they are: on a loaded CI machine a phone's first read once still had the page's own.
    await expect
      .poll(
        () =>
          page
            .locator("main p")
            .first()
            .evaluate((p) => parseFloat(getComputedStyle(p).lineHeight) / parseFloat(getComputedStyle(p).fontSize)),
        { message: route, timeout: 5_000 },
      )
      .toBeCloseTo(1.5, 1);
    checked += 1;
    found.push(...(await clippedText(page)).map((line) => `${route}: ${line}`));
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (sideways > 0) found.push(`${route}: scrolls ${sideways} px sideways`);
  }
  expect(checked).toBe(PUBLIC_ROUTES.length);
  expect(found).toEqual([]);
});

/** The tiles the issue found cut off: each name and role within its tile, and its tile's box. */
test("team tile names are not clipped with WCAG text spacing (1.4.12)", async ({ page }) => {
  const clipped: string[] = [];
  for (const route of ["/", "/team", "/female-side"]) {
    await page.goto(route);
    await page.evaluate(() => document.fonts.ready);
    await page.addStyleTag({ content: TEXT_SPACING_CSS });
    const found = await page.evaluate(() => {
      const lines: string[] = [];
      const checked = document.querySelectorAll("main h1, main h2, main h3, main figcaption > span, main button > span > span");
      for (const element of checked) {
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || element.closest("[aria-hidden=true], [inert]")) continue;
        // Text that runs past its own box, or past an ancestor that hides what overflows it.
        if (element.scrollWidth > element.clientWidth + 1) lines.push(element.textContent!.trim());
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX === "visible" && style.overflowY === "visible") continue;
          if (style.overflowX !== "visible" && style.overflowX !== "auto" && style.overflowX !== "scroll") {
            const edge = parent.getBoundingClientRect();
            if (box.left < edge.left - 1 || box.right > edge.right + 1) lines.push(element.textContent!.trim());
          }
          if (style.overflowY !== "visible" && style.overflowY !== "auto" && style.overflowY !== "scroll") {
            const edge = parent.getBoundingClientRect();
            if (box.top < edge.top - 1 || box.bottom > edge.bottom + 1) lines.push(element.textContent!.trim());
          }
          break;
        }
      }
      return lines;
    });
    clipped.push(...found.map((text) => `${route}: ${text}`));
  }
  expect(clipped).toEqual([]);
});
