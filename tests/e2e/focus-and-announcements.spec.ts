import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { expectFocusShown, statusAnnouncer } from "../support/focus-checks";
import { expectNoSidewaysScroll } from "../support/page-checks";

// WCAG 2.4.3 and 4.1.3: focus is never thrown to the page's <body> when what had it goes away
// (app/components/focus-fallback.tsx), a client-side navigation starts again at the new page's
// heading and says its title (route-announcer.tsx), and cart changes are said in the site's one
// status region (status-announcer.tsx).

const CART_KEY = "ridgeway-racing-cart";
const KEYRING = "Ridgeway Racing Keyring";
const PENS = "Ridgeway Racing Pens (Set of 2)";

/*
 * Every page is opened and then left to finish loading its scripts: the keys and clicks here are
 * about what the hydrated page does (a click before hydration is a plain link or form post).
 */

/** Opens a page with this cart already saved in the browser (the format of cart-storage.ts). */
async function withSavedCart(page: Page, path: string, items: { id: number; selectedSize: string; quantity: number }[]) {
  await page.goto("/terms");
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [CART_KEY, JSON.stringify({ items })]);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

test("a client-side navigation moves focus to the new page's heading and says its title; a filter leaves focus alone", async ({ page }) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: "View All News" }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expectFocusShown(page);
  await expect(statusAnnouncer(page)).toHaveText(/^News & Updates \| Ridgeway Racing, page loaded$/);

  // A same-page filter: the link that was pressed still has focus, and nothing is said.
  const filter = page.getByRole("navigation", { name: "Filter by category" }).getByRole("link").nth(1);
  await filter.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]category=/);
  await expect(filter).toBeFocused();
  await expect(statusAnnouncer(page)).toHaveText(/^News & Updates/);

  // The home page's heading is for screen readers only; with focus it shows, below the header.
  await page.getByRole("link", { name: "Ridgeway Racing home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expectFocusShown(page);
  await expectNoSidewaysScroll(page);
  await expect(statusAnnouncer(page)).toHaveText(/page loaded$/);
});

test("cart changes keep focus on the page and are said with the new total", async ({ page }) => {
  await withSavedCart(page, "/cart", [
    { id: 6, selectedSize: "One Size", quantity: 1 },
    { id: 7, selectedSize: "Set of 2", quantity: 1 },
  ]);
  await expect(page.getByTestId("order-total")).toHaveText(/£/);

  // Removing a line: focus goes to the cart's heading, and the removal and new total are said.
  await page.getByRole("button", { name: `Remove ${KEYRING}, One Size from cart` }).press("Enter");
  await expect(page.getByRole("heading", { name: "1 item" })).toBeFocused();
  await expectFocusShown(page);
  await expect(statusAnnouncer(page)).toHaveText(
    new RegExp(`^Removed ${KEYRING}, One Size from your cart\\. Total now £\\d+\\.\\d\\d\\.$`),
  );

  // A promo code applied from the keyboard: the field is not disabled under the shopper, and
  // once the form gives way to its confirmation, focus is on that confirmation's Remove button.
  const field = page.getByRole("textbox", { name: "Promo code" });
  await field.fill("ridgeway10");
  await field.press("Enter");
  await expect(page.getByRole("button", { name: "Remove promo code RIDGEWAY10" })).toBeFocused();
  await expectFocusShown(page);
  await expect(statusAnnouncer(page)).toHaveText(/^Promo code RIDGEWAY10 applied: 10% off\. Total now £\d+\.\d\d\.$/);

  // The last line: focus goes to the empty cart's heading.
  await page.getByRole("button", { name: `Remove ${PENS}, Set of 2 from cart` }).press("Enter");
  await expect(page.getByRole("heading", { name: "Your Cart is Empty" })).toBeFocused();
  await expectFocusShown(page);
  await expect(statusAnnouncer(page)).toHaveText(/Your cart is empty\.$/);
});

test("the add-to-cart confirmation stays while its View cart link has focus", async ({ page }) => {
  await page.clock.install();
  await page.goto("/store");
  await page.waitForLoadState("networkidle");
  const keyring = page.getByRole("article", { name: KEYRING, exact: true });
  await keyring.getByRole("button", { name: "Add to Cart" }).click();
  const viewCart = keyring.getByRole("link", { name: "View cart" });
  await viewCart.focus();
  await page.clock.runFor(6_000);
  await expect(viewCart).toBeFocused();
  await expectFocusShown(page);

  // Once focus has left it, it goes as before.
  await keyring.getByRole("button", { name: "Add to Cart" }).focus();
  await page.clock.runFor(6_000);
  await expect(viewCart).toHaveCount(0);
});

test("at the end of the driver strip focus moves from the disabled Next arrow to Previous", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const next = page.getByRole("button", { name: "Next drivers" });
  await next.focus();
  // A press a frame, as a person presses at most: the strip measures its edges when it has
  // scrolled. Pressed faster, the press after the last step lands on Previous (focus has moved
  // there) and scrolls back, and the strip never stays at its end.
  for (let presses = 0; presses < 12 && (await next.isEnabled()); presses++) {
    await page.keyboard.press("Enter");
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  await expect(next).toBeDisabled();
  await expect(page.getByRole("button", { name: "Previous drivers" })).toBeFocused();
  await expectFocusShown(page);
});
