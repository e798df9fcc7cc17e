import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { expectNoSeriousViolations } from "../support/page-checks";

const CART_KEY = "ridgeway-racing-cart";
const RED_CAP = "Ridgeway Racing Team Cap - Red";
const KEYRING = "Ridgeway Racing Keyring";
const TSHIRT = "Ridgeway Racing Team T-Shirt";

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

async function addToCart(page: Page, name: string, size?: string) {
  const product = card(page, name);
  if (size) await product.getByRole("combobox", { name: "Size" }).selectOption(size);
  await product.getByRole("button", { name: "Add to Cart" }).click();
  await expect(product.getByRole("status")).toContainText(size ? `Added to cart (${size})` : "Added to cart");
}

function quantityOf(line: ReturnType<typeof cartLine>, label: string) {
  return line.getByLabel(`Quantity of ${label}`, { exact: true }).last();
}

test("browse the store: search, category and sort live in the URL", async ({ page }) => {
  await page.goto("/store");
  await expect(page.getByRole("heading", { level: 1, name: "Team Store" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText("Showing 8 products");
  await expect(page.getByTestId("shipping-notice")).toHaveText(/Free UK shipping on all orders/);
  const filters = page.getByRole("navigation", { name: "Filter by category" });
  await expect(filters.getByRole("link", { name: /All Products/ })).toContainText("8");
  await expect(filters.getByRole("link", { name: /Caps & Apparel/ })).toContainText("5");
  await expect(filters.getByRole("link", { name: /Accessories/ })).toContainText("3");
  await expect(filters.getByRole("link", { name: /Team Caps/ })).toHaveCount(0);

  // Search by description ("embroidered" is only in the caps' descriptions).
  await page.getByRole("searchbox", { name: "Search products" }).fill("embroidered");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/[?&]q=embroidered/);
  await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText("Showing 4 products");
  await expect(filters.getByRole("link", { name: /Accessories/ })).toContainText("0");

  await page.goto("/store");
  await filters.getByRole("link", { name: /Caps & Apparel/ }).click();
  await expect(page).toHaveURL(/[?&]category=apparel/);
  await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText("Showing 5 products");
  await expect(card(page, TSHIRT)).toBeVisible();
  await expect(card(page, KEYRING)).toHaveCount(0);

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
  await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText("Showing 8 products");
});

test("cards show stock and favourites, stars only from reviews; a sold-out size cannot be added", async ({ page }) => {
  await page.goto("/store");
  const red = card(page, RED_CAP);
  // Nobody has reviewed anything yet: no stars. Featured is the team's pick, not every card.
  await expect(page.getByRole("img", { name: /^Rated/ })).toHaveCount(0);
  await expect(red).toContainText("FEATURED", { ignoreCase: true });
  await expect(page.locator("main article").getByText("Featured", { exact: true })).toHaveCount(2);
  // One size: said, not offered as a choice.
  await expect(red.getByRole("combobox", { name: "Size" })).toHaveCount(0);
  await expect(red).toContainText("Size: One Size");
  await expect(card(page, "Ridgeway Racing Team Cap - Red & White")).toContainText("Only 3 left");

  // The T-shirt is on sale and not featured: SALE with the old price struck through.
  const tshirt = card(page, TSHIRT);
  await expect(tshirt.getByText("Sale", { exact: true })).toBeVisible();
  await expect(tshirt.getByText("Featured", { exact: true })).toHaveCount(0);
  await expect(tshirt).toContainText("£24.00");
  await expect(tshirt.locator(".line-through")).toHaveText("Was £30.00");
  await expect(red.getByText("Sale", { exact: true })).toHaveCount(0);
  const size = tshirt.getByRole("combobox", { name: "Size" });
  await expect(size).toHaveValue("S");
  await expect(size.locator("option")).toHaveText(["S", "M", "L", "XL", "XXL"]);
  await expect(tshirt).not.toContainText("Only");
  await size.selectOption("XXL");
  await expect(tshirt).toContainText("Only 3 left");

  const white = card(page, "Ridgeway Racing Team Cap - White");
  const soldOut = white.getByRole("button", { name: "Sold Out" });
  await expect(soldOut).toBeDisabled();
  await expect(white).toContainText("Sold out");
  // Legible: full opacity, not the faded accent of a disabled Add to Cart.
  expect(await soldOut.evaluate((button) => getComputedStyle(button).opacity)).toBe("1");

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

test("two sizes of the T-shirt are two lines, changed and removed one at a time", async ({ page }) => {
  await page.goto("/store");
  await addToCart(page, TSHIRT, "M");
  await addToCart(page, TSHIRT, "L");
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
  await expect(page.getByTestId("store-cart-summary")).toContainText("£48.00");

  // The product page adds to the same line as the store page for the same size.
  await card(page, TSHIRT).getByRole("link", { name: TSHIRT }).click();
  await expect(page).toHaveURL(/\/store\/team-tshirt$/);
  await page.getByRole("combobox", { name: "Size" }).selectOption("L");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to cart (L)" })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("3");

  await page.goto("/cart");
  const m = cartLine(page, TSHIRT, "M");
  const l = cartLine(page, TSHIRT, "L");
  await expect(page.getByRole("article", { name: new RegExp(`^${TSHIRT}, `) })).toHaveCount(2);
  await expect(quantityOf(m, `${TSHIRT}, M`)).toHaveText("1");
  await expect(quantityOf(l, `${TSHIRT}, L`)).toHaveText("2");
  await expect(page.getByTestId("order-total")).toHaveText("£72.00");

  await m.getByRole("button", { name: `Increase quantity of ${TSHIRT}, M` }).click();
  await m.getByRole("button", { name: `Increase quantity of ${TSHIRT}, M` }).click();
  await expect(quantityOf(m, `${TSHIRT}, M`)).toHaveText("3");
  await expect(quantityOf(l, `${TSHIRT}, L`)).toHaveText("2");
  await expect(page.getByTestId("order-total")).toHaveText("£120.00");

  await l.getByRole("button", { name: `Decrease quantity of ${TSHIRT}, L` }).click();
  await expect(quantityOf(l, `${TSHIRT}, L`)).toHaveText("1");
  await expect(quantityOf(m, `${TSHIRT}, M`)).toHaveText("3");
  await expect(page.getByTestId("order-total")).toHaveText("£96.00");

  await m.getByRole("button", { name: `Remove ${TSHIRT}, M from cart` }).click();
  await expect(m).toHaveCount(0);
  await expect(quantityOf(l, `${TSHIRT}, L`)).toHaveText("1");
  await expect(page.getByTestId("order-total")).toHaveText("£24.00");
  await expect(page.getByTestId("cart-badge")).toHaveText("1");

  await page.reload();
  await expect(cartLine(page, TSHIRT, "M")).toHaveCount(0);
  await expect(quantityOf(cartLine(page, TSHIRT, "L"), `${TSHIRT}, L`)).toHaveText("1");
  await expect(page.getByTestId("order-total")).toHaveText("£24.00");
});

test("a size no longer sold, saved in an old cart, is refused on its own line", async ({ page }) => {
  await withSavedCart(page, "/cart", {
    items: [
      { id: 8, selectedSize: "M", quantity: 1 },
      { id: 8, selectedSize: "XS", quantity: 2 },
    ],
  });
  const m = cartLine(page, TSHIRT, "M");
  const xs = cartLine(page, TSHIRT, "XS");
  await expect(xs).toContainText("This size is not available.");
  await expect(m.getByTestId("line-problem")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Proceed to Checkout" })).toBeDisabled();

  await xs.getByRole("button", { name: "Remove item" }).click();
  await expect(xs).toHaveCount(0);
  await expect(quantityOf(m, `${TSHIRT}, M`)).toHaveText("1");
  await expect(page.getByTestId("order-total")).toHaveText("£24.00");
  await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toBeVisible();
});

test("more than the stock left: the cart says so and fixes it in one click", async ({ page }) => {
  await withSavedCart(page, "/cart", { items: [{ id: 2, selectedSize: "One Size", quantity: 5 }] });
  const line = cartLine(page, "Ridgeway Racing Team Cap - Red & White", "One Size");
  await expect(line).toContainText("Only 3 left in this size.");
  await line.getByRole("button", { name: "Change to 3" }).click();
  // One order may hold at most half of what is left while it is paid for (ADR 0033): 1 of 3.
  await expect(line).toContainText("one order can hold at most 1 of this size");
  await line.getByRole("button", { name: "Change to 1" }).click();
  await expect(line.getByTestId("line-problem")).toHaveCount(0);
  await expect(page.getByTestId("order-total")).toHaveText("£25.00");
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

/** The product's own structured data (the page also carries its breadcrumb trail). */
async function productJsonLd(page: Page) {
  const blocks = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "{}")));
  const products = blocks.filter((block) => block["@type"] === "Product");
  expect(products).toHaveLength(1);
  return products[0];
}

test("each product has a page with Product JSON-LD; an unknown one is a 404", async ({ page }) => {
  await page.goto("/store");
  await card(page, RED_CAP).getByRole("link", { name: RED_CAP }).click();
  await expect(page).toHaveURL(/\/store\/team-cap-red$/);
  await expect(page.getByRole("heading", { level: 1, name: RED_CAP })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(RED_CAP));

  // Crawlers load the page itself: its structured data is in the server's HTML, and hydration
  // keeps it (a client-side navigation renders none, ADR 0146).
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: RED_CAP })).toBeVisible();
  const jsonLd = await productJsonLd(page);
  expect(jsonLd).toMatchObject({
    "@type": "Product",
    name: RED_CAP,
    offers: { "@type": "Offer", priceCurrency: "GBP", price: "25.00", availability: "https://schema.org/InStock" },
  });
  // No reviews, so no rating is claimed to search engines either.
  expect(jsonLd.aggregateRating).toBeUndefined();

  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to cart" })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");

  await page.goto("/store/team-tshirt");
  await expect(page.getByRole("heading", { level: 1, name: TSHIRT })).toBeVisible();
  await expect(page.getByText("Sale", { exact: true })).toBeVisible();
  await expect(page.locator("main .line-through")).toHaveText("Was £30.00");
  const tshirt = await productJsonLd(page);
  expect(tshirt).toMatchObject({
    name: TSHIRT,
    category: "Caps & Apparel",
    offers: { price: "24.00", availability: "https://schema.org/InStock" },
  });

  await page.goto("/store/team-cap-white");
  await expect(page.getByRole("button", { name: "Sold Out" })).toBeDisabled();
  const white = await productJsonLd(page);
  expect(white.offers.availability).toBe("https://schema.org/OutOfStock");

  const response = await page.goto("/store/no-such-product");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

test("the home page's merchandise strip reads the catalogue and links to product pages", async ({ page }) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "Exclusive Merchandise" });
  const strip = section.getByTestId("merch-strip");
  // Drawn twice for the loop; the second copy is hidden from assistive technology and the keyboard.
  await expect(strip.getByRole("link")).toHaveCount(8);
  const cap = strip.getByRole("link", { name: /Ridgeway Racing Team Cap - Red\b(?! &)/ });
  await expect(cap).toHaveAttribute("href", "/store/team-cap-red");
  await expect(cap).toContainText("Caps & Apparel");
  await expect(cap).toContainText("£25.00");
  await expect(strip.getByRole("link", { name: /Keyring/ })).toContainText("£5.99");
  // Not featured, and last in the catalogue's order; at its sale price.
  await expect(strip.getByRole("link").last()).toHaveAttribute("href", "/store/team-tshirt");
  await expect(strip.getByRole("link").last()).toContainText("£24.00");
  await expect(strip.getByRole("link").last().locator(".line-through")).toHaveText("Was £30.00");
  await expect(cap.locator(".line-through")).toHaveCount(0);
  await expect(section).toContainText("Free UK shipping on all orders");

  // Below the fold it stays still: no frame loop runs while a visitor taps at the top (issue 23's INP).
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
  expect(await strip.evaluate((element) => element.style.transform)).toBe("");
  // On screen it moves.
  await strip.scrollIntoViewIfNeeded();
  await expect.poll(() => strip.evaluate((element) => element.style.transform)).toMatch(/^translate3d\(-\d/);

  const pause = section.getByRole("button", { name: "Pause strip" });
  await pause.click();
  await expect(section.getByRole("button", { name: "Play strip" })).toBeVisible();
  const at = await strip.evaluate((element) => element.style.transform);
  await page.waitForTimeout(300);
  expect(await strip.evaluate((element) => element.style.transform)).toBe(at);

  await cap.click();
  await expect(page).toHaveURL(/\/store\/team-cap-red$/);
});

test("the merchandise strip stays still for visitors who prefer less motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const section = page.getByRole("region", { name: "Exclusive Merchandise" });
  await expect(section.getByTestId("merch-strip").locator("li")).toHaveCount(8);
  await expect(section.getByRole("button", { name: /strip/ })).toHaveCount(0);
  expect(await section.getByTestId("merch-strip").evaluate((element) => element.style.transform)).toBe("");
});

for (const path of ["/store", "/store?q=zzzz", "/store/team-cap-red", "/store/team-cap-white", "/store/team-tshirt", "/cart"]) {
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
