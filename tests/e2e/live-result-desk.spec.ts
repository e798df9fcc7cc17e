import { expect as baseExpect } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { uniqueEmail } from "../support/e2e-server";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { tslSheet } from "../support/tsl-sheet";

/*
 * The session result desk at the circuit (issue 39), at 390 px on the phone and 1280 px on the
 * desktop: a classification pasted as copied from the TSL sheet is previewed (the whole field, our
 * cars highlighted, their points), published as provisional, then final, the first shown as
 * superseded; a garbled paste is refused with its line. Runs a site of its own (desk-site.ts).
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const ROUND = "2025-r9-silverstone-national";
// The seed numbers a round's sessions in timetable order: s2 is Race 1.
const RESULT_PATH = `/admin/live/${ROUND}/sessions/${ROUND}-s2/result`;

let desk: DeskSite | undefined;

test.afterEach(async () => {
  await desk?.close();
  desk = undefined;
});

test("staff paste a classification, preview it, publish it provisional then final; a garbled paste is refused", async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
  const prepared = await startDeskSite({ staff: [{ email: uniqueEmail("results"), name: "Rita Results", roles: ["editor"] }] });
  desk = prepared.site;
  await openAsStaff(page, desk, prepared.staff[0]!, RESULT_PATH);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Result: Race 1");

  // A garbled paste: refused, the line named, nothing published.
  const classification = page.getByLabel("Classification");
  await classification.fill(tslSheet().replace(/^5 102 FF1600 1 .*$/m, "5 1O2 FF1600 garbled"));
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Line 10" })).toContainText('"1O2" is not a car number');
  await expect(page.getByRole("heading", { name: "Published" })).toHaveCount(0);

  // The sheet as copied: the dry run shows the field and our drivers' points.
  await page.getByLabel("Classification").fill(tslSheet());
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("heading", { name: "Preview: version 1, provisional" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "30 cars, 4 of them ours" })).toBeVisible();
  await expect(page.locator("tr[data-ours]")).toHaveCount(4);
  const oliver = page.getByRole("list", { name: "Our drivers" }).getByRole("listitem").filter({ hasText: "Oliver Hartley" });
  await expect(oliver).toContainText("P2 → P1, fastest lap");
  await expect(oliver).toContainText("12 → 16");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`preview-${testInfo.project.name}.png`), fullPage: true });

  await page.getByRole("button", { name: "Publish v1: provisional" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published a provisional result (version 1)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Published" })).toBeVisible();

  // The final: version 2, the provisional one superseded.
  await page.getByLabel("Classification").fill(tslSheet({ status: "Final", issued: "13:25" }));
  await page.getByRole("radio", { name: "Final" }).check();
  await page.getByRole("button", { name: "Preview" }).click();
  await page.getByRole("button", { name: "Publish v2: final" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published the final result (version 2)" })).toBeVisible();
  const versions = page.getByRole("region", { name: "Published" }).getByRole("listitem");
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText("Version 2");
  await expect(versions.first()).not.toContainText("Superseded");
  await expect(versions.last()).toContainText("Superseded");
  await expect(page.getByRole("heading", { level: 2, name: "Re-issue the result" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`published-${testInfo.project.name}.png`), fullPage: true });
});
