import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { emailsTo, uniqueEmail } from "../support/e2e-server";

const SUBSCRIBED = "Thanks! Check your inbox: we've sent you a link to confirm your subscription.";

async function linkInEmail(to: string, kind: "confirm" | "unsubscribe"): Promise<string> {
  let url: string | undefined;
  await expect
    .poll(() => {
      const text = emailsTo(to)[0]?.text ?? "";
      url = new RegExp(`https?://\\S+/newsletter/${kind}\\?token=\\S+`).exec(text)?.[0];
      return url;
    })
    .toBeTruthy();
  // The e-mail uses the site's public address; the test server listens elsewhere.
  const link = new URL(url!);
  return `${link.pathname}${link.search}`;
}

function footerForm(page: Page) {
  return page.locator("footer form");
}

test("the footer form subscribes, confirms by e-mail and unsubscribes in one click", async ({ page }) => {
  const email = uniqueEmail("footer");
  await page.goto("/terms");
  const form = footerForm(page);

  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Enter your email address.")).toBeVisible();
  await expect(form.getByText("Tick the box to agree to receive our emails.")).toBeVisible();

  await form.getByRole("textbox", { name: "Email address" }).fill("not-an-email");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByText("Enter a valid email address, like name@example.com.")).toBeVisible();

  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toHaveText(SUBSCRIBED);
  await expect(page).toHaveURL(/\/terms$/);
  await expect(form.getByRole("textbox", { name: "Email address" })).toHaveValue("");

  // Opening the link (as a mail provider's link scanner also does) confirms nothing: the button does.
  const confirmLink = await linkInEmail(email, "confirm");
  await page.goto(confirmLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
  await page.goto(confirmLink);
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");

  // The same link a second time says it is done.
  const again = await page.goto(confirmLink);
  expect(again?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
  await expect(page.getByRole("button", { name: "Confirm subscription" })).toHaveCount(0);

  await page.goto(await linkInEmail(email, "unsubscribe"));
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
});

test("subscribing twice sends one confirmation", async ({ page }) => {
  const email = uniqueEmail("twice");
  await page.goto("/");
  for (let i = 0; i < 2; i += 1) {
    const form = footerForm(page);
    await form.getByRole("textbox", { name: "Email address" }).fill(email);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("status")).toHaveText(SUBSCRIBED);
  }
  await expect.poll(() => emailsTo(email).length).toBe(1);
  await page.waitForTimeout(600);
  expect(emailsTo(email)).toHaveLength(1);
});

test("the footer keeps what was typed while the visitor moves to another page (it hydrates later, ADR 0093)", async ({ page }) => {
  await page.goto("/terms");
  await footerForm(page).getByRole("textbox", { name: "Email address" }).fill("fan@example.com");
  // A link inside the site: React Router renders the new page, and the layout with it.
  await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(footerForm(page).getByRole("textbox", { name: "Email address" })).toHaveValue("fan@example.com");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the footer form still works and keeps what was typed when it is wrong", async ({ page }) => {
    await page.goto("/");
    const form = footerForm(page);
    await form.getByRole("textbox", { name: "Email address" }).fill("fan@");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    const pageForm = page.locator("main form");
    await expect(pageForm.getByText("Enter a valid email address, like name@example.com.")).toBeVisible();
    await expect(pageForm.getByRole("textbox", { name: "Email address" })).toHaveValue("fan@");

    const email = uniqueEmail("nojs");
    await pageForm.getByRole("textbox", { name: "Email address" }).fill(email);
    await pageForm.getByRole("checkbox").check();
    await pageForm.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.locator("main form").getByRole("status")).toHaveText(SUBSCRIBED);
    await expect.poll(() => emailsTo(email).length).toBe(1);
  });
});
