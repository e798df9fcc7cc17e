import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { emailsTo } from "../support/e2e-server";

// Every post that stores a message counts towards the per-address rate limit
// (5 per 10 minutes), and both projects post from 127.0.0.1: each test here
// stores at most one message, two per project. The limit itself is tested in
// contact-rate-limit.desktop.spec.ts, from an address of its own.

const TEAM_EMAIL = "info@ridgeway-racing.example";
const SENT = "Thank you! Your message has been sent.";

function field(page: Page, label: "Full Name" | "Email Address" | "Subject" | "Category" | "Message") {
  return page.getByLabel(label, { exact: true });
}

/** Notifications the team got about one message. */
function notificationsAbout(subject: string): number {
  return emailsTo(TEAM_EMAIL).filter((email) => email.subject.endsWith(subject)).length;
}

async function fillMessage(page: Page, values: { name: string; email: string; subject: string; message: string }) {
  await field(page, "Full Name").fill(values.name);
  await field(page, "Email Address").fill(values.email);
  await field(page, "Subject").fill(values.subject);
  await field(page, "Message").fill(values.message);
}

test("shows the team's contact details, office hours and social links", async ({ page }) => {
  await page.goto("/contact");
  await expect(page).toHaveTitle("Contact | Ridgeway Racing");
  await expect(page.getByRole("link", { name: "← Back to Home" })).toHaveAttribute("href", "/");

  const panel = page.getByRole("complementary", { name: "Get in Touch" });
  await expect(panel.getByRole("link", { name: TEAM_EMAIL })).toHaveAttribute("href", `mailto:${TEAM_EMAIL}`);
  await expect(panel.getByRole("link", { name: "+44 1632 960 123" })).toHaveAttribute("href", "tel:+441632960123");
  await expect(panel).toContainText("Wiltshire, England, UK");
  await expect(panel.getByRole("listitem").filter({ hasText: "Monday" })).toHaveText("Monday - Friday: 9:00 AM - 6:00 PM");
  await expect(panel.getByRole("listitem").filter({ hasText: "Saturday" })).toHaveText("Saturday - Sunday: Race weekends only");
  const socials = panel.getByRole("region", { name: "Follow Us" }).getByRole("link");
  await expect(socials).toHaveText(["Twitter", "Instagram", "Facebook", "YouTube"]);
  for (const link of await socials.all()) await expect(link).toHaveAttribute("target", "_blank");

  await expect(field(page, "Category")).toHaveValue("General Inquiry");
  await expect(field(page, "Category").locator("option")).toHaveText([
    "General Inquiry",
    "Fan Engagement",
    "Media Request",
    "Sponsorship",
    "Career Opportunity",
  ]);
});

test("says what to fix for empty and invalid input, keeping what was typed", async ({ page }) => {
  await page.goto("/contact");
  await page.waitForLoadState("networkidle");
  const send = page.getByRole("button", { name: "Send Message" });

  await send.click();
  for (const message of ["Enter your full name.", "Enter your email address.", "Enter a subject.", "Enter your message."]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(field(page, "Full Name")).toBeFocused();

  await fillMessage(page, { name: "Alex Morgan", email: "alex@", subject: "Paddock visit", message: "Too short" });
  await field(page, "Category").selectOption("Media Request");
  await send.click();
  await expect(page.getByText("Enter a valid email address, like name@example.com.")).toBeVisible();
  await expect(page.getByText("Your message needs at least 10 characters.")).toBeVisible();
  await expect(page.getByText("Enter your full name.")).toHaveCount(0);
  await expect(field(page, "Email Address")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Email Address")).toBeFocused();
  await expect(field(page, "Full Name")).toHaveValue("Alex Morgan");
  await expect(field(page, "Subject")).toHaveValue("Paddock visit");
  await expect(field(page, "Category")).toHaveValue("Media Request");
  await expect(field(page, "Message")).toHaveValue("Too short");
});

test("a sent message shows the notice with the mail link for 5 seconds, then the form returns cleared", async ({ page }) => {
  const subject = `Hospitality at Thruxton ${Date.now()}`;
  await page.clock.install();
  await page.goto("/contact?category=Sponsorship");
  await page.waitForLoadState("networkidle");
  await expect(field(page, "Category")).toHaveValue("Sponsorship");
  await fillMessage(page, {
    name: "Alex Morgan",
    email: "alex@example.com",
    subject,
    message: "We'd like to bring six guests to Thruxton in July.",
  });
  await field(page, "Category").selectOption("Media Request");
  // Time stands still from here, so the test decides when the 5 seconds are up.
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.getByRole("button", { name: "Send Message" }).click();

  const notice = page.getByRole("status").filter({ hasText: SENT });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("heading")).toBeFocused();
  await expect(notice).toContainText("Prefer your own mail app?");
  const href = await notice.getByRole("link", { name: "Open it pre-filled" }).getAttribute("href");
  const mailto = new URL(href!);
  expect(`${mailto.protocol}${mailto.pathname}`).toBe(`mailto:${TEAM_EMAIL}`);
  expect(mailto.searchParams.get("subject")).toBe(subject);
  expect(mailto.searchParams.get("body")).toBe(
    "Name: Alex Morgan\r\nEmail: alex@example.com\r\nCategory: Media Request\r\n\r\nMessage:\r\nWe'd like to bring six guests to Thruxton in July.",
  );
  await expect(field(page, "Full Name")).toHaveCount(0);

  await page.clock.runFor(4_900);
  await expect(notice).toBeVisible();
  await page.clock.runFor(100);
  await expect(notice).toHaveCount(0);
  await expect(field(page, "Full Name")).toHaveValue("");
  await expect(field(page, "Email Address")).toHaveValue("");
  await expect(field(page, "Subject")).toHaveValue("");
  await expect(field(page, "Message")).toHaveValue("");
  await expect(field(page, "Category")).toHaveValue("General Inquiry");

  // Stored on the server, and the team was told by e-mail.
  await expect.poll(() => notificationsAbout(subject), { timeout: 10_000 }).toBe(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still sends, and says what to fix while keeping what was typed", async ({ page }) => {
    const subject = `Calendar question ${Date.now()}`;
    await page.goto("/contact");
    await field(page, "Full Name").fill("Sam Rivers");
    await field(page, "Email Address").fill("sam@");
    await field(page, "Message").fill("Will the Castle Combe round have a grid walk?");
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(page.getByText("Enter a valid email address, like name@example.com.")).toBeVisible();
    await expect(page.getByText("Enter a subject.")).toBeVisible();
    await expect(field(page, "Full Name")).toHaveValue("Sam Rivers");
    await expect(field(page, "Message")).toHaveValue("Will the Castle Combe round have a grid walk?");

    await field(page, "Email Address").fill("sam@example.com");
    await field(page, "Subject").fill(subject);
    const [accepted] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(accepted.status()).toBe(200);
    const notice = page.getByRole("status").filter({ hasText: SENT });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("link", { name: "Open it pre-filled" })).toHaveAttribute(
      "href",
      new RegExp(`^mailto:${TEAM_EMAIL}\\?subject=${encodeURIComponent(subject)}&body=Name%3A%20Sam%20Rivers`),
    );

    await notice.getByRole("link", { name: "Send another message" }).click();
    await expect(field(page, "Full Name")).toHaveValue("");
    await expect(field(page, "Category")).toHaveValue("General Inquiry");
  });
});
