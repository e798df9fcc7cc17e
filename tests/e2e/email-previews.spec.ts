import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { openBackOfficeMenu } from "../support/back-office-menu";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import type { PreparedStaff } from "../support/prepared-staff";

/*
 * The back office's e-mail previews as an editor (not the shop role: every staff member may
 * look) reaches them, at phone (390 px) and desktop width: the menu's E-mails link, the list,
 * a message's HTML in its sandboxed frame (seen, not covered), the width switch by keyboard,
 * and the text part.
 */

let desk: DeskSite;
let staff: PreparedStaff;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({
    site: desk,
    staff: [staff],
  } = await startDeskSite({ staff: [{ email: "eddie.editor@example.com", roles: ["editor"] }] }));
});

test.afterAll(async () => {
  await desk?.close();
});

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

/** The frame is what a person sees where it shows (inside its scrolling box): nothing of the page lies over it. */
async function expectFrameOnTop(page: Page) {
  const frame = page.getByTestId("email-frame");
  await frame.scrollIntoViewIfNeeded();
  await expect(frame).toBeVisible();
  const hit = await frame.evaluate((element) => {
    const own = element.getBoundingClientRect();
    const box = element.parentElement!.getBoundingClientRect();
    const left = Math.max(own.left, box.left, 0);
    const right = Math.min(own.right, box.right, window.innerWidth);
    const x = (left + right) / 2;
    const y = Math.min(own.top + 40, window.innerHeight - 10);
    return document.elementFromPoint(x, y) === element;
  });
  expect(hit).toBe(true);
}

test("an editor opens the e-mail previews from the menu and reads a message at both widths, HTML and text", async ({ page }) => {
  // Two axe runs and a desk site of its own: slow on a loaded two-core machine.
  test.setTimeout(240_000);
  await openAsStaff(page, desk, staff, "/admin");
  const nav = await openBackOfficeMenu(page);
  await nav.getByRole("link", { name: "E-mails" }).click();
  await expect(page).toHaveURL(/\/admin\/emails$/);
  await expect(page.getByRole("heading", { level: 1, name: "E-mails" })).toBeVisible();
  for (const group of ["Customers", "Account holders", "Newsletter", "Partners", "The team"])
    await expect(page.getByRole("heading", { level: 2, name: group })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  await page.getByRole("link", { name: /^Order not paid in time/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Order not paid in time" })).toBeVisible();
  await expect(page.getByText(/^Your Ridgeway Racing order RR-\w+ was not completed$/)).toBeVisible();
  await expectFrameOnTop(page);
  // The message itself, inside its frame (which runs no script).
  const email = page.frameLocator('[data-testid="email-frame"]');
  await expect(email.getByRole("heading", { name: "Your order was not completed" })).toBeVisible();
  await expect(email.getByRole("link", { name: "Go to your basket" })).toHaveAttribute("href", `${desk.url}/cart`);
  await expect(page.getByTestId("email-frame")).toHaveAttribute("sandbox", "allow-same-origin");
  // The logo, a PNG from the site itself, loads inside the sandbox.
  await expect
    .poll(() =>
      email
        .locator("img")
        .first()
        .evaluate((image) => (image as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(page.getByTestId("email-text")).toContainText(`Go to your basket ${desk.url}/cart`);

  // The width switch, by keyboard: focus reaches it by Tab, Enter changes the frame's width.
  const phoneWidth = page.getByRole("link", { name: "Phone (390 px)" });
  await page.getByRole("link", { name: "All e-mails" }).focus();
  for (let presses = 0; presses < 10 && !(await phoneWidth.evaluate((link) => link === document.activeElement)); presses++)
    await page.keyboard.press("Tab");
  await expect(phoneWidth).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\?width=390$/);
  await expect(phoneWidth).toHaveAttribute("aria-current", "page");
  await expect.poll(async () => Math.round((await page.getByTestId("email-frame").boundingBox())!.width)).toBe(390);
  await expectFrameOnTop(page);
  await page.getByRole("link", { name: "Desktop (700 px)" }).click();
  await expect(page).toHaveURL(/\?width=700$/);
  await expect.poll(async () => Math.round((await page.getByTestId("email-frame").boundingBox())!.width)).toBe(700);
  // The preview page itself, at both widths. axe cannot run inside the e-mail's frame (it allows
  // no script, so axe's injection into it never returns); the message's own markup is the e-mail
  // layout's, checked by its render tests.
  await expectNoSeriousViolations(page, { exclude: '[data-testid="email-frame"]' });
  // At 390 px the 700 px frame scrolls inside its own box; the page does not.
  await expectNoSidewaysScroll(page);
});

test("every message in the list opens a preview with its frame and text part", async ({ page }) => {
  test.setTimeout(120_000);
  await openAsStaff(page, desk, staff, "/admin/emails");
  // The address changes as the sign-in's redirect starts; the list is there once the page shows it.
  await expect(page.getByRole("heading", { level: 1, name: "E-mails" })).toBeVisible();
  await expect(page.locator('main a[href^="/admin/emails/"]').first()).toBeVisible();
  const hrefs = await page
    .locator('main a[href^="/admin/emails/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  expect(hrefs.length).toBeGreaterThanOrEqual(16);
  for (const href of hrefs) {
    await page.goto(`${desk.url}${href}`);
    await expect(page.getByTestId("email-frame"), href).toBeVisible();
    await expect(page.frameLocator('[data-testid="email-frame"]').locator("h1"), href).toBeVisible();
    await expect(page.getByTestId("email-text"), href).toContainText("You receive this because");
  }
});

/** Each element's layout-deciding styles in the back office's main area, as the eye would see them. */
const layoutOf = (page: Page) =>
  page.locator("main").evaluate((main) =>
    [main, ...main.querySelectorAll("*")].map((element) => {
      const style = getComputedStyle(element);
      return `${element.tagName} ${style.display} ${style.position} ${style.flexDirection} ${style.gridTemplateColumns}`;
    }),
  );

test("the back office looks the same after a visit to the site and back without a page load (ADR 0080)", async ({ page }) => {
  test.setTimeout(180_000);
  await openAsStaff(page, desk, staff, "/admin/emails");
  await expect(page.getByRole("heading", { level: 1, name: "E-mails" })).toBeVisible();
  const before = await layoutOf(page);

  // To the home page through the header's logo and back through history: React Router moves
  // between them in the page, and React keeps every stylesheet it has inserted.
  await page.getByRole("link", { name: "Ridgeway Racing home" }).click();
  await expect(page).toHaveURL(`${desk.url}/`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "E-mails" })).toBeVisible();

  const sheets = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname),
  );
  const publicSheet = sheets.findIndex((href) => /\/app-[\w-]+\.css$/.test(href));
  const backOfficeSheet = sheets.findIndex((href) => /\/admin-[\w-]+\.css$/.test(href));
  expect(publicSheet, sheets.join(" ")).toBeGreaterThanOrEqual(0);
  expect(backOfficeSheet, sheets.join(" ")).toBeGreaterThan(publicSheet);
  expect(await layoutOf(page)).toEqual(before);
});
