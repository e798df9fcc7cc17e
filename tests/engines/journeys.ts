import type { JourneyPage } from "./journey-page";

/*
 * The key journeys of issue 36, each ending on what the visitor should see. The runner checks
 * after every journey that no console error or page error was logged; each journey checks that
 * the pages it passes through do not scroll sideways.
 */

export interface Journey {
  name: string;
  /** Only at these widths; every width when absent. */
  widths?: readonly number[];
  run(page: JourneyPage, visitor: Visitor): Promise<void>;
}

export interface Visitor {
  /** An address no other journey of the run uses, `length` characters long when given. */
  email(label: string, length?: number): string;
}

const TSHIRT = { slug: "team-tshirt", name: "Ridgeway Racing Team T-Shirt" };
const PASSWORD = "a long and unusual password";
const SUBSCRIBED = "Thanks! Check your inbox: we've sent you a link to confirm your subscription.";

const home: Journey = {
  name: "home",
  async run(page) {
    await page.visit("/");
    await page.find({ css: 'section[aria-label="Latest race reports"] a[href^="/news/"]' });
    await page.expectNoOverflow("/");
    await page.evaluate('(document.querySelector("footer").scrollIntoView(), true)');
    await page.find({ css: "footer nav a", text: "Privacy" });
    // Scrolled, the header is solid: opaque, as an engine that paints no backdrop blur needs.
    await page.waitFor("the header to turn solid", 'document.querySelector("header").dataset.solid === "true"');
    await page.waitFor(
      "the scrolled header to be opaque",
      `alphaOf(getComputedStyle(document.querySelector("header")).backgroundColor) === 1`,
      5_000,
    );
    await page.expectNoOverflow("/ scrolled to the footer");
  },
};

const phoneMenu: Journey = {
  name: "phone menu",
  widths: [390],
  async run(page) {
    await page.visit("/terms");
    await page.click({ css: 'header button[aria-controls="mobile-menu"]', text: "Open menu" });
    await page.waitFor("the menu to open", 'visible(document.getElementById("mobile-menu"))');
    await page.click({ css: '#mobile-menu nav[aria-label="Mobile"] a', text: "Calendar" });
    await page.expectPath(/^\/calendar$/);
    await page.expectHeading("Race Calendar");
    // Closed, the panel is gone or invisible: either way not seen.
    await page.waitFor("the menu to close", '!visible(document.getElementById("mobile-menu"))');
    await page.expectNoOverflow("/calendar");
  },
};

const news: Journey = {
  name: "news",
  async run(page) {
    await page.visit("/news");
    await page.expectHeading("News & Updates");
    await page.expectNoOverflow("/news");
    const title = await page.waitFor<string>("a story's title", 'norm(document.querySelector("main article :is(h2, h3)")?.textContent)');
    await page.click({ css: "main article a[href^='/news/']", text: "Read More" });
    await page.expectPath(/^\/news\/[^/]+$/);
    await page.expectHeading(title);
    await page.expectNoOverflow("a news article");
  },
};

const calendar: Journey = {
  name: "calendar",
  async run(page) {
    await page.visit("/calendar");
    await page.expectHeading("Race Calendar");
    await page.click({ css: 'button[aria-controls^="round-"]', text: "Silverstone International" });
    await page.waitFor(
      "the round's details",
      'document.querySelector(\'button[aria-controls^="round-"][aria-expanded="true"]\') && visible(document.getElementById(document.querySelector(\'button[aria-expanded="true"][aria-controls^="round-"]\').getAttribute("aria-controls")))',
    );
    await page.expectNoOverflow("/calendar with a round open");
    // The round's own page: its sessions as they stand, the ticker and the results.
    await page.click({ css: "main a[href^='/calendar/']", text: "Round page: sessions, ticker and results" });
    await page.expectPath(/^\/calendar\/[^/.]+$/);
    await page.waitFor(
      "the round page's heading and sessions",
      'settled() && /Silverstone International/.test(norm(document.querySelector("main h1")?.textContent)) && document.querySelectorAll("main [data-session]").length > 0',
    );
    await page.expectNoOverflow("a round's page");
  },
};

