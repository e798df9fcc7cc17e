import { expect } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import type { PreparedStaff } from "../support/prepared-staff";

/*
 * The site desk as staff use it, at phone (390 px) and desktop width: an admin edits the
 * privacy policy and sees the new "Last updated" date, then adds a partner and sees it on
 * /partners. The back office needs a staff member with two-factor, which the shared e2e server
 * does not have; so this file prepares a database of its own with one
 * (tests/support/prepare-staff-server.ts) and runs its own server on it.
 */

const EMAIL = "sam.desk@example.com";
let desk: DeskSite;
let staff: PreparedStaff;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({
    site: desk,
    staff: [staff],
  } = await startDeskSite({ staff: [{ email: EMAIL, roles: ["admin"] }] }));
});

test.afterAll(async () => {
  await desk?.close();
});

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

const ukToday = () =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" }).format(new Date());

test("an admin edits the privacy policy and the page shows the new Last updated date; then adds a partner that /partners shows", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${desk.url}/privacy`);
  // The seeded policy, revised for the partner counts (content/legal/index.json).
  await expect(page.getByText("Last updated: 30 November 2026")).toBeVisible();

  await openAsStaff(page, desk, staff, "/admin/legal");
  await expect(page.getByRole("heading", { level: 1, name: "Legal pages" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page
    .locator("main")
    .getByRole("link", { name: /Privacy Policy \/privacy/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/legal\/privacy$/);

  const text = page.getByLabel(/Text \(Markdown\)/);
  // A cleared text is refused with the message under the field; the title typed is kept.
  await page.getByLabel(/^Title/).fill("Privacy Policy (2027)");
  await text.fill("");
  await page.getByRole("button", { name: "Save revision" }).click();
  await expect(page.getByText("Enter the text.")).toBeVisible();
  await expect(page.getByLabel(/^Title/)).toHaveValue("Privacy Policy (2027)");
  await expectNoSeriousViolations(page);

  await text.fill("## Who we are\n\nRidgeway Racing Ltd looks after your data with care. Updated for the 2027 season.");
  await page.getByRole("button", { name: "Save revision" }).click();
  await expect(page.getByText(`Saved as a new revision dated ${ukToday()}.`)).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByRole("link", { name: "History" }).click();
  await expect(page.getByRole("heading", { name: "Revisions" })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto(`${desk.url}/privacy`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy (2027)");
  await expect(page.getByText(`Last updated: ${ukToday()}`)).toBeVisible();
  await expect(page.getByText("Updated for the 2027 season.")).toBeVisible();

  // A new partner, shown on /partners at once.
  await page.goto(`${desk.url}/admin/content/partners`);
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole("link", { name: "New partner" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/partners\/new$/);
  const main = page.locator("main");
  const name = `Harbour Brakes ${test.info().project.name}`;
  await main.getByLabel(/^Name/).fill(name);
  await main.getByLabel(/^Category/).fill("Technical Partner");
  await main.getByLabel(/^Description/).fill("Brake discs and pads for junior single-seaters.");
  await main.getByLabel(/^Website/).fill("harbour-brakes.example");
  await main.getByLabel("Logo path").fill("/media/partners/vortex-air-systems.svg");
  await main.getByLabel("Sponsorship tier").selectOption("Silver");
  await main.getByLabel(/^Year founded/).fill("1988");
  await main.getByLabel(/^Headquarters/).fill("Bristol");
  await main.getByLabel(/^Position/).fill("99");
  await main.getByRole("button", { name: "Add partner" }).click();
  await expect(page.getByText("The website must be a full web address starting with https://")).toBeVisible();
  await expect(main.getByLabel(/^Name/)).toHaveValue(name);
  await main.getByLabel(/^Website/).fill("https://harbour-brakes.example/");
  await main.getByRole("button", { name: "Add partner" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/partners\/harbour-brakes-[a-z]+\?saved=1$/);
  await expect(page.getByText("Saved: the site shows it now.")).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  await page.goto(`${desk.url}/partners`);
  await expect(page.getByRole("heading", { name })).toBeVisible();
});
