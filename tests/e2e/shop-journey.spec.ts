import { expect } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { emailsTo, uniqueEmail } from "../support/e2e-server";
import { expectDeliveryShown, fillDeliveryAddress } from "../support/e2e-address";

// One shopper from the store to a paid order, through the real pages only (no saved cart).
const TSHIRT = "Ridgeway Racing Team T-Shirt";

test("browse, filter, add two sizes, change quantities, apply RIDGEWAY10, pay with the test card", async ({ page }) => {
  const email = uniqueEmail("journey");
  await page.goto("/store");
  await page.waitForLoadState("networkidle");
  await page
    .getByRole("navigation", { name: "Filter by category" })
    .getByRole("link", { name: /Caps & Apparel/ })
    .click();
  await expect(page).toHaveURL(/[?&]category=apparel/);

  const tshirt = page.getByRole("article", { name: TSHIRT, exact: true });
  for (const size of ["M", "L"]) {
    await tshirt.getByRole("combobox", { name: "Size" }).selectOption(size);
    await tshirt.getByRole("button", { name: "Add to Cart" }).click();
    await expect(tshirt.getByRole("status")).toContainText(`Added to cart (${size})`);
  }
  await expect(page.getByTestId("cart-badge")).toHaveText("2");

  await page.getByTestId("store-cart-summary").click();
  await expect(page).toHaveURL(/\/cart$/);
  const medium = page.getByRole("article", { name: `${TSHIRT}, M`, exact: true });
  await medium.getByRole("button", { name: `Increase quantity of ${TSHIRT}, M` }).click();
  // M × 2 + L × 1 at the £24.00 sale price.
  await expect(page.getByTestId("order-total")).toHaveText("£72.00");

  await page.getByRole("textbox", { name: "Promo code" }).fill("ridgeway10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("order-summary")).toContainText("Discount (RIDGEWAY10, 10% off)");
  await expect(page.getByTestId("order-total")).toHaveText("£64.80");

  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Secure Checkout" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Order Summary" }).getByTestId("checkout-total")).toHaveText("£64.80");
  await page.getByLabel("Full Name", { exact: true }).fill("Sam Shopper");
  await page.getByLabel("Email Address", { exact: true }).fill(email);
  await fillDeliveryAddress(page);
  await page.getByRole("button", { name: "Proceed to Payment" }).click();

  await expect(page).toHaveURL(/\/pay\/test\//);
  await expect(page.getByTestId("pay-total")).toHaveText("£64.80");
  await expectDeliveryShown(page);
  await page.getByLabel("Card Number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on Card").fill("Sam Shopper");
  await page.getByRole("button", { name: /^Pay £/ }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await expect(page.getByTestId("order-total")).toHaveText("£64.80");
  await expect(page.getByText(`${TSHIRT}`).first()).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible();
  await expect.poll(() => emailsTo(email).length, { timeout: 10_000 }).toBe(1);
});
