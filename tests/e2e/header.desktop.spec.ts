import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { uniqueEmail } from "../support/e2e-server";
import { expectNoSeriousViolations } from "../support/page-checks";
import { signInAfterSignUp } from "../support/sign-up";

const MORE_PAGES = ["Female Side", "Podcast", "Partner Packages"];

test.describe("desktop navigation", () => {
  test("lists the eight sections in order", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "Team", "Calendar", "News", "Gallery", "Store", "Partners", "Contact"]);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });
});

/** elementFromPoint at the centre of the element is the element or inside it: on screen and on top. */
async function expectHittable(locator: Locator) {
  const hit = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
  expect(hit, (await locator.textContent()) ?? undefined).toBe(true);
}

/** Everything the header shows sits on one row inside the screen, no two things overlapping. */
async function expectHeaderOnOneRow(page: Page) {
  const boxes = await page
    .locator("header")
    .first()
    .evaluate((header) => {
      const headerBox = header.getBoundingClientRect();
      return {
        header: { top: headerBox.top, bottom: headerBox.bottom },
        viewport: document.documentElement.clientWidth,
        items: [...header.querySelectorAll<HTMLElement>("a, button")]
          .filter((element) => element.getClientRects().length > 0 && !element.closest("[popover]"))
          .map((element) => {
            const box = element.getBoundingClientRect();
            return {
              name: element.textContent?.trim() || element.getAttribute("aria-label"),
              left: box.left,
              right: box.right,
              top: box.top,
              bottom: box.bottom,
            };
          }),
      };
    });
  expect(boxes.items.length).toBeGreaterThan(2);
  if (boxes.viewport >= 1280) expect(boxes.items.map((item) => item.name)).toContain("More");
  const sorted = [...boxes.items].sort((a, b) => a.left - b.left);
  for (const [index, item] of sorted.entries()) {
    expect(item.left, `${item.name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(item.right, `${item.name} ends on screen`).toBeLessThanOrEqual(boxes.viewport);
    expect(item.top, `${item.name} is inside the header`).toBeGreaterThanOrEqual(boxes.header.top);
    expect(item.bottom, `${item.name} is inside the header`).toBeLessThanOrEqual(boxes.header.bottom);
    const next = sorted[index + 1];
    if (next) expect(item.right, `${item.name} does not overlap ${next.name}`).toBeLessThanOrEqual(next.left + 0.5);
  }
}

test.describe("the pages beyond the eight (Female Side, Podcast, Partner Packages)", () => {
  test("are under More at 1280 px, and a keyboard reaches them", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const more = nav.getByRole("button", { name: "More" });
    await expect(more).toBeVisible();
    for (const name of MORE_PAGES) await expect(nav.getByRole("link", { name })).toBeHidden();

    await nav.getByRole("link", { name: "Contact" }).focus();
    await page.keyboard.press("Tab");
    await expect(more).toBeFocused();
    await page.keyboard.press("Enter");
    for (const name of MORE_PAGES) {
      await page.keyboard.press("Tab");
      const link = nav.getByRole("link", { name });
      await expect(link).toBeFocused();
      await expect(link).toBeVisible();
      await expectHittable(link);
    }
    await expectNoSeriousViolations(page);

    await page.keyboard.press("Escape");
    for (const name of MORE_PAGES) await expect(nav.getByRole("link", { name })).toBeHidden();
    await expect(more).toBeFocused();

    await page.keyboard.press("Enter");
    await nav.getByRole("link", { name: "Podcast" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/podcast$/);
    // A new page closes the list; the button says where the visitor is, as the bar's links do.
    await expect(nav.getByRole("link", { name: "Podcast" })).toBeHidden();
    await expect(more).toHaveCSS("color", "rgb(255, 107, 94)");
  });

  test("open with a click and close with a click elsewhere", async ({ page }) => {
    await page.goto("/team");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "More" }).click();
    await expect(nav.getByRole("link", { name: "Female Side" })).toBeVisible();
    await page.mouse.click(640, 500);
    await expect(nav.getByRole("link", { name: "Female Side" })).toBeHidden();
    await nav.getByRole("button", { name: "More" }).click();
    await nav.getByRole("link", { name: "Partner Packages" }).click();
    await expect(page).toHaveURL(/\/partner-packages$/);
    await expect(nav.getByRole("link", { name: "Partner Packages" })).toBeHidden();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("More still opens and its links work", async ({ page }) => {
      await page.goto("/calendar");
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("button", { name: "More" }).click();
      await nav.getByRole("link", { name: "Female Side" }).click();
      await expect(page).toHaveURL(/\/female-side$/);
    });
  });
});

test("the header fits one row at 1024 and 1280 px, signed out and signed in", async ({ page }) => {
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    await expectHeaderOnOneRow(page);
  }
  await page.goto("/login?mode=create");
  const form = page.locator("main form");
  await form.getByLabel("Full Name").fill("Hannah Header");
  await form.getByLabel("Email", { exact: true }).fill(uniqueEmail("header"));
  await form.getByLabel("Password", { exact: true }).fill("correct horse battery staple");
  await form.getByRole("button", { name: "Create Account" }).click();
  await signInAfterSignUp(page, "correct horse battery staple");
  await expect(page).toHaveURL(/\/dashboard\/team$/);
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/partners");
    await expectHeaderOnOneRow(page);
  }
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
});

test("a keyboard user can skip to the content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
});
