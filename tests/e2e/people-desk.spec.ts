import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect as baseExpect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { uniqueEmail } from "../support/e2e-server";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { signInAfterSignUp } from "../support/sign-up";

/*
 * A driver sends a new bio from their dashboard; the public page keeps the approved one; an
 * editor approves it in the back office; the public driver page shows it. The run has a
 * site of its own (tests/support/desk-site.ts): the editor is made before it starts, and the
 * driver's account is linked from the command line between two runs of its server.
 */

const PASSWORD = "a long and unusual password";
// Sign-up hashes a password and the page loads run on shared, busy machines: wait longer than 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });
const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

async function signUp(page: Page, base: string, { name, email, role }: { name: string; email: string; role: "Team Member" | "Driver" }) {
  await page.goto(`${base}/login?mode=create`);
  const form = page.locator("main form");
  await form.getByLabel("Full Name").fill(name);
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("radio", { name: role }).check();
  await form.getByRole("button", { name: "Create Account" }).click();
  await signInAfterSignUp(page, PASSWORD);
  await expect(page).toHaveURL(role === "Driver" ? /\/dashboard\/driver$/ : /\/dashboard\/team$/);
}

let desk: DeskSite | undefined;

test.afterEach(async () => {
  await desk?.close();
  desk = undefined;
});

test("a driver sends a new bio, an editor approves it, and the public driver page shows it", async ({ browser }, testInfo) => {
  // Two server starts and a dozen page loads: generous, as the machines that run this are shared.
  test.setTimeout(600_000);
  const prepared = await startDeskSite({ staff: [{ email: uniqueEmail("editor"), name: "Edie Editor", roles: ["editor"] }] });
  desk = prepared.site;
  const [editor] = prepared.staff;

  const device = testInfo.project.use;
  const editorContext = await browser.newContext(device);
  const driverContext = await browser.newContext(device);
  const editorPage = await editorContext.newPage();
  const driverPage = await driverContext.newPage();
  const driverEmail = uniqueEmail("sophie");
  await signUp(driverPage, desk.url, { name: "Sophie Marsh", email: driverEmail, role: "Driver" });

  // The driver's account is linked to their driver record from the command line, as
  // `npm run user:link-driver` does it (on the embedded database, with the server stopped).
  await desk.restart(async () => {
    await run(path.join(root, "node_modules/.bin/tsx"), ["scripts/user-admin.ts", "link-driver", driverEmail, "sophie-marsh"], {
      cwd: root,
      env: { ...process.env, ...desk!.env, LOG_LEVEL: "silent" },
    });
  });
  await openAsStaff(editorPage, desk, editor!, "/admin");
  const base = desk.url;

  // The public page before.
  const visitor = await (await browser.newContext(device)).newPage();
  await visitor.goto(`${base}/team?driver=sophie-marsh`);
  const publishedStart = "Sophie";
  await expect(visitor.locator("#driver-detail")).toContainText(publishedStart);

  // The driver writes a new bio.
  const newBio = `Sophie's own words, sent at ${Date.now()}: two podiums and a front-row start this season.`;
  await driverPage.goto(`${base}/dashboard/driver`);
  const profile = driverPage.getByRole("region", { name: "Your Profile" });
  await expect(profile).toBeVisible();
  await profile.getByLabel("Bio").fill("");
  await profile.getByRole("button", { name: "Send for approval" }).click();
  await expect(profile.getByText("Enter the bio.")).toBeVisible();
  await profile.getByLabel("Bio").fill(newBio);
  await profile.getByRole("button", { name: "Send for approval" }).click();
  await expect(profile.getByRole("status").first()).toContainText("Sent. The team will check it");
  await expect(driverPage.getByTestId("driver-change-status")).toContainText("Waiting for approval");
  await expectNoSeriousViolations(driverPage);
  await expectNoSidewaysScroll(driverPage);
  await driverPage.screenshot({ path: testInfo.outputPath("driver-dashboard.png"), fullPage: true });

  // Not public yet.
  await visitor.goto(`${base}/team?driver=sophie-marsh`);
  await expect(visitor.locator("#driver-detail")).not.toContainText(newBio);

  // The editor sees the change with its diff, and approves it.
  await editorPage.goto(`${base}/admin/drivers`);
  await expect(editorPage.getByRole("heading", { level: 1 })).toHaveText("Drivers");
  const change = editorPage.getByRole("article", { name: "Sophie Marsh's profile" });
  await expect(change).toContainText(newBio.slice(0, 60));
  await expectNoSeriousViolations(editorPage);
  await expectNoSidewaysScroll(editorPage);
  await editorPage.screenshot({ path: testInfo.outputPath("admin-drivers.png"), fullPage: true });
  await change.getByRole("button", { name: /Approve and publish/ }).focus();
  await editorPage.keyboard.press("Enter");
  await expect(editorPage.getByRole("status").filter({ hasText: "Approved" })).toContainText("Sophie Marsh's new profile is on the site");
  await expect(editorPage.getByText("No driver has sent a change to their profile.")).toBeVisible();

  // Public at once.
  await visitor.goto(`${base}/team?driver=sophie-marsh`);
  await expect(visitor.locator("#driver-detail")).toContainText(newBio);

  // The driver sees it was approved; the History has the approval.
  await driverPage.goto(`${base}/dashboard/driver`);
  await expect(driverPage.getByTestId("driver-change-status")).toContainText("approved");
  await editorPage.goto(`${base}/admin/drivers/sophie-marsh?tab=history`);
  await expect(editorPage.getByRole("heading", { name: "History" })).toBeVisible();
  await expect(
    editorPage
      .getByRole("listitem")
      .filter({ hasText: "Driver change.approve" })
      .or(editorPage.getByRole("listitem").filter({ hasText: "Approved the driver's own edit" }))
      .first(),
  ).toBeVisible();
  await expectNoSeriousViolations(editorPage);
  await expectNoSidewaysScroll(editorPage);

  // The edit screen: a field error keeps the typed text.
  await editorPage.goto(`${base}/admin/drivers/sophie-marsh`);
  await editorPage.getByLabel("Car number").fill("not a number");
  await editorPage.getByLabel("Role").fill("Typed role that stays");
  await editorPage.getByRole("button", { name: "Save changes" }).click();
  await expect(editorPage.getByText("The car number is a whole number.")).toBeVisible();
  await expect(editorPage.getByLabel("Role")).toHaveValue("Typed role that stays");
  await expectNoSeriousViolations(editorPage);
  await expectNoSidewaysScroll(editorPage);
  await editorPage.screenshot({ path: testInfo.outputPath("admin-driver-edit.png"), fullPage: true });

  // The other screens of the desk: axe-clean, nothing sideways at this width.
  for (const [url, heading] of [
    ["/admin/team", "Team"],
    ["/admin/team/1?tab=history", "Richard Ashdown"],
    ["/admin/female-side", "Female Side"],
    ["/admin/female-side/fs-1", "Claire Hollings"],
    ["/admin/female-side/new", "New Female Side member"],
  ] as const) {
    await editorPage.goto(`${base}${url}`);
    await expect(editorPage.getByRole("heading", { level: 1 })).toHaveText(heading, { ignoreCase: true });
    await expectNoSeriousViolations(editorPage);
    await expectNoSidewaysScroll(editorPage);
  }
  await editorPage.screenshot({ path: testInfo.outputPath("admin-female-side-new.png"), fullPage: true });
});
