import { expect, type Page } from "@playwright/test";
import { uniqueEmail } from "../support/e2e-server";
import { expectKeyStopShown, pressAndCheck, tabTo, typeAndCheck } from "../support/focus-checks";
import { test } from "../support/hydrated-test";

/*
 * Whole journeys with the keyboard alone (issue 22), on the phone and the desktop: only
 * page.keyboard moves focus or presses anything, and after every key the focused element is
 * checked (tests/support/focus-checks.ts): not <body>, drawn, in the window, not under the fixed
 * header, with a focus outline. Each page is left to hydrate first (networkidle): a key before
 * that is pressed on server HTML that the page's scripts have not yet taken over.
 */

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

/** Moves to a field with Tab and types into it, checking focus at every key. */
async function tabAndType(page: Page, field: ReturnType<Page["getByLabel"]>, text: string) {
  await tabTo(page, field);
  await typeAndCheck(page, text);
  await expect(field).toHaveValue(text);
}

test("buy a cap with RIDGEWAY10 and the test card", async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("keyboard-buyer");
  await open(page, "/store/team-cap-red");
  const main = page.getByRole("main");

  await tabTo(page, main.getByRole("button", { name: "Add to Cart" }));
  await pressAndCheck(page, "Enter");
  await tabTo(page, main.getByRole("link", { name: "View cart" }));
  await pressAndCheck(page, "Enter");
  await expect(page).toHaveURL(/\/cart$/);
  await page.waitForLoadState("networkidle");

  const promo = page.getByRole("textbox", { name: "Promo code" });
  await tabAndType(page, promo, "RIDGEWAY10");
  await pressAndCheck(page, "Enter");
  await expect(page.getByTestId("order-summary")).toContainText("Discount (RIDGEWAY10, 10% off)");
  const total = (await page.getByTestId("order-total").textContent())!;

  await tabTo(page, page.getByRole("link", { name: "Proceed to Checkout" }));
  await pressAndCheck(page, "Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Secure Checkout" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await tabAndType(page, page.getByLabel("Full Name", { exact: true }), "Kay Board");
  await tabAndType(page, page.getByLabel("Email Address", { exact: true }), email);
  await tabAndType(page, page.getByLabel("Recipient Name"), "Kay Board");
  await tabAndType(page, page.getByLabel("Address Line 1"), "1 Pit Lane");
  await tabAndType(page, page.getByLabel("Town or City"), "Andover");
  await tabAndType(page, page.getByLabel("Postcode"), "SP11 8PW");
  await tabTo(page, page.getByRole("button", { name: "Proceed to Payment" }));
  await page.keyboard.press("Enter");

  // The test card page (app/routes/pay-test.tsx) stands in for the provider's.
  await expect(page).toHaveURL(/\/pay\/test\//);
  await page.waitForLoadState("networkidle");
  await expectKeyStopShown(page, "Proceed to Payment");
  await expect(page.getByTestId("pay-total")).toHaveText(total);
  await tabAndType(page, page.getByLabel("Card Number"), "4242 4242 4242 4242");
  await tabAndType(page, page.getByLabel("Expiry (MM/YY)"), "12/34");
  await tabAndType(page, page.getByLabel("CVC"), "123");
  await tabAndType(page, page.getByLabel("Name on Card"), "Kay Board");
  await tabTo(page, page.getByRole("button", { name: /^Pay £/ }));
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await expectKeyStopShown(page, "Pay");
  await expect(page.getByTestId("order-total")).toHaveText(total);
});

test("sign up for an account from the sign-in page", async ({ page }) => {
  test.setTimeout(90_000);
  await open(page, "/login");
  const form = page.locator("main form");
  await tabTo(page, page.getByRole("main").getByRole("link", { name: "Create Account" }));
  await pressAndCheck(page, "Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Account");

  await tabAndType(page, form.getByLabel("Full Name"), "Kay Board");
  await tabAndType(page, form.getByLabel("Email", { exact: true }), uniqueEmail("keyboard-signup"));
  await tabAndType(page, form.getByLabel("Password", { exact: true }), "a long and unusual password");
  // The role radios are one Tab stop; an arrow key moves the choice.
  await tabTo(page, form.getByRole("radio", { name: "Team Member" }));
  await pressAndCheck(page, "ArrowRight");
  await expect(form.getByRole("radio", { name: "Driver" })).toBeChecked();
  await pressAndCheck(page, "ArrowLeft");
  await expect(form.getByRole("radio", { name: "Team Member" })).toBeChecked();
  await tabTo(page, form.getByRole("button", { name: "Create Account" }));
  await page.keyboard.press("Enter");

  // A sign-up signs nobody in (ADR 0099): the notice takes the focus, and the sign-in form follows it.
  const notice = page.getByRole("status").filter({ hasText: "We've sent an e-mail to that address" });
  await expect(notice).toBeVisible();
  await tabAndType(page, form.getByLabel("Password", { exact: true }), "a long and unusual password");
  await tabTo(page, form.getByRole("button", { name: "Sign In" }));
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/dashboard\/team$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team Dashboard");
  await expectKeyStopShown(page, "Sign In");
});

test("open a round's details on the calendar and close them again", async ({ page }) => {
  await open(page, "/calendar");
  const round = page
    .getByRole("heading", { level: 4, name: /^Round \d+, / })
    .first()
    .getByRole("button");
  await tabTo(page, round, { most: 80 });
  await pressAndCheck(page, "Enter");
  await expect(round).toHaveAttribute("aria-expanded", "true");
  const details = page.getByRole("region", { name: /^Round \d+, / });
  await expect(details).toBeVisible();
  // Into the details and back (whatever they hold that takes focus), then closed with Space.
  await pressAndCheck(page, "Tab");
  await tabTo(page, round, { backwards: true, most: 20 });
  await pressAndCheck(page, "Space");
  await expect(round).toHaveAttribute("aria-expanded", "false");
  await expect(details).toHaveCount(0);
});

test("the phone menu opens, is moved through and closes with Escape", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the menu button is the phone's navigation");
  await open(page, "/news");
  const button = page.getByRole("button", { name: "Open menu" });
  await tabTo(page, button);
  await pressAndCheck(page, "Enter");
  const links = page.locator("#mobile-menu").getByRole("navigation", { name: "Mobile" }).getByRole("link");
  await expect(links.first()).toBeVisible();
  const count = await links.count();
  expect(count).toBeGreaterThanOrEqual(9);
  // Every link in turn, and back one.
  for (let index = 0; index < count; index++) {
    await tabTo(page, links.nth(index), { most: 3 });
  }
  await pressAndCheck(page, "Shift+Tab");
  await expect(links.nth(count - 2)).toBeFocused();
  await pressAndCheck(page, "Escape");
  await expect(page.locator("#mobile-menu")).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
});

test("a partner's dialog opens from its logo and closes with Escape, back on the logo", async ({ page }) => {
  await open(page, "/partners");
  const logo = page.getByRole("list", { name: "Partner logos" }).getByRole("button").first();
  await tabTo(page, logo, { most: 60 });
  await pressAndCheck(page, "Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  // Focus starts inside the dialog and Tab moves only through it (the page behind is inert; past
  // its last control the browser's own toolbar comes next, as in any native modal <dialog>).
  await expectKeyStopShown(page, "opening the dialog");
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  const website = dialog.getByRole("link", { name: /^Visit Website/ });
  for (let presses = 0; !(await website.evaluate((element) => element === document.activeElement)); presses++) {
    expect(presses, "Tab reaches the partner's website link").toBeLessThan(10);
    await pressAndCheck(page, "Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await pressAndCheck(page, "Escape");
  await expect(dialog).toBeHidden();
  await expect(logo).toBeFocused();
});
