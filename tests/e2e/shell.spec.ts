import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";

const CART_KEY = "ridgeway-racing-cart";

function failOnConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("header", () => {
  test("turns solid once the page scrolls past 50px", async ({ page }) => {
    const errors = failOnConsoleErrors(page);
    await page.goto("/terms");
    const header = page.locator("body > header");
    await expect(header).toHaveAttribute("data-solid", "false");
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute("data-solid", "false");
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect(header).toHaveAttribute("data-solid", "true");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-solid", "false");
    expect(errors).toEqual([]);
  });

  test("hides the cart badge at 0 and counts items across tabs", async ({ page, context }) => {
    await page.goto("/");
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);

    await page.evaluate(
      ([key]) =>
        localStorage.setItem(
          key!,
          JSON.stringify({
            items: [
              { id: 1, selectedSize: "M", quantity: 2 },
              { id: 1, selectedSize: "L", quantity: 1 },
            ],
          }),
        ),
      [CART_KEY],
    );
    await page.reload();
    await expect(page.getByTestId("cart-badge")).toHaveText("3");

    // Another tab empties the cart: this tab hears it without a reload.
    const other = await context.newPage();
    await other.goto("/terms");
    await other.evaluate(([key]) => localStorage.setItem(key!, JSON.stringify({ items: [] })), [CART_KEY]);
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });

  test("ignores an unreadable saved cart", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(([key]) => localStorage.setItem(key!, "{oops"), [CART_KEY]);
    await page.reload();
    await expect(page.getByRole("link", { name: "Cart", exact: true })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });

  test("shows sign-in and Join The Team for a signed-out visitor", async ({ page, isMobile }) => {
    await page.goto("/");
    if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
    const scope = isMobile ? page.locator("#mobile-menu") : page.locator("body > header");
    await expect(scope.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    await expect(scope.getByRole("link", { name: "Join The Team" })).toHaveAttribute("target", "_blank");
    await expect(scope.getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  });
});

test.describe("footer", () => {
  test("has the tagline, links, newsletter form, e-mail and this year's copyright", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer.getByRole("navigation", { name: "Quick Links" }).getByRole("link")).toHaveText([
      "Team",
      "Female Side",
      "Race Calendar",
      "Spoiler-free mode",
      "News",
      "Gallery",
      "Podcast",
      "Store",
      "Partners",
      "Partner Packages",
      "Contact",
      "Notifications",
    ]);
    await expect(footer.getByRole("navigation", { name: "Legal" }).getByRole("link")).toHaveText([
      "Terms of Service",
      "Privacy Policy",
      "Cookie Policy",
      "Returns & Refunds",
      "Accessibility",
    ]);
    await expect(footer.getByText("I agree to receive emails about news, updates, and promotions")).toBeVisible();
    await expect(footer.getByRole("textbox", { name: "Email address" })).toHaveAttribute("type", "email");
    await expect(footer.getByRole("link", { name: "info@ridgeway-racing.example" })).toHaveAttribute(
      "href",
      "mailto:info@ridgeway-racing.example",
    );
    const socials = footer.getByRole("list", { name: "Social media" }).getByRole("link");
    await expect(socials).toHaveText(["", "", "", "", "", ""]);
    expect(await socials.evaluateAll((links) => links.map((link) => link.getAttribute("aria-label")))).toEqual([
      "Instagram",
      "TikTok",
      "Facebook",
      "Twitter",
      "YouTube",
      "LinkedIn",
    ]);
    // Each shows its network's mark (a symbol of the sprite, marks.svg), and no two the same.
    const marks = await socials
      .locator("svg")
      .evaluateAll((svgs) =>
        svgs.map((svg) => ({ href: svg.querySelector("use")?.getAttribute("href") ?? "", width: svg.getBoundingClientRect().width })),
      );
    expect(marks).toHaveLength(6);
    const sprite = await (await page.request.get(new URL(marks[0]!.href, page.url()).href)).text();
    for (const mark of marks) {
      expect(mark.href).toMatch(/\.svg#[a-z]+$/);
      expect(sprite).toContain(`<symbol id="${mark.href.split("#")[1]}"`);
      expect(mark.width).toBeGreaterThan(15);
    }
    expect(new Set(marks.map((mark) => mark.href)).size).toBe(6);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Ridgeway Racing`);
  });

  test("leaves its newsletter form out on the store, which has its own", async ({ page }) => {
    await page.goto("/store");
    await expect(page.getByRole("textbox", { name: "Email address" })).toHaveCount(1);
    await expect(page.locator("footer").getByRole("textbox", { name: "Email address" })).toHaveCount(0);
  });
});

test.describe("404 page", () => {
  test("answers an unknown path with status 404 and ways back", async ({ page }) => {
    await page.goto("/terms");
    const response = await page.goto("/definitely/not/here");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page Not Found | Ridgeway Racing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    const quickLinks = page.getByRole("navigation", { name: "Popular pages" }).getByRole("link");
    expect(await quickLinks.evaluateAll((links) => links.map((l) => l.getAttribute("href")))).toEqual([
      "/team",
      "/news",
      "/calendar",
      "/partners",
      "/contact",
    ]);

    await page.getByRole("button", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await page.goBack();
    await page.goForward();
    await page.goto("/another-missing-page");
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("legal pages", () => {
  const pages = [
    { path: "/terms", title: "Terms of Service" },
    { path: "/privacy", title: "Privacy Policy" },
    { path: "/cookies", title: "Cookie Policy" },
    { path: "/returns", title: "Returns & Refunds" },
  ];
  for (const legal of pages) {
    test(`${legal.path} shows its text and the date it was revised`, async ({ page }) => {
      const response = await page.goto(legal.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${legal.title} | Ridgeway Racing`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(legal.title);
      await expect(page.getByText(/^Last updated: \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
      await expect(page.getByRole("link", { name: "← Back to Home" })).toHaveAttribute("href", "/");
    });
  }

  test("the returns page states the policy's facts", async ({ page }) => {
    await page.goto("/returns");
    const text = await page.locator("article").innerText();
    for (const fact of [/30 days/i, /original packaging/i, /5.{1,3}10 business days/i, /£25/, /24 hours/i, /3.{1,3}5 business days/i]) {
      expect(text).toMatch(fact);
    }
  });
});

test("pages run without breaking the Content Security Policy", async ({ page }) => {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener("securitypolicyviolation", (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  // Each page twice: the render that fills the page cache, then the cached copy (its CSP lists
  // script hashes instead of a nonce, ADR 0085 and 0094).
  for (const path of ["/", "/", "/terms", "/terms", "/calendar", "/news", "/store", "/missing-page"]) {
    await page.goto(path);
    // Let hydration finish and the saved cart be read.
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  }
});

test("the header fits every width from 320px, with its controls on screen", async ({ page }) => {
  for (const width of [320, 375, 768, 1024, 1280, 1440, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/terms");
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width}px`).toBeLessThanOrEqual(width);
    const control = width >= 1280 ? page.getByRole("link", { name: "Join The Team" }) : page.getByRole("button", { name: "Open menu" });
    const box = await control.boundingBox();
    expect(box, `header control at ${width}px`).not.toBeNull();
    expect(box!.x + box!.width, `header control at ${width}px`).toBeLessThanOrEqual(width);
  }
});
