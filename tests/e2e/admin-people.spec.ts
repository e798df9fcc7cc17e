import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { startDeskSite, type DeskSite } from "../support/desk-site";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { freshCode } from "../support/prepared-staff";
import { openBackOfficeMenu } from "../support/back-office-menu";
import { ADMIN_AREAS } from "../../app/features/admin/areas";
import { signInAfterSignUp } from "../support/sign-up";

/*
 * The back office's first journey: the first admin turns on two-factor, is made an admin with the
 * command line (`npm run user:grant-admin`), signs in with a code, and makes another person an
 * editor at /admin/people, which works only once that person has turned two-factor on too
 * (ADR 0100). Runs at phone and desktop width.
 *
 * The command line opens the embedded database, which one process at a time may hold, so
 * this spec runs a site of its own (tests/support/desk-site.ts): accounts are created, the
 * server is stopped for the command, and started again on the same database.
 */

const PASSWORD = "a long and unusual password";
const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

let desk: DeskSite;
/** The authenticator secrets, as each person's app holds them. */
let adminSecret = "";
let editorSecret = "";
const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
const adminEmail = `first-admin-${stamp}@example.com`;
const editorEmail = `new-editor-${stamp}@example.com`;

async function createAccount(page: Page, name: string, email: string) {
  await page.goto("/login?mode=create");
  const form = page.locator("main form");
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();
  await signInAfterSignUp(page, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/team$/);
}

/** Turns on two-factor from the security page, as an authenticator app would answer; returns the secret. */
async function turnOnTwoFactor(page: Page): Promise<string> {
  const twoFactor = page.locator("section", { has: page.getByRole("heading", { name: "Two-Factor Authentication" }) });
  await twoFactor.getByLabel("Your Password").fill(PASSWORD);
  await twoFactor.getByRole("button", { name: "Turn On Two-Factor" }).click();
  const secret = (await twoFactor.getByTestId("two-factor-secret").textContent())!.trim();
  await twoFactor.getByLabel("Code From Your App").fill(await freshCode(secret.replace(/\s/g, "")));
  await twoFactor.getByRole("button", { name: "Confirm and Turn On" }).click();
  await expect(twoFactor.getByText("Two-factor authentication is on.")).toBeVisible();
  return secret.replace(/\s/g, "");
}

/** Signs in at `/login` with the password, then a code from the app; ends on the page sign-in leads to. */
async function signInWithCode(page: Page, email: string, secret: string) {
  await page.goto(at("/login"));
  const form = page.locator("main form");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/login\/two-factor/);
  await page.getByLabel("Authentication Code").fill(await freshCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard\//);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  ({ site: desk } = await startDeskSite());
  const context = await browser.newContext({ baseURL: desk.url });
  const page = await context.newPage();
  await createAccount(page, "Alex Admin", adminEmail);
  // The command line makes an admin only of someone with two-factor on (ADR 0100).
  await page.goto(`${desk.url}/dashboard/security`);
  adminSecret = await turnOnTwoFactor(page);
  await context.clearCookies();
  await createAccount(page, "Erin Editor", editorEmail);
  await context.close();

  await desk.restart(async () => {
    const granted = await run(path.join(root, "node_modules/.bin/tsx"), ["scripts/user-admin.ts", "grant-admin", adminEmail], {
      cwd: root,
      env: { ...process.env, ...desk.env, LOG_LEVEL: "silent" },
    });
    expect(granted.stdout).toContain("Alex Admin <" + adminEmail + "> is now an admin.");
  });
});

test.afterAll(async () => {
  await desk?.close();
});

/** A path on this spec's own server (the page fixture's baseURL is the shared e2e server). */
const at = (pathAndQuery: string) => `${desk.url}${pathAndQuery}`;

