import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { startDeskSite, type DeskSite } from "../support/desk-site";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { freshCode } from "../support/prepared-staff";
import { openBackOfficeMenu } from "../support/back-office-menu";
import { signInAfterSignUp } from "../support/sign-up";

/*
 * The results desk trackside, at phone width: a staff member enters a race result by the form
 * and another by CSV (with a dry-run preview first), and the public calendar's round points
 * change at once, the provisional one labelled as such. Runs a site of its own
 * (tests/support/desk-site.ts): the command line that makes the first admin needs the
 * embedded database to itself.
 */

const PASSWORD = "a long and unusual password";
const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
const staffEmail = `results-staff-${stamp}@example.com`;
const LAST_ROUND = "2025-r9-silverstone-national";

let desk: DeskSite;
/** The staff member's authenticator secret, as their app holds it. */
let secret = "";

/** The public calendar's card of one driver in the last round. */
async function lastRoundResult(page: Page, driverName: string) {
  await page.goto(`/calendar?round=${LAST_ROUND}`);
  // The innermost list item with the name and round points: the driver's card, not the round's row around it.
  return page.getByRole("listitem").filter({ hasText: driverName }).filter({ hasText: "Round points" }).last();
}

/**
 * Whether each race status select shows its chosen label whole: the label's width in the select's
 * font, with the select's padding and Chromium's drop-down arrow (about 20 px), fits its width. A
 * select's scrollWidth does not grow with its text, so it cannot tell.
 */
async function expectStatusLabelsFit(page: Page) {
  const clipped = await page.locator('select[name$=".status"]').evaluateAll((selects) => {
    const context = document.createElement("canvas").getContext("2d")!;
    return (selects as HTMLSelectElement[]).flatMap((select) => {
      const style = getComputedStyle(select);
      context.font = style.font;
      const widest = Math.max(...[...select.options].map((option) => context.measureText(option.text).width));
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      return widest > room ? [`${select.name}: ${Math.round(widest)} px of text in ${Math.round(room)} px`] : [];
    });
  });
  expect(clipped).toEqual([]);
  expect(await page.locator('select[name$=".status"]').count()).toBeGreaterThan(0);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  ({ site: desk } = await startDeskSite());
  const context = await browser.newContext({ baseURL: desk.url });
  const page = await context.newPage();
  await page.goto("/login?mode=create");
  const form = page.locator("main form");
  await form.getByLabel("Full Name").fill("Rory Results");
  await form.getByLabel("Email", { exact: true }).fill(staffEmail);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();
  await signInAfterSignUp(page, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/team$/);
  // Two-factor first: the command line gives a role only to someone who has it on (ADR 0100).
  await page.goto("/dashboard/security");
  const twoFactor = page.locator("section", { has: page.getByRole("heading", { name: "Two-Factor Authentication" }) });
  await twoFactor.getByLabel("Your Password").fill(PASSWORD);
  await twoFactor.getByRole("button", { name: "Turn On Two-Factor" }).click();
  secret = (await twoFactor.getByTestId("two-factor-secret").textContent())!.replace(/\s/g, "");
  await twoFactor.getByLabel("Code From Your App").fill(await freshCode(secret));
  await twoFactor.getByRole("button", { name: "Confirm and Turn On" }).click();
  await expect(twoFactor.getByText("Two-factor authentication is on.")).toBeVisible();
  await context.close();
  await desk.restart(async () => {
    const granted = await run(path.join(root, "node_modules/.bin/tsx"), ["scripts/user-admin.ts", "grant-admin", staffEmail], {
      cwd: root,
      env: { ...process.env, ...desk.env, LOG_LEVEL: "silent" },
    });
    expect(granted.stdout).toContain(`Rory Results <${staffEmail}> is now an admin.`);
  });
});

test.afterAll(async () => {
  await desk?.close();
});

