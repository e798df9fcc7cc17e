import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { emailsTo, uniqueEmail } from "../support/e2e-server";
import { fillDeliveryAddress } from "../support/e2e-address";
import { expectNoSeriousViolations } from "../support/page-checks";

// The keyring (120 in stock) and the pens (60) have plenty of stock, and the
// store's own tests do not count them: each test here reserves one or two.
const CART_KEY = "ridgeway-racing-cart";
const KEYRING = { id: 6, selectedSize: "One Size" };
const PENS = { id: 7, selectedSize: "Set of 2" };

/** Opens a page with this cart already saved in the browser (the format of cart-storage.ts). */
async function withSavedCart(
  page: Page,
  path: string,
  cart: { items: { id: number; selectedSize: string; quantity: number }[]; promoCode?: string },
) {
  await page.goto("/terms");
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [CART_KEY, JSON.stringify(cart)]);
  await page.goto(path);
}

async function savedCartItems(page: Page): Promise<unknown[]> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? ((JSON.parse(raw) as { items?: unknown[] }).items ?? []) : [];
  }, CART_KEY);
}

async function fillCustomer(page: Page, name: string, email: string) {
  await page.getByLabel("Full Name", { exact: true }).fill(name);
  await page.getByLabel("Email Address", { exact: true }).fill(email);
  await fillDeliveryAddress(page);
}

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel("Card Number").fill(cardNumber);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on Card").fill("Alex Fan");
  await page.getByRole("button", { name: /^Pay £/ }).click();
}

test("check out with a test card and RIDGEWAY10: the confirmation shows the order and the cart is emptied", async ({ page }) => {
  const email = uniqueEmail("checkout");
  await withSavedCart(page, "/checkout", {
    items: [
      { ...KEYRING, quantity: 2 },
      { ...PENS, quantity: 1 },
    ],
    promoCode: "RIDGEWAY10",
  });
  await expect(page.getByRole("heading", { level: 1, name: "Secure Checkout" })).toBeVisible();
  // 2 × £5.99 + £8.99 = £20.97, less 10% (£2.10), free shipping.
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary.getByTestId("checkout-total")).toHaveText("£18.87");
  await expect(summary).toContainText("RIDGEWAY10");
  await expect(summary).toContainText("FREE");
  await expectNoSeriousViolations(page);

  await fillCustomer(page, "Alex Fan", email);
  await page.getByRole("button", { name: "Proceed to Payment" }).click();

  await expect(page).toHaveURL(/\/pay\/test\/test_cs_/);
  await expect(page.getByText("Test mode: no real card is charged")).toBeVisible();
  await expect(page.getByTestId("pay-total")).toHaveText("£18.87");
  await expectNoSeriousViolations(page);
  await payWith(page, "4242 4242 4242 4242");

  await expect(page).toHaveURL(/\/order-confirmation\?session_id=test_cs_/);
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  await expect(page.getByTestId("order-total")).toHaveText("£18.87");
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(/^RR-[0-9A-Z]{8}$/)).toBeVisible();
  await expect.poll(() => savedCartItems(page)).toEqual([]);
  await expectNoSeriousViolations(page);
  await expect.poll(() => emailsTo(email).length, { timeout: 10_000 }).toBe(1);
  expect(emailsTo(email)[0]!.text).toContain("Total: £18.87");
});

test("a declined card shows the decline; the order is not paid, and a later payment shows on the waiting confirmation", async ({
  page,
}) => {
  await withSavedCart(page, "/checkout", { items: [{ ...KEYRING, quantity: 1 }] });
  await expect(page.getByRole("region", { name: "Order Summary" }).getByTestId("checkout-total")).toHaveText("£5.99");
  await fillCustomer(page, "Sam Driver", uniqueEmail("declined"));
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  await expect(page).toHaveURL(/\/pay\/test\/test_cs_/);
  const sessionId = page.url().split("/").pop()!;

  await payWith(page, "4000 0000 0000 0002");
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await expectNoSeriousViolations(page);
  await payWith(page, "4000 0000 0000 9995");
  await expect(page.getByRole("alert")).toHaveText("Your card has insufficient funds.");

  const payPage = page.url();
  await page.goto(`/order-confirmation?session_id=${sessionId}`);
  await expect(page.getByTestId("payment-status")).toHaveText("Processing");
  await expect(page.getByRole("heading", { level: 1, name: "Payment Processing" })).toBeVisible();
  // Nothing was bought: the cart is still there.
  expect(await savedCartItems(page)).toHaveLength(1);

  // Paying later in another tab: the waiting confirmation page updates by itself.
  const other = await page.context().newPage();
  await other.goto(payPage);
  await payWith(other, "4242 4242 4242 4242");
  await expect(other.getByTestId("payment-status")).toHaveText("Paid");
  await expect(page.getByTestId("payment-status")).toHaveText("Paid", { timeout: 10_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible();
});

test("cancel on the payment page returns to the cart with the cart intact", async ({ page }) => {
  await withSavedCart(page, "/checkout", { items: [{ ...PENS, quantity: 1 }] });
  await fillCustomer(page, "Sam Driver", uniqueEmail("cancel"));
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  await expect(page).toHaveURL(/\/pay\/test\/test_cs_/);
  const payUrl = page.url();
  await page.getByRole("button", { name: "Cancel and return to cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  expect(await savedCartItems(page)).toHaveLength(1);
  await page.goto(payUrl);
  await expect(page.getByRole("heading", { name: "This payment session is not available" })).toBeVisible();
});

test("an empty cart at /checkout goes to the cart", async ({ page }) => {
  await withSavedCart(page, "/checkout", { items: [] });
  await expect(page).toHaveURL(/\/cart$/);
});

test("a missing or unknown order reference: 'Order Not Found' with a link to the store", async ({ page }) => {
  for (const path of ["/order-confirmation", "/order-confirmation?session_id=test_cs_unknown"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Order Not Found" })).toBeVisible();
    await expect(page.getByText("We couldn't find your order details.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Back to Store" })).toHaveAttribute("href", "/store");
  }
  await expectNoSeriousViolations(page);
});

test("a field error shows under the field with the banner, and clears when the field is edited", async ({ page }) => {
  await withSavedCart(page, "/checkout", { items: [{ ...KEYRING, quantity: 1 }] });
  await expect(page.getByRole("region", { name: "Order Summary" }).getByTestId("checkout-total")).toHaveText("£5.99");
  await fillCustomer(page, "   ", "not-an-email");
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  await expect(page.getByText("Please fill in all required fields correctly.")).toBeVisible();
  await expect(page.getByText("Full name is required")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expectNoSeriousViolations(page);
  await page.getByLabel("Full Name", { exact: true }).fill("Alex Fan");
  await expect(page.getByText("Full name is required")).toBeHidden();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
});

test("the server re-renders field errors and the banner for a form posted without the browser's checks", async ({ page }) => {
  await withSavedCart(page, "/checkout", { items: [{ ...KEYRING, quantity: 1 }] });
  await expect(page.getByRole("button", { name: "Proceed to Payment" })).toBeEnabled();
  // Skip the browser-side check, as a browser without JavaScript would.
  await page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>('form[action="/checkout"]')!;
    const name = form.querySelector<HTMLInputElement>('input[name="name"]')!;
    name.value = "";
    form.querySelector<HTMLInputElement>('input[name="email"]')!.value = "";
    HTMLFormElement.prototype.submit.call(form);
  });
  await expect(page.getByText("Please fill in all required fields correctly.")).toBeVisible();
  await expect(page.getByText("Full name is required")).toBeVisible();
  await expect(page.getByText("Email address is required")).toBeVisible();
});