test("the first admin signs in with a code and makes another person an editor once they have two-factor on", async ({ page, browser }) => {
  test.setTimeout(150_000);

  // A guest is sent to sign in; the admin signs in with the password, then a code.
  await page.goto(at("/admin/people"));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fpeople$/);
  await signInWithCode(page, adminEmail, adminSecret);

  // The back office opens, private and unindexed.
  const overview = await page.goto(at("/admin"));
  expect(overview!.headers()["cache-control"]).toBe("private, no-store");
  expect(overview!.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const nav = await openBackOfficeMenu(page);
  await expect(nav.getByRole("link")).toHaveText([
    "Today",
    "News",
    "Newsletters",
    "Notifications",
    "Media",
    "Live",
    "Results",
    "Seasons",
    "Drivers",
    "Team",
    "Female Side",
    "Site content",
    "Legal pages",
    "Partners",
    "E-mails",
    "Site speed",
    "Orders",
    "Products",
    "Promotions",
    "Delivery",
    "Customers",
    "Messages",
    "Subscribers",
    "Mail queue",
    "People",
    "Activity",
    "Settings",
  ]);
  await expect(nav.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  await nav.getByRole("link", { name: "People" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("People");
  await page.getByLabel("Name or e-mail").fill("new-editor");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/admin\/people\?q=new-editor/);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Erin Editor" }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText("No staff roles")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  // Not before Erin has two-factor on: whoever knew her password could turn it on and be staff.
  await expect(card.getByText("two-factor off")).toBeVisible();
  await expect(
    card.getByText("A staff role can be given once they turn on two-factor authentication (Dashboard → Security)."),
  ).toBeVisible();
  await expect(card.getByLabel("Staff role to give Erin Editor")).toHaveCount(0);

  // Erin turns it on from her own Security page.
  const erinContext = await browser.newContext({ baseURL: desk.url, viewport: page.viewportSize() });
  const erin = await erinContext.newPage();
  await erin.goto(at("/login"));
  const erinForm = erin.locator("main form");
  await erinForm.getByLabel("Email", { exact: true }).fill(editorEmail);
  await erinForm.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await erinForm.getByRole("button", { name: "Sign In" }).click();
  await expect(erin).toHaveURL(/\/dashboard\//);
  await erin.goto(at("/dashboard/security"));
  editorSecret = await turnOnTwoFactor(erin);
  await erinContext.close();

  await page.reload();
  await expect(card.getByText("two-factor on")).toBeVisible();
  await card.getByLabel("Staff role to give Erin Editor").selectOption("editor");
  await card.getByRole("button", { name: "Grant role to Erin Editor" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Erin Editor is now an Editor." })).toBeVisible();
  await expect(card.getByRole("button", { name: "Remove Editor role from Erin Editor" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  // The grant is in the activity log, with who did it.
  await (await openBackOfficeMenu(page)).getByRole("link", { name: "Activity" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Activity");
  const latest = page.getByRole("article").first();
  await expect(latest).toContainText("Staff role grant · User");
  await expect(latest).toContainText(`By Alex Admin <${adminEmail}> as Admin`);
  // In words, not JSON: the roles field named for people, the role given marked as added.
  await expect(latest).toContainText("Staff roles: set to editor");
  await expect(latest).not.toContainText("[");
  await page.getByLabel("Action").selectOption("staff_role.grant");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=staff_role.grant/);
  await expect(page.getByRole("article")).toHaveCount(2); // the command line's grant and this one
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  await expectBackOfficeMenuWorks(page);
});

/**
 * Two dozen desks under six headings: on a phone one Menu button that names the current desk and
 * opens the grouped list (by keyboard too, and without JavaScript); on a desktop a column that is
 * always in view. No desk has the public footer under it.
 */
async function expectBackOfficeMenuWorks(page: Page) {
  await page.goto(at("/admin/activity"));
  const nav = page.getByRole("navigation", { name: "Back office" });
  const button = nav.locator("summary");
  await expect(page.locator("main ~ footer"), "a desk has no public footer").toBeHidden();
  const expectGroups = async () => {
    for (const [group, first] of [
      ["Newsroom", "News"],
      ["Racing", "Live"],
      ["Team", "Drivers"],
      ["Site", "Site content"],
      ["Shop", "Orders"],
      ["Inbox and mail", "Messages"],
      ["Administration", "People"],
    ] as const) {
      const list = nav.getByRole("list", { name: group });
      await expect(list, group).toBeVisible();
      await expect(list.getByRole("link").first()).toHaveText(first);
    }
  };
  if ((page.viewportSize()?.width ?? 0) >= 1024) {
    await expect(button).toBeHidden();
    await expect(nav.getByRole("link", { name: "Activity" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link")).toHaveCount(ADMIN_AREAS.length);
    await expectGroups();
    return;
  }
  await expect(button).toHaveText(/Menu.*Activity/);
  await expect(nav.getByRole("link")).toHaveCount(0);
  const navBox = (await nav.boundingBox())!;
  expect(navBox.height, "the closed menu is one row").toBeLessThan(60);

  // Keyboard: the button opens it, Escape closes it and leaves the keyboard on the button.
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(nav.getByRole("link", { name: "Activity" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link")).toHaveCount(ADMIN_AREAS.length);
  await expectGroups();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Today" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(nav.getByRole("link")).toHaveCount(0);
  await expect(button).toBeFocused();

  // A desk chosen from it opens and the menu closes, naming the new desk.
  await page.keyboard.press("Space");
  await nav.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Site settings");
  await expect(nav.getByRole("link")).toHaveCount(0);
  await expect(button).toHaveText(/Menu.*Settings/);

  // Without JavaScript the same button opens the same list.
  const noScript = await page
    .context()
    .browser()!
    .newContext({
      javaScriptEnabled: false,
      viewport: page.viewportSize(),
      storageState: await page.context().storageState(),
    });
  const plain = await noScript.newPage();
  await plain.goto(at("/admin"));
  const plainNav = plain.getByRole("navigation", { name: "Back office" });
  await plainNav.locator("summary").click();
  await plainNav.getByRole("link", { name: "People" }).click();
  await expect(plain.getByRole("heading", { level: 1 })).toHaveText("People");
  await noScript.close();
}

test("the new editor signs in with a code and sees only what editors may open", async ({ page }) => {
  // Sign-in with a code (which may wait for the authenticator's next step) and four desks.
  test.setTimeout(120_000);
  await signInWithCode(page, editorEmail, editorSecret);

  await page.goto(at("/admin"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today");
  await expect((await openBackOfficeMenu(page)).getByRole("link")).toHaveText([
    "Today",
    "News",
    "Newsletters",
    "Notifications",
    "Media",
    "Live",
    "Results",
    "Seasons",
    "Drivers",
    "Team",
    "Female Side",
    "Site content",
    "Legal pages",
    "Partners",
    "E-mails",
    "Site speed",
  ]);
  await expect(page.getByRole("heading", { name: "Your recent changes" })).toBeVisible();

  const people = await page.goto(at("/admin/people"));
  expect(people!.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not available");
  await expect(page.getByText("This part of the back office is not open to your account.")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
});
