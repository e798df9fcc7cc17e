import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import type { PreparedStaff } from "../support/prepared-staff";
import { DELIVERY, fillDeliveryAddress } from "../support/e2e-address";
import { signInAfterSignUp } from "../support/sign-up";

/*
 * The shop desk's journey at phone (390 px) and desktop width: a signed-in customer buys a
 * T-shirt; shop staff find the order, pack it and ship it with a tracking number; the customer
 * sees the status and the tracking link on their order page and the e-mail is in the outbox
 * (listed on the order); staff refund one line partially with restock and the size's stock comes
 * back on the store page. axe on every new screen. Runs its own server with a prepared staff member.
 */

const PASSWORD = "correct horse battery staple";
const STAFF_EMAIL = "sam.shop@example.com";
const TSHIRT = "Ridgeway Racing Team T-Shirt";
let desk: DeskSite;
let staff: PreparedStaff;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({
    site: desk,
    staff: [staff],
  } = await startDeskSite({ staff: [{ email: STAFF_EMAIL, roles: ["shop"] }] }));
});

test.afterAll(async () => {
  await desk?.close();
});

/** The store page's note for the T-shirt's XXL size: "Only N left". */
async function xxlLeft(page: Page): Promise<number> {
  await page.goto(`${desk.url}/store/team-tshirt`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("combobox", { name: "Size" }).selectOption("XXL");
  const note = await page.getByText(/^Only \d+ left$/).textContent();
  return Number(/\d+/.exec(note!)![0]);
}

test("shop staff pack, ship and partly refund an order; the customer follows it", async ({ page, browser }, testInfo) => {
  testInfo.setTimeout(180_000);
  const viewport = testInfo.project.name === "phone" ? { width: 390, height: 844 } : { width: 1280, height: 800 };
  await page.setViewportSize(viewport);
  const customerContext = await browser.newContext({ viewport });
  const shopper = await customerContext.newPage();
  const email = `orders-desk-${testInfo.project.name}-${Date.now()}@example.com`;

  // The customer makes an account and buys one XXL and one M T-shirt.
  await shopper.goto(`${desk.url}/login?mode=create`);
  const signUp = shopper.locator("main form");
  await signUp.getByLabel("Full Name").fill("Casey Customer");
  await signUp.getByLabel("Email", { exact: true }).fill(email);
  await signUp.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await signUp.getByRole("button", { name: "Create Account" }).click();
  await signInAfterSignUp(shopper, PASSWORD);
  await expect(shopper).toHaveURL(/\/dashboard/);
  const before = await xxlLeft(shopper);
  for (const size of ["XXL", "M"]) {
    await shopper.getByRole("combobox", { name: "Size" }).selectOption(size);
    await shopper.getByRole("button", { name: "Add to Cart" }).click();
    await expect(shopper.getByRole("status").filter({ hasText: `Added to cart (${size})` })).toBeVisible();
  }
  await shopper.goto(`${desk.url}/cart`);
  await shopper.getByRole("link", { name: "Proceed to Checkout" }).click();
  await shopper.getByLabel("Full Name", { exact: true }).fill("Casey Customer");
  await shopper.getByLabel("Email Address", { exact: true }).fill(email);
  await fillDeliveryAddress(shopper, "Casey Customer");
  await shopper.getByRole("button", { name: "Proceed to Payment" }).click();
  await expect(shopper).toHaveURL(/\/pay\/test\//);
  await shopper.getByLabel("Card Number").fill("4242 4242 4242 4242");
  await shopper.getByLabel("Expiry (MM/YY)").fill("12/34");
  await shopper.getByLabel("CVC").fill("123");
  await shopper.getByLabel("Name on Card").fill("Casey Customer");
  await shopper.getByRole("button", { name: /^Pay £/ }).click();
  await expect(shopper.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
  const orderNumber = (await shopper
    .getByText(/^RR-[0-9A-Z]{8}$/)
    .first()
    .textContent())!.trim();
  expect(await xxlLeft(shopper)).toBe(before - 1);

  // Staff find it by the customer's e-mail and open it.
  await openAsStaff(page, desk, staff, "/admin/orders");
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole("searchbox", { name: "Search" }).fill(email);
  await page.getByRole("button", { name: "Show orders" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^1 order$/ })).toBeVisible();
  await page.getByRole("link", { name: orderNumber }).click();
  await expect(page.getByRole("heading", { level: 1, name: orderNumber })).toBeVisible();
  // Where it goes, as the shopper typed it (the postcode tidied).
  await expect(page.locator("address").first()).toContainText(DELIVERY.line1);
  await expect(page.locator("address").first()).toContainText(DELIVERY.shownPostcode);
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  // The packing slip, then pack and ship.
  await page.getByRole("link", { name: "Packing slip" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Packing slip" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Items to pack" })).toContainText(TSHIRT);
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole("link", { name: "Back to the order" }).click();
  await page.getByRole("button", { name: "Mark packed" }).click();
  await expect(page.getByText("Marked packed.")).toBeVisible();
  await page.getByRole("combobox", { name: "Carrier" }).selectOption("royal-mail");
  await page.getByRole("textbox", { name: "Tracking number" }).fill("AB 1234 5678 5GB");
  // A slow connection: the answer takes 2 s, and the badge says Shipped from the press, not after it.
  await page.route(`**/admin/orders/${orderNumber}.data*`, async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await page.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Shipped", { timeout: 1000 });
  await expect(page.getByText("Marked shipped; the customer has been e-mailed the tracking link.")).toBeVisible();
  await page.unroute(`**/admin/orders/${orderNumber}.data*`);
  await expect(page.getByTestId("order-status")).toHaveText("Shipped");
  const emails = page.getByRole("region", { name: "E-mails to the customer" });
  await expect(emails).toContainText(`Your Ridgeway Racing order ${orderNumber} is on its way`);

  // The customer sees the status and the tracking link on their order page.
  await shopper.goto(`${desk.url}/dashboard/orders/${orderNumber}`);
  await expect(shopper.getByRole("region", { name: "Order details" }).getByText("Shipped", { exact: true })).toBeVisible();
  const tracking = shopper.getByTestId("tracking-number").getByRole("link");
  await expect(tracking).toContainText("AB123456785GB");
  await expect(tracking).toHaveAttribute("href", "https://www.royalmail.com/track-your-item#/tracking-results/AB123456785GB");
  await expectNoSeriousViolations(shopper);
  await expectNoSidewaysScroll(shopper);

  // Staff refund the XXL (line 1) with restock: the size's stock comes back.
  const refundForm = page.locator("#refund-form");
  await refundForm.getByRole("spinbutton").first().fill("1");
  await refundForm.getByRole("textbox", { name: "Reason (required)" }).fill("Too big, returned unworn");
  await refundForm.getByRole("checkbox", { name: "Put the refunded units back in stock" }).check();
  // The button names the amount; pressing it asks for a confirmation, and nothing is refunded yet.
  await refundForm.getByRole("button", { name: "Refund £24.00" }).click();
  const confirmation = page.getByRole("form", { name: "Confirm the refund" });
  await expect(confirmation).toContainText("Refund £24.00 to Casey Customer?");
  await expect(page.getByRole("heading", { name: "Confirm the refund" })).toBeFocused();
  await expect(page.getByText("No refund yet.")).toBeVisible();
  await confirmation.getByRole("button", { name: "Confirm refund £24.00" }).click();
  await expect(page.getByText("Refunded £24.00. The units are back in stock.")).toBeVisible();
  await expect(page.getByText(/Refunded £24\.00/).first()).toBeVisible();
  await expectNoSeriousViolations(page);
  expect(await xxlLeft(shopper)).toBe(before);
  await shopper.goto(`${desk.url}/dashboard/orders/${orderNumber}`);
  await expect(shopper.getByTestId("refunded")).toHaveText("£24.00 of £48.00");

  // The customer is on the customers desk with their paid order.
  await page.goto(`${desk.url}/admin/customers?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole("list", { name: "Customers" })).toContainText("1 paid order");
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole("link", { name: `Orders by ${email}` }).click();
  await expect(page.getByRole("link", { name: orderNumber })).toBeVisible();
  await customerContext.close();
});
