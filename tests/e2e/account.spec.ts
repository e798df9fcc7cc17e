import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { uniqueEmail } from "../support/e2e-server";
import { test } from "../support/hydrated-test";
import { expectNoSeriousViolations } from "../support/page-checks";
import { signInAfterSignUp } from "../support/sign-up";

const PASSWORD = "a long and unusual password";
const SESSION_COOKIE = "ridgeway.session_token";
const DAY_SECONDS = 24 * 60 * 60;

const form = (page: Page) => page.locator("main form");

async function signUp(page: Page, { name, email, role }: { name: string; email: string; role: "Team Member" | "Driver" }) {
  await page.goto("/login");
  await page.getByRole("link", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Account");
  await form(page).getByLabel("Full Name").fill(name);
  await form(page).getByLabel("Email", { exact: true }).fill(email);
  await form(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
  // Team Member is chosen unless the visitor picks Driver.
  await expect(form(page).getByRole("radio", { name: "Team Member" })).toBeChecked();
  await form(page).getByRole("radio", { name: role }).check();
  await form(page).getByRole("button", { name: "Create Account" }).click();
  await signInAfterSignUp(page, PASSWORD);
}

/**
 * Submits the sign-in form, once: the test is a client of its own (hydrated-test.ts), and signs
 * in at most three times, so the per-client limit (3 per 10 s) never answers it.
 */
async function submitSignIn(
  page: Page,
  { email, password, rememberMe = false }: { email: string; password: string; rememberMe?: boolean },
) {
  await form(page).getByLabel("Email", { exact: true }).fill(email);
  await form(page).getByLabel("Password", { exact: true }).fill(password);
  await form(page).getByRole("checkbox", { name: "Remember me" }).setChecked(rememberMe);
  await form(page).getByRole("button", { name: "Sign In" }).click();
}

async function sessionCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === SESSION_COOKIE);
}

test("a driver signs up, lands on the driver dashboard, signs out and back in, with Remember me off then on", async ({
  page,
  isMobile,
}) => {
  const email = uniqueEmail("driver");
  await page.goto("/login");
  await expectNoSeriousViolations(page);

  await signUp(page, { name: "Dee Driver", email, role: "Driver" });
  await expect(page).toHaveURL(/\/dashboard\/driver$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Driver Dashboard");
  await expect(page.getByText("Your account isn't linked to a driver profile yet")).toBeVisible();
  await expectNoSeriousViolations(page);

  // The team members' dashboard is not theirs: they land on their own, which says why.
  await page.goto("/dashboard/team");
  await expect(page).toHaveURL(/\/dashboard\/driver\?not-for=team_member$/);
  await expect(page.getByRole("status").filter({ hasText: "The Team Dashboard is for team member accounts." })).toBeVisible();

  // Remember me off: a browser-session cookie, HttpOnly and SameSite=Lax.
  const browserSession = await sessionCookie(page);
  expect(browserSession).toMatchObject({ expires: -1, httpOnly: true, sameSite: "Lax" });

  // Signed in, /login sends the visitor home.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);

  // Sign Out in the dashboard on a phone; on a desktop the header's, which is not repeated there.
  await page.goto("/dashboard");
  await expect(page.getByRole("button", { name: "Sign Out", exact: true }).filter({ visible: true })).toHaveCount(1);
  await page
    .locator(isMobile ? "main" : "header")
    .getByRole("button", { name: "Sign Out" })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await sessionCookie(page)).toBeUndefined();

  await submitSignIn(page, { email, password: PASSWORD, rememberMe: true });
  await expect(page).toHaveURL(/\/dashboard\/driver$/);
  // Remember me on: the cookie outlives the browser, for 30 days.
  const remembered = await sessionCookie(page);
  const daysLeft = (remembered!.expires - Date.now() / 1000) / DAY_SECONDS;
  expect(daysLeft).toBeGreaterThan(29.9);
  expect(daysLeft).toBeLessThanOrEqual(30);
});

test("a team member signs up, edits the profile, signs out, and a wrong password is told apart from nothing", async ({
  page,
  isMobile,
}) => {
  // Eleven pages and four accessibility checks: full runs on the two-core machine ran it out of
  // its 30 s at the last step.
  test.slow();
  const email = uniqueEmail("member");
  await signUp(page, { name: "Tam Member", email, role: "Team Member" });
  await expect(page).toHaveURL(/\/dashboard\/team$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team Dashboard");
  await expect(page.getByRole("heading", { name: "Latest Team News" })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("User Dashboard");
  const profile = page.getByRole("region", { name: "Profile" });
  await expect(profile.getByText(email)).toBeVisible();
  await expect(profile.getByText("Team Member")).toBeVisible();
  await expect(profile.getByRole("img", { name: "No profile picture" })).toBeVisible();
  await expectNoSeriousViolations(page);

  // Cancel leaves everything as it was.
  await page.getByRole("link", { name: "Edit Profile" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Not Saved");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(profile.getByText("Tam Member")).toBeVisible();

  // A file that is not a picture is refused; edit mode stays, with the name as typed.
  await page.getByRole("link", { name: "Edit Profile" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Tamsin Member");
  await page.getByLabel("Profile picture (optional)").setInputFiles({
    name: "not-a-picture.png",
    mimeType: "image/png",
    buffer: Buffer.from("this is plain text, not a PNG"),
  });
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("alert")).toHaveText("That file isn't a picture we can use. Upload a JPEG, PNG or WebP image.");
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Tamsin Member");
  await expectNoSeriousViolations(page);

  // A real picture is saved, resized and shown.
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c8102e" } })
    .png()
    .toBuffer();
  await page.getByLabel("Profile picture (optional)").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/dashboard\?saved$/);
  await expect(page.getByRole("status").filter({ hasText: "Your profile is saved." })).toBeVisible();
  await expect(profile.getByText("Tamsin Member")).toBeVisible();
  const avatar = profile.getByRole("img", { name: "Tamsin Member's profile picture" });
  await expect(avatar).toBeVisible();
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);

  await page.getByRole("link", { name: "My Orders" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders");
  await expect(page.getByText("You haven't placed an order while signed in yet.")).toBeVisible();
  await expectNoSeriousViolations(page);

  // Sign out from the header (the menu on a phone).
  if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
  await page
    .locator(isMobile ? "#mobile-menu" : "header")
    .getByRole("button", { name: "Sign Out" })
    .click();
  await expect(page).toHaveURL(/\/login$/);

  // A protected page sends the visitor to sign in, and back there afterwards.
  await page.goto("/dashboard/orders");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Forders$/);
  await submitSignIn(page, { email, password: "not the right password" });
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  // The form stays usable, with the e-mail kept.
  await expect(form(page).getByLabel("Email", { exact: true })).toHaveValue(email);
  await submitSignIn(page, { email, password: PASSWORD });
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
});

test("a 60-character address wraps on the dashboard and the security page: at 390 px neither is wider than the screen", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "one phone width is enough: 390 px");
  await page.setViewportSize({ width: 390, height: 844 });
  // No hyphen or dot in the local part: nothing the browser may break the line at.
  const [local, domain] = uniqueEmail("longaddress").replaceAll("-", "").split("@");
  const email = `${local!.padEnd(59 - domain!.length, "x")}@${domain}`;
  expect(email).toHaveLength(60);
  await signUp(page, { name: "Lee Long", email, role: "Team Member" });
  await expect(page).toHaveURL(/\/dashboard\/team$/);

  // They were 617 and 648 px wide: the address did not wrap.
  for (const path of ["/dashboard", "/dashboard/security"]) {
    await page.goto(path);
    await expect(page.getByRole("main").getByText(email)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});
