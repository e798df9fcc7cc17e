import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import type { PreparedStaff } from "../support/prepared-staff";
import { startLoopbackSmtp } from "../support/smtp-server";

/*
 * The mail queue as staff use it, at phone (390 px) and desktop width, with the site sending
 * through a real SMTP server on a loopback port that refuses one address for good (550) and
 * asks to try another later (451): people subscribe in the footer, and staff see the bounce, the
 * retry with its next attempt, and the bouncing mark on the subscribers desk; "Retry now" and
 * "Clear" work.
 */

let desk: DeskSite;
let staff: PreparedStaff;
let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startLoopbackSmtp({
    answer: (to) =>
      to.startsWith("gone-")
        ? { code: 550, text: "5.1.1 No such user here" }
        : to.startsWith("busy-")
          ? { code: 451, text: "4.2.1 Mailbox busy, try later" }
          : undefined,
  });
  ({
    site: desk,
    staff: [staff],
  } = await startDeskSite({
    staff: [{ email: "pat.post@example.com", roles: ["shop"] }],
    serverEnv: { SMTP_URL: smtp.url, MAIL_DELIVERY_INTERVAL_MS: "200" },
  }));
});

test.afterAll(async () => {
  await desk?.close();
  await smtp?.close();
});

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

async function subscribe(page: Page, email: string) {
  await page.goto(`${desk.url}/terms`);
  const form = page.locator("footer form");
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toContainText("Check your inbox");
}

test("a refused address and a busy one are on the mail queue; retry and clear from there", async ({ page }) => {
  test.setTimeout(120_000);
  const project = test.info().project.name;
  const gone = `gone-${project}@example.com`;
  const busy = `busy-${project}@example.com`;
  await subscribe(page, gone);
  await subscribe(page, busy);

  await openAsStaff(page, desk, staff, "/admin/mail");
  await expect(page.getByRole("heading", { level: 1, name: "Mail queue" })).toBeVisible();
  const list = page.getByRole("list", { name: "E-mails" });
  const goneItem = list.getByRole("listitem").filter({ hasText: gone });
  const busyItem = list.getByRole("listitem").filter({ hasText: busy });
  await expect(async () => {
    await page.reload();
    await expect(goneItem).toContainText("550 5.1.1 No such user here", { timeout: 1_000 });
    await expect(busyItem).toContainText("451 4.2.1 Mailbox busy", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(goneItem).toContainText("Failed");
  await expect(goneItem).toContainText("Address bounces");
  await expect(busyItem).toContainText("Retrying");
  await expect(busyItem).toContainText("next attempt");
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("mail-queue.png"), fullPage: true });

  await busyItem.getByRole("button", { name: `Retry now the e-mail to ${busy}` }).click();
  await expect(page.getByText(`The message to ${busy} is sent on the next round (within seconds).`)).toBeVisible();

  await page.getByRole("link", { name: /Bouncing addresses/ }).click();
  await expect(page).toHaveURL(/show=bouncing/);
  const bounces = page.getByRole("list", { name: "Bouncing addresses" });
  await expect(bounces.getByRole("listitem").filter({ hasText: gone })).toContainText("No such user here");
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("bouncing.png"), fullPage: true });

  await page.goto(`${desk.url}/admin/subscribers?q=${encodeURIComponent(gone)}`);
  await expect(page.locator("main li").filter({ hasText: gone })).toContainText("Bouncing");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("subscribers.png"), fullPage: true });

  await page.goto(`${desk.url}/admin/mail?show=bouncing`);
  await bounces
    .getByRole("listitem")
    .filter({ hasText: gone })
    .getByRole("button", { name: `Clear ${gone}` })
    .click();
  await expect(page.getByText(`${gone} is no longer marked as bouncing: newsletters go to it again.`)).toBeVisible();
  await expect(bounces.getByRole("listitem").filter({ hasText: gone })).toHaveCount(0);
});
