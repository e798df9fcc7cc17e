import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const CART_KEY = "ridgeway-racing-cart";
const RED_CAP = "Ridgeway Racing Team Cap - Red";
const KEYRING = "Ridgeway Racing Keyring";

function card(page: Page, name: string) {
  return page.getByRole("article", { name, exact: true });
}

function cartLine(page: Page, name: string, size: string) {
  return page.getByRole("article", { name: `${name}, ${size}`, exact: true });
}

/** Opens a page with this cart already saved in the browser. */
async function withSavedCart(page: Page, path: string, cart: unknown) {
  await page.goto("/terms");
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [CART_KEY, JSON.stringify(cart)]);
  await page.goto(path);
}

async function addToCart(page: Page, name: string) {
  const product = card(page, name);
  await product.getByRole("button", { name: "Add to Cart" }).click();
  await expect(product.getByRole("status")).toContainText("Added to cart");
}

test("browse the store: search, category and sort live in the URL", async ({ page }) => {
  await page.goto("/store");
  await expect(page.getByRole("heading", { level: 1, name: "Team Store" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText("Showing 7 products");
  await expect(page.getByTestId("shipping-notice")).toHaveText(/Free UK shipping on all orders/);
  const filters = page.getByRole("navigation", { name: "Filter by category" });
  await expect(filters.getByRole("link", { name: /All Products/ })).toContainText("7");
  await expect(filters.getByRole("link", { name: /Team Caps/ })).toContainText("4");
  await expect(filters.getByRole("link", { name: /Accessories/ })).toContainText("3");

  // Search by description ("embroidered" is only in the caps' descriptions).
  await page.getByRole("searchbox", { name: "Search products" }).fill("embroidered");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=embroidered/);
  await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText("Showing 4 products");
  await expect(filters.getByRole("link", { name: /Accessories/ })).toContainText("0");

  await page.goto("/store");
  await filters.getByRole("link", { name: /Accessories/ }).click();
  await expect(page).toHaveURL(/[?&]category=accessories/);
  await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText("Showing 3 products");
  await expect(filters.getByRole("link", { name: /Accessories/ })).toHaveAttribute("aria-current", "page");

  await page.getByRole("combobox", { name: "Sort by" }).selectOption("price-asc");
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page).toHaveURL(/category=accessories/);
  await expect(page.getByRole("article").first()).toHaveAccessibleName(KEYRING);
  await expect(card(page, KEYRING)).toContainText("£5.99");

  await page.getByRole("searchbox", { name: "Search products" }).fill("no such thing");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/store$/);
  await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText("Showing 7 products");
});

test("cards show stars, stock and favourites; a sold-out size cannot be added", async ({ page }) => {
  await page.goto("/store");
  const red = card(page, RED_CAP);
  await expect(red.getByRole("img", { name: /Rated 4.8 out of 5 from 124 reviews/ })).toBeVisible();
  await expect(red).toContainText("FEATURED", { ignoreCase: true });
  await expect(red.getByRole("combobox", { name: "Size" })).toHaveValue("One Size");
  await expect(card(page, "Ridgeway Racing Team Cap - Red & White")).toContainText("Only 3 left");

  const white = card(page, "Ridgeway Racing Team Cap - White");
  await expect(white.getByRole("button", { name: "Sold Out" })).toBeDisabled();
  await expect(white).toContainText("Sold out");

  const favourite = red.getByRole("button", { name: `Favourite: ${RED_CAP}` });
  await expect(favourite).toHaveAttribute("aria-pressed", "false");
  await favourite.click();
  await expect(favourite).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(card(page, RED_CAP).getByRole("button", { name: `Favourite: ${RED_CAP}` })).toHaveAttribute("aria-pressed", "true");
});

test("add to cart, change quantities, remove a line; the cart survives a reload", async ({ page }) => {
  await page.goto("/store");
  await addToCart(page, RED_CAP);
  await addToCart(page, KEYRING);
  await addToCart(page, KEYRING);
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  await expect(page.getByTestId("store-cart-summary")).toContainText("Cart: 3 items");
  await expect(page.getByTestId("store-cart-summary")).toContainText("£36.98");

  await page.getByTestId("store-cart-summary").click();
  await expect(page).toHaveURL(/\/cart$/);
  const cap = cartLine(page, RED_CAP, "One Size");
  const keyring = cartLine(page, KEYRING, "One Size");
  await expect(keyring.getByLabel(`Quantity of ${KEYRING}, One Size`, { exact: true }).last()).toHaveText("2");

  await cap.getByRole("button", { name: `Increase quantity of ${RED_CAP}, One Size` }).click();
  await expect(page.getByTestId("order-total")).toHaveText("£61.98");
  await keyring.getByRole("button", { name: `Decrease quantity of ${KEYRING}, One Size` }).click();
  await expect(page.getByTestId("order-total")).toHaveText("£55.99");
  await expect(page.getByTestId("order-summary")).toContainText("FREE");

  await keyring.getByRole("button", { name: `Remove ${KEYRING}, One Size from cart` }).click();
  await expect(keyring).toHaveCount(0);
  await expect(page.getByTestId("order-total")).toHaveText("£50.00");

  await page.reload();
  await expect(cartLine(page, RED_CAP, "One Size")).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("£50.00");
  await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");

  await page.getByRole("button", { name: "Clear Cart" }).click();
  await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/store");
});

