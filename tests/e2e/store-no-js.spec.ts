import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { emailsTo, uniqueEmail } from "../support/e2e-server";
import { expectDeliveryShown, fillDeliveryAddress } from "../support/e2e-address";
import { expectNoSeriousViolations } from "../support/page-checks";

// The store without JavaScript (ADR 0016): the cart lives in a cookie that the server keeps.
const TSHIRT = "Ridgeway Racing Team T-Shirt";
const KEYRING = "Ridgeway Racing Keyring";
const CART_KEY = "ridgeway-racing-cart";
const CART_COOKIE = "ridgeway-racing-cart-nojs";

/** The cookie value the server writes for these lines (cart-cookie.ts). */
const cookieCartValue = (lines: [number, string, number][], promoCode?: string) =>
  encodeURIComponent(JSON.stringify(promoCode ? { v: 1, l: lines, p: promoCode } : { v: 1, l: lines }));

/**
 * Axe needs JavaScript, so the page as the shopper sees it without JavaScript is copied into a
 * page of the same site with scripts blocked, and checked there.
 */
async function expectAccessibleWithoutScripts(page: Page) {
  const html = await page.content();
  const context = await page.context().browser()!.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    await context.route("**/*.js", (route) => route.abort());
    const copy = await context.newPage();
    await copy.goto(new URL("/healthz", page.url()).href);
    await copy.setContent(html, { waitUntil: "load" });
    await expectNoSeriousViolations(copy);
  } finally {
    await context.close();
  }
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add two sizes, change a quantity, apply RIDGEWAY10, fix a checkout error, pay, and the cart is emptied", async ({ page }) => {
    test.slow();
    const email = uniqueEmail("nojs");
    await page.goto("/store?category=apparel");
    const tshirt = page.getByRole("article", { name: TSHIRT, exact: true });
    for (const [size, count] of [
      ["M", "1"],
      ["L", "2"],
    ] as const) {
      await tshirt.getByRole("combobox", { name: "Size" }).selectOption(size);
      await tshirt.getByRole("button", { name: "Add to Cart" }).click();
      // Back on the same store page (filter kept) with the confirmation beside the product.
      await expect(page).toHaveURL(new RegExp(`/store\\?category=apparel&added=8&addedSize=${size}#product-8$`));
      await expect(tshirt.getByRole("status")).toContainText(`Added to cart (${size})`);
      await expect(page.getByTestId("cart-badge")).toHaveText(count);
    }
    await expect(page.getByTestId("store-cart-summary")).toHaveText("View cart: 2 items");
    await expectAccessibleWithoutScripts(page);

    await page.getByTestId("store-cart-summary").click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText("Loading your cart...")).toBeHidden();
    const medium = page.getByRole("article", { name: `${TSHIRT}, M`, exact: true });
    await expect(medium).toBeVisible();
    await expect(page.getByRole("article", { name: `${TSHIRT}, L`, exact: true })).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText("£48.00");
    await medium.getByRole("button", { name: `Increase quantity of ${TSHIRT}, M` }).click();
    await expect(medium.getByRole("status").or(medium.locator("output"))).toHaveText("2");
    // M × 2 + L × 1 at the £24.00 sale price.
    await expect(page.getByTestId("order-total")).toHaveText("£72.00");
    await expect(page.getByTestId("cart-badge")).toHaveText("3");

    await page.getByRole("textbox", { name: "Promo code" }).fill("NOT-A-CODE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Invalid promo code")).toBeVisible();
    await expect(page.getByTestId("order-total")).toHaveText("£72.00");
    await page.getByRole("textbox", { name: "Promo code" }).fill("ridgeway10");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("order-summary")).toContainText("Discount (RIDGEWAY10, 10% off)");
    await expect(page.getByTestId("order-total")).toHaveText("£64.80");
    await expectAccessibleWithoutScripts(page);

    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Secure Checkout" })).toBeVisible();
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByTestId("checkout-total")).toHaveText("£64.80");
    await expect(summary).toContainText(`${TSHIRT} (M) × 2`);
    await page.getByLabel("Full Name", { exact: true }).fill("Sam Shopper");
    await page.getByLabel("Email Address", { exact: true }).fill("sam.example.com");
    await fillDeliveryAddress(page);
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    // The server checked the form and showed it again, with what was typed.
    await expect(page.getByRole("alert").filter({ hasText: "Please fill in all required fields correctly." })).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("Sam Shopper");
    await expect(summary.getByTestId("checkout-total")).toHaveText("£64.80");
    await expectAccessibleWithoutScripts(page);

    await page.getByLabel("Email Address", { exact: true }).fill(email);

    // The address typed before the error is still there.
    await expect(page.getByLabel("Postcode")).toHaveValue("sp11 8pw");
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page).toHaveURL(/\/pay\/test\/test_cs_/);
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
    expect((await page.context().cookies()).some((cookie) => cookie.name === CART_COOKIE)).toBe(false);
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible();
    await expect(page.getByText("Loading your cart...")).toBeHidden();
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
    await expect.poll(() => emailsTo(email).length, { timeout: 10_000 }).toBe(1);
    expect(emailsTo(email)[0]!.text).toContain("Total: £64.80");
  });

  test("remove, clear and a refused add leave the cart as the shopper sees it", async ({ page }) => {
    await page.goto("/store/team-keyring");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page).toHaveURL(/\/store\/team-keyring\?added=6&addedSize=One\+Size#product-6$/);
    await expect(page.getByRole("status").filter({ hasText: "Added to cart (One Size)" })).toBeVisible();
    await page.goto("/store/team-pens");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.goto("/cart");
    await expect(page.getByRole("article")).toHaveCount(2);
    await page.getByRole("button", { name: `Remove ${KEYRING}, One Size from cart` }).click();
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByTestId("cart-badge")).toHaveText("1");

    // The white cap is sold out: the server refuses it and the cart is unchanged.
    const refused = await page.request.post("/cart", {
      form: { intent: "add", productId: "4", size: "One Size", quantity: "1" },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(409);
    await page.goto("/cart");
    await expect(page.getByRole("article")).toHaveCount(1);

    await page.getByRole("button", { name: "Clear Cart" }).click();
    await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);

    // A confirmation link opened again without a cart does not claim anything was added.
    await page.goto("/store/team-keyring?added=6&addedSize=One+Size");
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
    await expect(page.getByText("Added to cart")).toHaveCount(0);
  });
});

