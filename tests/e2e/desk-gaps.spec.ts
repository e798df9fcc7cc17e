import { expect as baseExpect } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { openBackOfficeMenu } from "../support/back-office-menu";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { uniqueEmail } from "../support/e2e-server";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";

/*
 * The desks' gaps, as an editor meets them: a class's results set back from History (the
 * public standings follow), a season's publication set back from History, and the site
 * desk's settings form asking before unsaved changes are lost. A site of its own
 * (tests/support/desk-site.ts), with an editor who has two-factor.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const LAST_ROUND = "2025-r9-silverstone-national";

let desk: DeskSite | undefined;

test.afterEach(async () => {
  await desk?.close();
  desk = undefined;
});

test("an editor restores a class's results and a season from History, and is asked before leaving unsaved settings", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const prepared = await startDeskSite({
    staff: [
      { email: uniqueEmail("gaps-editor"), name: "Gap Editor", roles: ["editor"] },
      { email: uniqueEmail("gaps-admin"), name: "Ada Admin", roles: ["admin"] },
    ],
  });
  desk = prepared.site;
  const [editor, admin] = prepared.staff;
  const page = await (await browser.newContext(testInfo.project.use)).newPage();
  await openAsStaff(page, desk, editor, "/admin");
  const base = desk.url;

  // Two saves of F3A: provisional, then final again (the seeded results are final).
  await page.goto(`${base}/admin/results/${LAST_ROUND}`);
  const f3a = page.getByRole("region", { name: "F3A" });
  const provisional = f3a.getByRole("checkbox", { name: /Provisional/ });
  await provisional.check();
  await f3a.getByRole("button", { name: "Save F3A results" }).click();
  await expect(page.getByRole("status").first()).toContainText("F3A results saved as provisional");
  await page
    .getByRole("region", { name: "F3A" })
    .getByRole("checkbox", { name: /Provisional/ })
    .uncheck();
  await page.getByRole("region", { name: "F3A" }).getByRole("button", { name: "Save F3A results" }).click();
  await expect(page.getByRole("status").first()).toContainText("F3A results saved as final");

  await page.getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(/tab=history/);
  const history = page.getByRole("region", { name: "F3A results" });
  await expect(history.getByText("Current version")).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("results-history.png"), fullPage: true });
  await history
    .getByRole("button", { name: /Restore this version/ })
    .first()
    .click();
  await expect(page.getByRole("status").first()).toContainText("The earlier version is back");
  await expect(page.getByRole("region", { name: "F3A results" }).getByRole("heading", { name: /Restore · Class results/i })).toBeVisible();

  // A season: created, published, then set back to unpublished from its History.
  await page.goto(`${base}/admin/seasons`);
  await page.getByLabel("Year").fill("2029");
  await page.getByRole("button", { name: /Create/ }).click();
  await page.getByRole("button", { name: "Publish 2029" }).click();
  await expect(page.getByRole("button", { name: "Withdraw 2029" })).toBeVisible();
  await page.goto(`${base}/admin/seasons/2029?tab=history`);
  await page
    .getByRole("button", { name: /Restore this version/ })
    .first()
    .click();
  await expect(page.getByRole("status").first()).toContainText("The earlier version is back");
  await expect(page.getByText("Not published", { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("season-history.png"), fullPage: true });

  // The site desk (a legal page): typing, then following a link, asks first; declining keeps the page.
  await page.goto(`${base}/admin/legal/privacy`);
  await page.locator("#legal-form input:not([type=hidden]), #legal-form textarea").first().fill("Changed but not saved");
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    }),
  );
  await (await openBackOfficeMenu(page)).getByRole("link", { name: "Today" }).click();
  expect(await asked).toContain("unsaved changes");
  await expect(page).toHaveURL(/\/admin\/legal\/privacy/);

  // The admin's audit log has the editor's restores: who, as what role, and what changed.
  const adminPage = await (await browser.newContext(testInfo.project.use)).newPage();
  await openAsStaff(adminPage, desk, admin, "/admin");
  await adminPage.goto(`${base}/admin/activity?actor=${encodeURIComponent(editor.email)}&action=restore`);
  const restores = adminPage.getByRole("article").filter({ hasText: "By Gap Editor" });
  await expect(restores.filter({ has: adminPage.getByRole("heading", { name: /^Restore · Class results/ }) })).not.toHaveCount(0);
  await expect(restores.filter({ has: adminPage.getByRole("heading", { name: /^Restore · Season/ }) })).not.toHaveCount(0);
  await expect(restores.first()).toContainText("as Editor");
  await expectNoSeriousViolations(adminPage);
  await expectNoSidewaysScroll(adminPage);
  await adminPage.screenshot({ path: testInfo.outputPath("activity.png"), fullPage: true });
});