test("a result entered by form, then one by CSV, change the public calendar at once", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...test.info().project.use, baseURL: desk.url });
  const page = await context.newPage();

  // Signed in with the password and a code from the app.
  await page.goto("/login?redirectTo=%2Fadmin%2Fresults");
  const login = page.locator("main form");
  await login.getByLabel("Email", { exact: true }).fill(staffEmail);
  await login.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await login.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/login\/two-factor/);
  await page.getByLabel("Authentication Code").fill(await freshCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/results$/);

  // Before: Ethan Cole has no result in the last round.
  await expect(await lastRoundResult(page, "Ethan Cole")).toHaveCount(0);

  // The round's results sheet, from the menu.
  await page.goto("/admin");
  await (await openBackOfficeMenu(page)).getByRole("link", { name: "Results" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results");
  await page.getByRole("link", { name: /R9\s*Silverstone National/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results: Silverstone National");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  // Every status select shows its whole label at phone width (it was cut to "Finished (positio").
  await expectStatusLabelsFit(page);

  // An F3B edit, typed before F3A is saved: it is not saved with F3A, and says so.
  const f3b = page.locator("section", { has: page.getByRole("heading", { name: "F3B", exact: true }) });
  const sophieRace1 = f3b.getByRole("group", { name: /Sophie Marsh/ }).getByRole("group", { name: /^Race 1/ });
  const sophieStored = await sophieRace1.getByLabel("Position").inputValue();
  await sophieRace1.getByLabel("Position").fill(String(Number(sophieStored) + 2));
  await expect(f3b.getByText("Unsaved changes")).toBeVisible();

  // By form: Ethan Cole P3 in race 1 and the win with the fastest lap in race 2, provisional.
  const f3a = page.locator("section", { has: page.getByRole("heading", { name: "F3A", exact: true }) });
  const ethan = f3a.getByRole("group", { name: /Ethan Cole/ });
  await ethan.getByLabel("Raced in this round").check();
  const race1 = ethan.getByRole("group", { name: /^Race 1/ });
  const race2 = ethan.getByRole("group", { name: /^Race 2/ });
  await race1.getByLabel("Position").fill("2");
  await race2.getByLabel("Position").fill("1");
  await race2.getByLabel("Fastest lap in class").check();
  await f3a.getByLabel(/^Provisional/).check();
  await f3a.getByRole("button", { name: "Save F3A results" }).click();
  // Oliver Hartley is already P2 in race 1: the form says so, keeps what was typed and saves nothing.
  await expect(page.getByRole("alert").filter({ hasText: "The F3A results were not saved" })).toBeVisible();
  await expect(race1.getByText("P2 is given to two drivers")).toBeVisible();
  await expect(race2.getByLabel("Fastest lap in class")).toBeChecked();
  await race1.getByLabel("Position").fill("3");
  await f3a.getByRole("button", { name: "Save F3A results" }).click();
  await expect(page.getByRole("status").filter({ hasText: "F3A results saved as provisional" })).toBeVisible();
  await expectNoSidewaysScroll(page);

  // F3A is saved; the F3B edit is still marked, named beside the notice, and leaving asks first.
  await expect(f3a.getByText("Unsaved changes")).toHaveCount(0);
  await expect(f3b.getByText("Unsaved changes")).toBeVisible();
  await expect(f3b.getByText("F3B has changes that are not saved yet.")).toBeVisible();
  await expect(page.getByText("Not saved yet: F3B. Each class is saved with its own button.")).toBeVisible();
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "← 2025 season" }).click();
  await expect.poll(() => asked).toEqual(["You have unsaved changes. Leave this page and lose them?"]);
  await expect(page).toHaveURL(new RegExp(`/admin/results/${LAST_ROUND}$`));
  await expect(sophieRace1.getByLabel("Position")).toHaveValue(String(Number(sophieStored) + 2));
  // Typed back to what is stored, there is nothing to lose: no marker, and leaving does not ask.
  await sophieRace1.getByLabel("Position").fill(sophieStored);
  await expect(f3b.getByText("Unsaved changes")).toHaveCount(0);
  await expect(page.getByText(/^Not saved yet/)).toHaveCount(0);

  // The public calendar shows it at once, labelled provisional: 10 + 15 + 1.
  let card = await lastRoundResult(page, "Ethan Cole");
  await expect(card).toContainText("Round points 26 pts");
  await expect(card.getByText("Provisional result")).toBeVisible();

  // By CSV, race 2: a bad row first, which saves nothing.
  await page.goto(`/admin/results/${LAST_ROUND}`);
  const importPanel = page.locator("section", { has: page.getByRole("heading", { name: "Import a race from CSV" }) });
  await importPanel.getByLabel("Race", { exact: true }).selectOption("2");
  const header = "position,driver_number,driver_name,class,status,fastest_lap,penalty_points";
  await importPanel.getByLabel("Or paste the CSV").fill(`${header}\n1,7,Oliver Hartley,F3A,,yes,\n2,99,Ethan Cole,F3A,,,\n`);
  await importPanel.getByRole("button", { name: "Preview import" }).click();
  await expect(importPanel.getByRole("alert")).toContainText("Line 3: Ethan Cole races with number 12, not 99.");
  await expect(importPanel.getByRole("button", { name: /Save import/ })).toHaveCount(0);

  // Fixed, and pasted as the organiser's full classification: the dry run lists our two rows with points
  // before and after, another team's car as ignored, and still saves nothing.
  await importPanel
    .getByLabel("Or paste the CSV")
    .fill(`${header}\r\n1,7,Oliver Hartley,F3A,,yes,\r\n2,12,Ethan Cole,F3A,,,\r\n3,3,Noah Brennan,F3A,,,\r\n`);
  await importPanel.getByLabel(/^Provisional/).uncheck();
  await importPanel.getByRole("button", { name: "Preview import" }).click();
  const preview = importPanel.locator("section", { has: page.getByRole("heading", { name: "Preview: race 2" }) });
  await expect(preview.getByRole("status")).toHaveText("2 of 2 rows would change. Nothing is saved yet.");
  await expect(preview.getByText("Line 4: #3 Noah Brennan (F3A), ignored (not our car)")).toBeVisible();
  const oliverRow = preview.getByRole("listitem").filter({ hasText: "Oliver Hartley" });
  await expect(oliverRow).toContainText("P4 → P1, fastest lap");
  await expect(oliverRow).toContainText("9 → 16");
  const ethanRow = preview.getByRole("listitem").filter({ hasText: "Ethan Cole" });
  await expect(ethanRow).toContainText("16 → 12");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  card = await lastRoundResult(page, "Ethan Cole");
  await expect(card).toContainText("Round points 26 pts");

  // Saved as final: the calendar follows, and the provisional label is gone.
  await page.goBack();
  await page.goto(`/admin/results/${LAST_ROUND}`);
  await importPanel.getByLabel("Race", { exact: true }).selectOption("2");
  await importPanel.getByLabel("Or paste the CSV").fill(`${header}\r\n1,7,Oliver Hartley,F3A,,yes,\r\n2,12,Ethan Cole,F3A,,,\r\n`);
  await importPanel.getByLabel(/^Provisional/).uncheck();
  await importPanel.getByRole("button", { name: "Preview import" }).click();
  await importPanel.getByRole("button", { name: "Save import as final" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Import saved: 2 results changed for race 2" })).toBeVisible();

  card = await lastRoundResult(page, "Ethan Cole");
  await expect(card).toContainText("Round points 22 pts");
  await expect(card.getByText("Provisional result")).toHaveCount(0);
  await expect(await lastRoundResult(page, "Oliver Hartley")).toContainText("Round points 28 pts");

  // The round editor fits the phone and passes axe.
  await page.goto(`/admin/seasons/2025/rounds/${LAST_ROUND}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Round 9: Silverstone National");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  // Next season: created unpublished, then published; the public calendar's switcher and "Season Complete" name it.
  await page.goto("/admin/seasons");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await page.getByLabel("Year").fill("2026");
  await page.getByRole("button", { name: "Create season" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The 2026 season is created, unpublished." })).toBeVisible();
  await page.goto("/calendar");
  await expect(page.getByRole("navigation", { name: "Seasons" })).toHaveCount(0);
  await page.goto("/admin/seasons");
  await page.getByRole("button", { name: "Publish 2026" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The 2026 season is on the public site." })).toBeVisible();
  await page.goto("/calendar");
  const seasons = page.getByRole("navigation", { name: "Seasons" });
  await expect(seasons.getByRole("link")).toHaveText(["2026", "2025"]);
  await expect(page.getByText("The 2025 season has concluded. The 2026 calendar is on its way.")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await seasons.getByRole("link", { name: "2026" }).click();
  await expect(page).toHaveURL(/\/calendar\?season=2026$/);
  await expect(page.getByText("The 2026 calendar will be published soon.")).toBeVisible();
  await context.close();
});
