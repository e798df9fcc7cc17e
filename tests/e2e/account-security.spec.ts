import { readFileSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import { emailsTo, uniqueEmail } from "../support/e2e-server";
import { test } from "../support/hydrated-test";
import { clientAddressFor } from "../support/own-address";
import { expectNoSeriousViolations } from "../support/page-checks";
import { freshCode } from "../support/prepared-staff";
import { signInAfterSignUp } from "../support/sign-up";

const PASSWORD = "a long and unusual password";
const NEW_PASSWORD = "another long and unusual password";

/**
 * Fills a form and clicks its button, once. The test is a client of its own (hydrated-test.ts),
 * and a journey with more password or code steps than a per-client limit allows in 10 s (3)
 * moves to another address of its own between its parts (fromAnotherAddress), so no step is
 * ever answered "Too many attempts".
 */
async function submit(page: Page, button: Locator, fill: () => Promise<void> = async () => {}) {
  await fill();
  await button.click();
}

/** The rest of the test comes from another address of its own, named by `part` (deterministic, as the test's own). */
async function fromAnotherAddress(page: Page, part: string) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": anotherAddress(part) });
}

function anotherAddress(part: string) {
  const testInfo = test.info();
  return clientAddressFor({ ...testInfo, testId: `${testInfo.testId}/${part}` });
}

async function createAccount(page: Page, email: string) {
  await page.goto("/login?mode=create");
  const form = page.locator("main form");
  await form.getByLabel("Full Name").fill("Sasha Secure");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();
  await signInAfterSignUp(page, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/team$/);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  const form = page.locator("main form");
  await submit(page, form.getByRole("button", { name: "Sign In" }), async () => {
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Password", { exact: true }).fill(password);
  });
}

