import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { uniqueEmail } from "../support/e2e-server";
import { startServer, type ServerProcess } from "../support/server-process";

/*
 * The desks' gaps, as an editor meets them: a class's results set back from History (the
 * public standings follow), a season's publication set back from History, and the site
 * desk's settings form asking before unsaved changes are lost. A server of its own, because
 * the editor role is granted on the database between two runs of it.
 */

const PASSWORD = "a long and unusual password";
const expect = baseExpect.configure({ timeout: 20_000 });
const root = path.resolve(import.meta.dirname, "../..");
const LAST_ROUND = "2025-r9-silverstone-national";

async function expectNoSeriousViolations(page: Page) {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

let server: ServerProcess | undefined;
let dataDir: string;

test.afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("an editor restores a class's results and a season from History, and is asked before leaving unsaved settings", async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "ridgeway-desk-gaps-e2e-"));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: "info" };
  server = await startServer(env, { timeoutMs: 120_000 });
  const editorEmail = uniqueEmail("gaps-editor");
  const driverEmail = uniqueEmail("gaps-driver");
  // The editor's session, opened at sign-up, carries on after the role is granted (two-factor is marked on by the setup).
  const page = await (await browser.newContext(testInfo.project.use)).newPage();
  const driverPage = await (await browser.newContext(testInfo.project.use)).newPage();
  for (const [person, email, role] of [[page, editorEmail, "Team Member"], [driverPage, driverEmail, "Driver"]] as const) {
    await person.goto(`${server.url}/login?mode=create`);
    const form = person.locator("main form");
    await form.getByLabel("Full Name").fill(role === "Driver" ? "Sophie Marsh" : "Gap Editor");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByRole("radio", { name: role }).check();
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(person).toHaveURL(/\/dashboard\//);
  }
  await server.stop();
  execFileSync(process.execPath, ["--import", "tsx", "tests/support/people-desk-setup.ts", editorEmail, driverEmail, "sophie-marsh"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: "pipe",
  });
  server = await startServer(env, { timeoutMs: 120_000 });
  const base = server.url;

  // Two saves of F3A: provisional, then final again (the seeded results are final).
  await page.goto(`${base}/admin/results/${LAST_ROUND}`);
  const f3a = page.getByRole("region", { name: "F3A" });
  const provisional = f3a.getByRole("checkbox", { name: /Provisional/ });
  await provisional.check();
  await f3a.getByRole("button", { name: "Save F3A results" }).click();
  await expect(page.getByRole("status").first()).toContainText("F3A results saved as provisional");
  await page.getByRole("region", { name: "F3A" }).getByRole("checkbox", { name: /Provisional/ }).uncheck();
  await page.getByRole("region", { name: "F3A" }).getByRole("button", { name: "Save F3A results" }).click();
  await expect(page.getByRole("status").first()).toContainText("F3A results saved as final");

  await page.getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(/tab=history/);
  const history = page.getByRole("region", { name: "F3A results" });
  await expect(history.getByText("Current version")).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("results-history.png"), fullPage: true });
  await history.getByRole("button", { name: /Restore this version/ }).first().click();
  await expect(page.getByRole("status").first()).toContainText("The earlier version is back");
  await expect(page.getByRole("region", { name: "F3A results" }).getByRole("heading", { name: /Restore · Class results/i })).toBeVisible();

  // A season: created, published, then set back to unpublished from its History.
  await page.goto(`${base}/admin/seasons`);
  await page.getByLabel("Year").fill("2029");
  await page.getByRole("button", { name: /Create/ }).click();
  await page.getByRole("button", { name: "Publish 2029" }).click();
  await expect(page.getByRole("button", { name: "Withdraw 2029" })).toBeVisible();
  await page.goto(`${base}/admin/seasons/2029?tab=history`);
  await page.getByRole("button", { name: /Restore this version/ }).first().click();
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
  await page.getByRole("link", { name: "Today" }).first().click();
  expect(await asked).toContain("unsaved changes");
  await expect(page).toHaveURL(/\/admin\/legal\/privacy/);
});
