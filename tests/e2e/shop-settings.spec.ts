import { expect, type Browser, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { uniqueEmail } from "../support/e2e-server";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import type { PreparedStaff } from "../support/prepared-staff";
import { signInAfterSignUp } from "../support/sign-up";

/*
 * The shop's rules as staff set them and shoppers meet them, at phone (390 px) and desktop
 * width: a promo code made at /admin/promotions works in the cart; a delivery price set at
 * /admin/delivery is what the cart charges; a customer keeps their addresses at
 * /dashboard/addresses. A bad value gets its message and keeps what was typed. A site of this
 * file's own (tests/support/desk-site.ts).
 */

const CART_KEY = "ridgeway-racing-cart";
let desk: DeskSite;
let staff: PreparedStaff;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({
    site: desk,
    staff: [staff],
  } = await startDeskSite({ staff: [{ email: "sam.shop@example.com", roles: ["shop"] }] }));
});

test.afterAll(async () => {
  await desk?.close();
});

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

/** A visitor's cart page holding one £25 cap (product 1). */
async function visitorCart(browser: Browser): Promise<Page> {
  const visitor = await (await browser.newContext(test.info().project.use)).newPage();
  await visitor.goto(`${desk.url}/terms`);
  await visitor.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [CART_KEY, JSON.stringify({ items: [{ id: 1, selectedSize: "One Size", quantity: 1 }] })],
  );
  await visitor.goto(`${desk.url}/cart`);
  await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
  return visitor;
}

test("a promo code made at the desk takes its discount in a shopper's cart", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await openAsStaff(page, desk, staff, "/admin/promotions");
  await expect(page.getByRole("heading", { level: 1, name: "Promotions" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  await page.getByRole("link", { name: "New promo code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New promo code" })).toBeVisible();
  // A percentage with no figure: told what to fix, and the typed code stays.
  await page.getByRole("textbox", { name: /^Code/ }).fill("PADDOCK15");
  await page.getByRole("button", { name: "Create promo code" }).click();
  await expect(page.getByText(/1 to 100/).first()).toBeVisible();
  await expect(page.getByRole("textbox", { name: /^Code/ })).toHaveValue("PADDOCK15");
  await expectNoSeriousViolations(page);

  await page.getByLabel("Percentage off").fill("15");
  await page.getByRole("checkbox", { name: /Active/ }).check();
  await page.getByRole("button", { name: "Create promo code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "PADDOCK15" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Created." })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  const visitor = await visitorCart(browser);
  await visitor.getByRole("textbox", { name: "Promo code" }).fill("paddock15");
  await visitor.getByRole("button", { name: "Apply" }).click();
  const summary = visitor.getByTestId("order-summary");
  await expect(summary).toContainText("Discount (PADDOCK15, 15% off)");
  await expect(summary).toContainText("−£3.75");
});

test("a delivery price set at the desk is what the cart charges", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await openAsStaff(page, desk, staff, "/admin/delivery");
  await expect(page.getByRole("heading", { level: 1, name: "Delivery" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  const price = page.getByLabel("Delivery price (£)");
  await price.fill("four pounds");
  await page.getByRole("button", { name: "Save delivery settings" }).click();
  await expect(price).toHaveAttribute("aria-invalid", "true");
  await expect(price).toHaveValue("four pounds");
  await expectNoSeriousViolations(page);

  await price.fill("4.50");
  await page.getByLabel("Free delivery over (£, optional)").fill("");
  await page.getByRole("button", { name: "Save delivery settings" }).click();
  await expect(page.getByRole("status").first()).toBeVisible();
  await expect(page.getByLabel("Delivery price (£)")).toHaveValue("4.50");

  const visitor = await visitorCart(browser);
  await expect(visitor.getByTestId("order-summary")).toContainText("£4.50");
  await expect(visitor.getByTestId("order-total")).toHaveText("£29.50");
});

test("a customer adds an address, is told what is missing, and removes it", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${desk.url}/login?mode=create`);
  const signUp = page.locator("main form");
  await signUp.getByLabel("Full Name").fill("Alex Buyer");
  await signUp.getByLabel("Email", { exact: true }).fill(uniqueEmail("addresses"));
  await signUp.getByLabel("Password", { exact: true }).fill("a long and unusual password");
  await signUp.getByRole("button", { name: "Create Account" }).click();
  await signInAfterSignUp(page, "a long and unusual password");
  await expect(page).toHaveURL(/\/dashboard\//);

  await page.goto(`${desk.url}/dashboard/addresses`);
  await expect(page.getByRole("heading", { level: 1, name: "My Addresses" })).toBeVisible();
  await expect(page.getByText("No saved addresses yet.")).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  const form = page.locator("section", { has: page.getByRole("heading", { name: "Add an address" }) });
  await form.getByLabel("Recipient Name").fill("Alex Buyer");
  await form.getByLabel("Town or City").fill("Silverstone");
  await form.getByRole("button", { name: "Save address" }).click();
  await expect(form.getByLabel("Address Line 1")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Recipient Name")).toHaveValue("Alex Buyer");
  await expectNoSeriousViolations(page);

  await form.getByLabel("Address Line 1").fill("1 Pit Lane");
  await form.getByLabel("Postcode").fill("NN12 8TN");
  await form.getByRole("button", { name: "Save address" }).click();
  const saved = page.locator("address").filter({ hasText: "1 Pit Lane" });
  await expect(saved).toBeVisible();
  await expect(saved).toContainText("NN12 8TN");
  await expectNoSidewaysScroll(page);

  await page.getByRole("button", { name: "Remove Alex Buyer, 1 Pit Lane" }).click();
  await expect(page.getByText("No saved addresses yet.")).toBeVisible();
});
