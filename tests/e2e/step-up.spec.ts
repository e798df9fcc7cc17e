import { sql } from "drizzle-orm";
import { expect } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { openDatabase } from "../../db/client.server";
import { startDeskSite, signInAsStaff, type DeskSite } from "../support/desk-site";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { freshCode, type PreparedStaff } from "../support/prepared-staff";
import { TWO_FACTOR_MESSAGES } from "../../app/features/account/two-factor-form";

/*
 * "Confirm it's you" (ADR 0100), as an admin meets it: signed in with a code more than ten
 * minutes ago, they change the site's phone number. The change is held on the confirm screen
 * with what they typed; a wrong code says so and changes nothing; the right one makes the change
 * in the same press. Runs at phone and desktop width, on a site of its own.
 */

let desk: DeskSite;
let admin: PreparedStaff;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  ({
    site: desk,
    staff: [admin],
  } = await startDeskSite({ staff: [{ email: `step-up-${Date.now()}@example.com`, name: "Ada Admin", roles: ["admin"] }] }));
});

test.afterAll(async () => {
  await desk?.close();
});

/** Moves every session's last confirmation back past the ten minutes, as time passing would. */
async function confirmationGoesStale() {
  await desk.restart(async () => {
    const handle = await openDatabase({ dataDir: desk.testDb.dataDir, databaseUrl: desk.testDb.databaseUrl, onConnectionError: () => {} });
    try {
      await handle.db.execute(sql`update sessions set step_up_at = now() - interval '11 minutes' where step_up_at is not null`);
    } finally {
      await handle.close();
    }
  });
}

test("a change to the site's settings after ten minutes asks for a code first, and keeps what was typed", async ({ page }) => {
  test.setTimeout(150_000);
  await signInAsStaff(page, desk, admin, "/admin/settings");
  await confirmationGoesStale();

  const phone = `01234 ${String(Date.now()).slice(-6)}`;
  await page.goto(`${desk.url}/admin/settings`);
  await page.getByLabel(/^Phone/).fill(phone);
  await page.getByRole("button", { name: "Save settings" }).click();

  const confirm = page.getByRole("region", { name: "Confirm it’s you" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("You’re about to: Change the site settings.");
  await expect(page.getByLabel("Code from your authenticator app")).toBeFocused();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  // A wrong code: said so, nothing saved, and the field is empty for the next try.
  await page.getByLabel("Code from your authenticator app").fill("000000");
  await page.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(confirm.getByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeVisible();
  await expect(page.getByLabel("Code from your authenticator app")).toHaveValue("");
  const contact = await page.context().newPage();
  await contact.goto(`${desk.url}/contact`);
  await expect(contact.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(contact.getByText(phone)).toHaveCount(0);
  await contact.close();

  // The right code: the change is made with the same press, and the next one is not asked again.
  await page.getByLabel("Code from your authenticator app").fill(await freshCode(admin.totpSecret));
  await page.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(page.getByText("Saved: every page shows these settings now.")).toBeVisible();
  await expect(page.getByLabel(/^Phone/)).toHaveValue(phone);

  await page.getByLabel(/^Phone/).fill(`${phone}9`);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Saved: every page shows these settings now.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Confirm it’s you" })).toHaveCount(0);

  // The activity log has the confirmation, by whom.
  await page.goto(`${desk.url}/admin/activity?action=step_up.confirm`);
  await expect(page.getByRole("article").first()).toContainText("Ada Admin");
});