test("two sizes of one product are two lines, changed and removed one at a time", async ({ page }) => {
  // Every product in the seeded catalogue has one size, so the second size comes from a saved cart
  // (one the catalogue no longer has): the two lines stay apart and the cart says what is wrong.
  await withSavedCart(page, "/cart", {
    items: [
      { id: 1, selectedSize: "One Size", quantity: 1 },
      { id: 1, selectedSize: "XL", quantity: 2 },
    ],
  });
  const oneSize = cartLine(page, RED_CAP, "One Size");
  const xl = cartLine(page, RED_CAP, "XL");
  await expect(xl).toContainText("This size is not available.");
  await expect(page.getByRole("button", { name: "Proceed to Checkout" })).toBeDisabled();

  await oneSize.getByRole("button", { name: `Increase quantity of ${RED_CAP}, One Size` }).click();
  await expect(oneSize.getByLabel(`Quantity of ${RED_CAP}, One Size`, { exact: true }).last()).toHaveText("2");
  await expect(xl.getByLabel(`Quantity of ${RED_CAP}, XL`, { exact: true }).last()).toHaveText("2");

  await xl.getByRole("button", { name: "Remove item" }).click();
  await expect(xl).toHaveCount(0);
  await expect(oneSize).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("£50.00");
  await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toBeVisible();
});

test("more than the stock left: the cart says so and fixes it in one click", async ({ page }) => {
  await withSavedCart(page, "/cart", { items: [{ id: 2, selectedSize: "One Size", quantity: 5 }] });
  const line = cartLine(page, "Ridgeway Racing Team Cap - Red & White", "One Size");
  await expect(line).toContainText("Only 3 left in this size.");
  await line.getByRole("button", { name: "Change to 3" }).click();
  await expect(line.getByTestId("line-problem")).toHaveCount(0);
  await expect(page.getByTestId("order-total")).toHaveText("£75.00");
});

test("promo codes: RIDGEWAY10 takes 10% off, an unknown code is refused inline", async ({ page }) => {
  await withSavedCart(page, "/cart", { items: [{ id: 1, selectedSize: "One Size", quantity: 1 }] });
  await expect(page.getByTestId("order-total")).toHaveText("£25.00");
  const promo = page.getByRole("textbox", { name: "Promo code" });

  await promo.fill("nope");
  await expect(promo).toHaveValue("NOPE");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid promo code" })).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("£25.00");

  await promo.fill("ridgeway10");
  await expect(promo).toHaveValue("RIDGEWAY10");
  await page.getByRole("button", { name: "Apply" }).click();
  const summary = page.getByTestId("order-summary");
  await expect(summary).toContainText("Discount (RIDGEWAY10, 10% off)");
  await expect(summary).toContainText("−£2.50");
  await expect(page.getByTestId("order-total")).toHaveText("£22.50");

  // The applied code stays with the cart (for checkout) until removed.
  await page.reload();
  await expect(page.getByTestId("order-total")).toHaveText("£22.50");
  await page.getByRole("button", { name: "Remove promo code RIDGEWAY10" }).click();
  await expect(page.getByTestId("order-total")).toHaveText("£25.00");
});

test("the cart stays in step across tabs", async ({ page, context }) => {
  await withSavedCart(page, "/cart", { items: [{ id: 6, selectedSize: "One Size", quantity: 1 }] });
  await expect(cartLine(page, KEYRING, "One Size")).toBeVisible();

  const other = await context.newPage();
  await other.goto("/store");
  await addToCart(other, RED_CAP);

  await expect(cartLine(page, RED_CAP, "One Size")).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("£30.99");
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
});

test("each product has a page with Product JSON-LD; an unknown one is a 404", async ({ page }) => {
  await page.goto("/store");
  await card(page, RED_CAP).getByRole("link", { name: RED_CAP }).click();
  await expect(page).toHaveURL(/\/store\/team-cap-red$/);
  await expect(page.getByRole("heading", { level: 1, name: RED_CAP })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(RED_CAP));

  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({
    "@type": "Product",
    name: RED_CAP,
    offers: { "@type": "Offer", priceCurrency: "GBP", price: "25.00", availability: "https://schema.org/InStock" },
    aggregateRating: { ratingValue: 4.8, reviewCount: 124 },
  });

  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to cart" })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");

  await page.goto("/store/team-cap-white");
  await expect(page.getByRole("button", { name: "Sold Out" })).toBeDisabled();
  const white = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(white.offers.availability).toBe("https://schema.org/OutOfStock");

  const response = await page.goto("/store/no-such-product");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

async function expectNoSeriousViolations(page: Page) {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}

for (const path of ["/store", "/store?q=zzzz", "/store/team-cap-red", "/store/team-cap-white", "/cart"]) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expectNoSeriousViolations(page);
  });
}

test("a cart with notices and problems has no serious accessibility violations", async ({ page }) => {
  await withSavedCart(page, "/cart", {
    items: [
      { id: 1, selectedSize: "One Size", quantity: 1, seenPricePence: 2000 },
      { id: 2, selectedSize: "One Size", quantity: 5 },
    ],
    promoCode: "RIDGEWAY10",
  });
  await expect(page.getByText("Price changed:")).toBeVisible();
  await expect(page.getByText("Only 3 left in this size.")).toBeVisible();
  await expectNoSeriousViolations(page);
});