async function signOut(page: Page) {
  await page.goto("/dashboard/security");
  // The dashboard's own on a phone; from xl up the header's (the dashboard does not repeat it).
  await page.getByRole("button", { name: "Sign Out", exact: true }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The path of the newest link of `kind` e-mailed to `to` (the e-mail names the public address). */
async function linkInEmail(to: string, kind: "reset-password" | "verify-email"): Promise<string> {
  let url: string | undefined;
  await expect
    .poll(() => {
      const texts = emailsTo(to).map((email) => email.text);
      url = texts
        .map((text) => new RegExp(`https?://\\S+/${kind}\\?token=\\S+`).exec(text)?.[0])
        .filter(Boolean)
        .at(-1);
      return url;
    })
    .toBeTruthy();
  const link = new URL(url!);
  return `${link.pathname}${link.search}`;
}

test("a forgotten password is reset from the e-mailed link, once, and every other session is signed out", async ({ page, browser }) => {
  // Two browsers and three accessibility checks: it ran out of its 30 s, every step passing,
  // in a full run on the two-core machine.
  test.slow();
  const email = uniqueEmail("reset");
  await createAccount(page, email);

  const other = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": anotherAddress("second browser") } });
  const visitor = await other.newPage();
  await visitor.goto("/login");
  await visitor.getByRole("link", { name: "Forgot password?" }).click();
  await expect(visitor).toHaveURL(/\/forgot-password$/);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Forgot Password");
  await expectNoSeriousViolations(visitor);
  await visitor.locator("main").getByLabel("Email", { exact: true }).fill(email);
  await visitor.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(visitor.locator("main").getByRole("status")).toContainText("If an account uses that address, we've sent it a link");

  const link = await linkInEmail(email, "reset-password");
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Choose a New Password");
  await expectNoSeriousViolations(visitor);
  await visitor.getByLabel("New Password", { exact: true }).fill("password1");
  await visitor.getByLabel("Confirm New Password").fill("password1");
  await visitor.getByRole("button", { name: "Set New Password" }).click();
  await expect(visitor.getByText("This password is one of the most commonly used")).toBeVisible();
  await visitor.getByLabel("New Password", { exact: true }).fill(NEW_PASSWORD);
  await visitor.getByLabel("Confirm New Password").fill(NEW_PASSWORD);
  await visitor.getByRole("button", { name: "Set New Password" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Password Changed");

  // The first browser's session ended with the reset.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);

  // The link works once.
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Link Not Valid");
  await expect(visitor.getByRole("alert")).toHaveText("This reset link has expired or has already been used. Ask for a new one below.");
  await expectNoSeriousViolations(visitor);

  await signIn(visitor, email, NEW_PASSWORD);
  await expect(visitor).toHaveURL(/\/dashboard\/team$/);
  await other.close();
});

test("two-factor is turned on with a code from the app, asked for at sign-in, and a backup code works once", async ({ page }) => {
  // Nine password and code steps and five accessibility checks: over a minute on the busy two-core machine.
  test.slow();
  const email = uniqueEmail("totp");
  await createAccount(page, email);
  await page.locator("main").getByRole("link", { name: "Security" }).click();
  await expect(page).toHaveURL(/\/dashboard\/security$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security Settings");
  await expect(page.getByText("This device", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);

  const twoFactor = page.locator("section", { has: page.getByRole("heading", { name: "Two-Factor Authentication" }) });
  await submit(page, twoFactor.getByRole("button", { name: "Turn On Two-Factor" }), () =>
    twoFactor.getByLabel("Your Password").fill(PASSWORD),
  );
  await expect(twoFactor.getByRole("img", { name: /QR code/ })).toBeVisible();
  await expectNoSeriousViolations(page);
  const secret = (await twoFactor.getByTestId("two-factor-secret").textContent())!.trim();
  // On the phone that holds the authenticator: a link that opens it with the account filled in,
  // and the key copied with one tap.
  const openInApp = twoFactor.getByRole("link", { name: "Open in Authenticator App" });
  const otpauth = new URL((await openInApp.getAttribute("href"))!);
  expect(otpauth.protocol).toBe("otpauth:");
  expect(otpauth.searchParams.get("secret")).toBe(secret.replace(/\s+/g, ""));
  expect(otpauth.searchParams.get("issuer")).toBe("Ridgeway Racing");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await twoFactor.getByRole("button", { name: "Copy Key" }).click();
  await expect(twoFactor.getByRole("status").filter({ hasText: "Key copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret.replace(/\s+/g, ""));

  await twoFactor.getByLabel("Code From Your App").fill("000000");
  await twoFactor.getByRole("button", { name: "Confirm and Turn On" }).click();
  await expect(twoFactor.getByRole("alert")).toContainText("didn't work");
  await submit(page, twoFactor.getByRole("button", { name: "Confirm and Turn On" }), async () =>
    twoFactor.getByLabel("Code From Your App").fill(await freshCode(secret)),
  );
  await expect(twoFactor.getByText("Two-factor authentication is on.")).toBeVisible();
  const codes = await twoFactor.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  // The codes can be kept: downloaded as a text file, or copied.
  const [download] = await Promise.all([page.waitForEvent("download"), twoFactor.getByRole("link", { name: "Download Codes" }).click()]);
  expect(download.suggestedFilename()).toBe("ridgeway-racing-backup-codes.txt");
  const saved = readFileSync((await download.path())!, "utf8");
  for (const code of codes) expect(saved).toContain(code.trim());
  await twoFactor.getByRole("button", { name: "Copy Codes" }).click();
  await expect(twoFactor.getByRole("status").filter({ hasText: "Codes copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(saved);
  await expectNoSeriousViolations(page);
  // Shown once: gone on the next visit.
  await page.goto("/dashboard/security");
  await expect(page.getByRole("list", { name: "Backup codes" })).toHaveCount(0);
  await expect(twoFactor.getByText("On", { exact: true })).toBeVisible();

  // Sign-in now asks for a code.
  await signOut(page);
  await fromAnotherAddress(page, "code");
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/login\/two-factor$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-Factor Check");
  await expectNoSeriousViolations(page);
  await submit(page, page.getByRole("button", { name: "Verify" }), async () =>
    page.getByLabel("Authentication Code").fill(await freshCode(secret)),
  );
  await expect(page).toHaveURL(/\/dashboard\/team$/);

  // A backup code instead of the app, once.
  await signOut(page);
  await fromAnotherAddress(page, "backup");
  await signIn(page, email, PASSWORD);
  await page.getByRole("link", { name: "Use a backup code" }).click();
  await expect(page).toHaveURL(/\/login\/two-factor\?method=backup$/);
  await expectNoSeriousViolations(page);
  await submit(page, page.getByRole("button", { name: "Verify" }), () => page.getByLabel("Backup Code").fill(codes[0]!));
  await expect(page).toHaveURL(/\/dashboard\/team$/);

  await signOut(page);
  await fromAnotherAddress(page, "backup again");
  await signIn(page, email, PASSWORD);
  await page.getByRole("link", { name: "Use a backup code" }).click();
  await submit(page, page.getByRole("button", { name: "Verify" }), () => page.getByLabel("Backup Code").fill(codes[0]!));
  await expect(page.getByRole("alert")).toHaveText("That backup code didn't work, or it has been used already.");
  await submit(page, page.getByRole("button", { name: "Verify" }), () => page.getByLabel("Backup Code").fill(codes[1]!));
  await expect(page).toHaveURL(/\/dashboard\/team$/);
});

test("the e-mailed verification link confirms the address shown on the Security page", async ({ page }) => {
  const email = uniqueEmail("verify");
  await createAccount(page, email);
  await page.goto("/dashboard/security");
  await expect(page.getByText("· Not confirmed yet")).toBeVisible();
  await page.goto(await linkInEmail(email, "verify-email"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("E-mail Confirmed");
  await expectNoSeriousViolations(page);
  await page.getByRole("link", { name: "Go to Security Settings" }).click();
  await expect(page.getByText("· Confirmed")).toBeVisible();
});

test("my data downloads as JSON, and deleting the account signs out to the home page", async ({ page }) => {
  const email = uniqueEmail("leaver");
  await createAccount(page, email);
  await page.goto("/dashboard/security");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download My Data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ridgeway-racing-account-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await (await import("node:fs/promises")).readFile((await download.path())!, "utf8"));
  expect(exported.profile.email).toBe(email);

  const data = page.locator("section", { has: page.getByRole("heading", { name: "Your Data" }) });
  await data.getByLabel("Your Password").fill(PASSWORD);
  await data.getByRole("checkbox").check();
  await data.getByRole("button", { name: "Delete My Account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
});