const store: Journey = {
  name: "store to a paid order",
  async run(page, visitor) {
    await page.visit("/store");
    await page.expectHeading("Team Store");
    // The site's own select: sorting submits the form as the value changes.
    await page.choose("Sort by", "price-asc");
    await page.expectPath(/[?&]sort=price-asc/);
    await page.expectNoOverflow("/store");
    await page.click({ css: `main a[href="/store/${TSHIRT.slug}"]`, text: TSHIRT.name });
    await page.expectHeading(TSHIRT.name);
    await page.choose("Size", "L", "main");
    await page.click({ css: "main form button[type=submit]", text: "Add to Cart" });
    await page.expectText('main [role="status"]', "Added to cart (L)");
    await page.expectNoOverflow(`/store/${TSHIRT.slug}`);

    await page.click({ css: 'header a[href="/cart"]' });
    await page.expectHeading("Your Cart");
    await page.expectText("main", TSHIRT.name);
    await page.expectNoOverflow("/cart");
    await page.click({ css: "main a[href='/checkout']", text: "Proceed to Checkout" });
    await page.expectHeading("Secure Checkout");
    await page.fill("Full Name", "Sam Shopper");
    // A long address (60 characters), as on the dashboard: the confirmation wraps it.
    await page.fill("Email Address", visitor.email("order", 60));
    await page.fill("Recipient Name", "Sam Shopper");
    await page.fill("Address Line 1", "1 Pit Lane");
    await page.fill("Town or City", "Andover");
    await page.fill("Postcode", "sp11 8pw");
    await page.choose("Country", "GB");
    await page.expectNoOverflow("/checkout");
    await page.click({ css: "main button[type=submit]", text: "Proceed to Payment" });

    await page.expectPath(/^\/pay\/test\//);
    await page.fill("Card Number", "4242 4242 4242 4242");
    await page.fill("Expiry (MM/YY)", "12/34");
    await page.fill("CVC", "123");
    await page.fill("Name on Card", "Sam Shopper");
    await page.expectNoOverflow("the test provider's payment page");
    await page.click({ css: "main button[type=submit]", text: "Pay £" });

    await page.expectHeading("Order Confirmed!");
    await page.expectText('[data-testid="payment-status"]', "Paid");
    await page.expectText("main", TSHIRT.name);
    await page.expectNoOverflow("/order-confirmation");
  },
};

const account: Journey = {
  name: "sign up and sign in",
  async run(page, visitor) {
    // A long address (60 characters): the dashboard's pages wrap it rather than widen.
    const email = visitor.email("account", 60);
    await page.visit("/login");
    await page.click({ css: "main nav a", text: "Create Account" });
    await page.expectHeading("Create Account");
    await page.fill("Full Name", "Tam Member", "main form");
    await page.fill("Email", email, "main form");
    await page.fill("Password", PASSWORD, "main form");
    await page.click({ css: "main form button[type=submit]", text: "Create Account" });
    // A sign-up signs nobody in (ADR 0099): the page says to check the e-mail, above the sign-in
    // form with the address filled in, where the new account signs in with its password.
    await page.expectPath(/^\/login/);
    await page.expectText('main [role="status"]', "We've sent an e-mail to that address");
    await page.fill("Password", PASSWORD, "main form");
    await page.click({ css: "main form button[type=submit]", text: "Sign In" });
    await page.expectPath(/^\/dashboard\/team$/);
    await page.expectHeading("Team Dashboard");
    await page.expectNoOverflow("/dashboard/team");

    await page.click({ css: 'main nav[aria-label="Dashboard"] a', text: "Profile" });
    await page.expectHeading("User Dashboard");
    await page.expectText("main", email);
    await page.expectNoOverflow("/dashboard with a 60-character address");
    await page.click({ css: 'main nav[aria-label="Dashboard"] a', text: "Security" });
    await page.expectPath(/^\/dashboard\/security$/);
    await page.expectText("main", email);
    await page.expectNoOverflow("/dashboard/security with a 60-character address");

    // Sign Out: the dashboard's own on a phone, the header's on a desktop.
    await page.click({ css: page.width < 1280 ? "main button" : "header button", text: "Sign Out" });
    await page.expectPath(/^\/login$/);
    await page.expectHeading("Sign In");
    await page.fill("Email", email, "main form");
    await page.fill("Password", PASSWORD, "main form");
    await page.click({ css: "main form button[type=submit]", text: "Sign In" });
    await page.expectPath(/^\/dashboard\/team$/);
    await page.expectHeading("Team Dashboard");
  },
};

const newsletter: Journey = {
  name: "newsletter",
  async run(page, visitor) {
    await page.visit("/terms");
    await page.evaluate('(document.querySelector("footer").scrollIntoView(), true)');
    await page.fill("Email address", visitor.email("newsletter"), "footer");
    await page.click({ css: 'footer form input[type="checkbox"]' });
    await page.click({ css: "footer form button[type=submit]", text: "Subscribe" });
    await page.expectText('footer [role="status"]', SUBSCRIBED);
    await page.expectPath(/^\/terms$/);
    await page.expectNoOverflow("/terms with the footer's answer");
  },
};

export const journeys: readonly Journey[] = [home, phoneMenu, news, calendar, store, account, newsletter];