test.describe("without JavaScript, a declined card", () => {
  test.use({ javaScriptEnabled: false });

  test("keeps the order waiting and the cart; the confirmation offers to check again", async ({ page }) => {
    await page.goto("/store/team-keyring");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.goto("/checkout");
    await page.getByLabel("Full Name", { exact: true }).fill("Sam Declined");
    await page.getByLabel("Email Address", { exact: true }).fill(uniqueEmail("nojs-declined"));
    await fillDeliveryAddress(page);
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page).toHaveURL(/\/pay\/test\/test_cs_/);
    const sessionId = page.url().split("/").pop()!;
    await page.getByLabel("Card Number").fill("4000 0000 0000 0002");
    await page.getByLabel("Expiry (MM/YY)").fill("12/34");
    await page.getByLabel("CVC").fill("123");
    await page.getByLabel("Name on Card").fill("Sam Declined");
    await page.getByRole("button", { name: /^Pay £/ }).click();
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");

    await page.goto(`/order-confirmation?session_id=${sessionId}`);
    await expect(page.getByTestId("payment-status")).toHaveText("Processing");
    await expect(page.getByRole("link", { name: "Check the payment status again" })).toHaveAttribute(
      "href",
      `/order-confirmation?session_id=${sessionId}`,
    );
    // Nothing was bought: the cookie cart is still there.
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
  });
});

test.describe("with JavaScript", () => {
  test("a cart built without JavaScript joins the browser cart once, and the cookie is cleared", async ({ page, context, baseURL }) => {
    // The server renders the cookie cart and the browser's first render must match it (no hydration error).
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/terms");
    await page.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [CART_KEY, JSON.stringify({ items: [{ id: 7, selectedSize: "Set of 2", quantity: 1 }] })],
    );
    await context.addCookies([
      {
        name: CART_COOKIE,
        value: cookieCartValue(
          [
            [6, "One Size", 2],
            [7, "Set of 2", 1],
          ],
          "RIDGEWAY10",
        ),
        url: baseURL!,
      },
    ]);

    await page.goto("/cart");
    await expect(page.getByRole("article", { name: `${KEYRING}, One Size`, exact: true }).locator("output")).toHaveText("2");
    await expect(
      page.getByRole("article", { name: "Ridgeway Racing Pens (Set of 2), Set of 2", exact: true }).locator("output"),
    ).toHaveText("2");
    await expect(page.getByTestId("cart-badge")).toHaveText("4");
    // 2 × £5.99 + 2 × £8.99 = £29.96, less 10% (£3.00).
    await expect(page.getByTestId("order-total")).toHaveText("£26.96");
    await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === CART_COOKIE)).toBe(false);
    await expect
      .poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "{}") as unknown, CART_KEY))
      .toEqual({
        items: [
          { id: 7, selectedSize: "Set of 2", quantity: 2, seenPricePence: 899 },
          { id: 6, selectedSize: "One Size", quantity: 2, seenPricePence: 599 },
        ],
        promoCode: "RIDGEWAY10",
      });

    // Merged once: reading the page again does not add the lines a second time.
    await page.reload();
    await expect(page.getByTestId("order-total")).toHaveText("£26.96");
    await expect(page.getByTestId("cart-badge")).toHaveText("4");
    expect(errors).toEqual([]);
  });

  test("with JavaScript on, a cookie cart opened at /checkout is priced and ordered (no hydration error)", async ({
    page,
    context,
    baseURL,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await context.addCookies([{ name: CART_COOKIE, value: cookieCartValue([[6, "One Size", 1]]), url: baseURL! }]);
    await page.goto("/checkout");
    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByTestId("checkout-total")).toHaveText("£5.99");
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await page.getByLabel("Full Name", { exact: true }).fill("Jo Merge");
    await page.getByLabel("Email Address", { exact: true }).fill(uniqueEmail("merge"));
    await fillDeliveryAddress(page);
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await expect(page).toHaveURL(/\/pay\/test\/test_cs_/);
    await expect(page.getByTestId("pay-total")).toHaveText("£5.99");
    expect(errors).toEqual([]);
  });

  test("a tampered cart cookie is ignored and cleared, with no error", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: CART_COOKIE, value: "%7B%22v%22%3A1%2C%22l%22%3A%5B%5B6%2C%22One", url: baseURL! }]);
    const response = await page.goto("/cart");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible();
    await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === CART_COOKIE)).toBe(false);
  });
});
