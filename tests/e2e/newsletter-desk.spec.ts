import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import type { PreparedStaff } from "../support/prepared-staff";

/*
 * Issue 21, done means: an article sent as a newsletter to 3 confirmed subscribers, one of whom
 * unsubscribes with one click from their mail app (RFC 8058: a POST to the List-Unsubscribe
 * address, with the mail app's own Origin). The back office needs staff with two-factor, so the
 * spec runs a site of its own (tests/support/desk-site.ts) and reads the mail it "sends" from
 * that site's pickup directory.
 */

interface PickedUpEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers: Record<string, string>;
}

let desk: DeskSite;
let editor: PreparedStaff;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({
    site: desk,
    staff: [editor],
  } = await startDeskSite({
    staff: [{ email: "nell.newsletter@example.com", name: "Nell Newsletter", roles: ["editor"] }],
    serverEnv: { MAIL_DELIVERY_INTERVAL_MS: "200" },
  }));
});

test.afterAll(async () => {
  await desk?.close();
});

function mailTo(address: string): PickedUpEmail[] {
  const dir = path.join(desk.testDb.dataDir, "mail");
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")) as PickedUpEmail)
    .filter((email) => email.to === address);
}

async function subscribeAndConfirm(page: Page, email: string) {
  await page.goto(`${desk.url}/terms`);
  const form = page.locator("footer form");
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toContainText("Check your inbox");
  let link: string | undefined;
  await expect
    .poll(() => (link = /https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(mailTo(email)[0]?.text ?? "")?.[0]), { timeout: 15_000 })
    .toBeTruthy();
  await page.goto(link!);
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
}

test("an editor sends a published article to 3 confirmed subscribers; one unsubscribes in one click from their mail app", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  // The narrowest phone the site is checked at.
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
  const run = `${testInfo.project.name}-${Date.now()}`;
  const fans = [1, 2, 3].map((n) => `fan${n}-${run}@example.com`);
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  for (const fan of fans) await subscribeAndConfirm(visitorPage, fan);
  await visitor.close();

  await openAsStaff(page, desk, editor, "/admin/newsletters");
  await expect(page.getByRole("heading", { name: "Newsletters", level: 1 })).toBeVisible();
  await expect(page.getByText("3 confirmed subscribers would receive it now")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  // One click on a published article makes the issue.
  const articleSelect = page.getByLabel("Published article");
  const articleTitle = (await articleSelect.locator("option:checked").textContent())!.replace(/ \(\d{4}-\d{2}-\d{2}\)$/, "");
  await page.getByRole("button", { name: "Make an issue from it" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Created as a draft" })).toBeVisible();
  await expect(page.getByRole("heading", { name: articleTitle, level: 1 })).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue(articleTitle);

  // The preview is the e-mail itself, in a sandboxed frame.
  const preview = page.frameLocator('iframe[title="Preview of the e-mail"]');
  await expect(preview.getByRole("heading", { name: articleTitle })).toBeVisible();
  await expect(preview.getByRole("link", { name: "Read the full story" })).toBeVisible();
  await expect(page.locator('iframe[title="Preview of the e-mail"]')).toHaveAttribute("sandbox", "");
  // The logo loads inside the sandbox, an opaque origin, as in a mail client (ADR 0103).
  await expect
    .poll(
      () =>
        preview
          .locator("img")
          .first()
          .evaluate((image) => (image as HTMLImageElement).naturalWidth),
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("issue-draft.png"), fullPage: true });

  // A test copy to the editor only.
  await page.getByRole("button", { name: "Send a test to myself" }).click();
  await expect(page.getByRole("status").filter({ hasText: `A test copy is on its way to ${editor.email}` })).toBeVisible();
  await expect.poll(() => mailTo(editor.email).map((mail) => mail.subject), { timeout: 15_000 }).toContain(`[Test] ${articleTitle}`);
  expect(fans.flatMap((fan) => mailTo(fan)).filter((mail) => mail.subject.includes(articleTitle))).toHaveLength(0);

  // Send now, by keyboard: the confirmation names how many receive it.
  await page.getByRole("link", { name: "Send now…" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("This sends the issue to 3 confirmed subscribers, now.")).toBeVisible();
  const send = page.getByRole("button", { name: "Send to 3 subscribers" });
  await send.focus();
  await expect(send).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(/^(Sending|Sent)$/).first()).toBeVisible();

  // Each subscriber gets exactly one copy, with the list headers and their own unsubscribe link.
  const issueMail = (fan: string) => mailTo(fan).filter((mail) => mail.subject === articleTitle);
  for (const fan of fans) await expect.poll(() => issueMail(fan).length, { timeout: 30_000 }).toBe(1);
  const leaving = issueMail(fans[1]!)[0]!;
  expect(leaving.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  expect(leaving.headers["List-Id"]).toBe("<newsletter.127.0.0.1>");
  // The sending report moves by itself while the issue goes out, with no reload: all 3 sent.
  const report = page.getByRole("region", { name: "Sending report" });
  const figure = (label: string) =>
    report
      .getByRole("term")
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator("xpath=following-sibling::dd");
  await expect(figure("Recipients")).toHaveText("3", { timeout: 30_000 });
  await expect(figure("Sent")).toHaveText("3", { timeout: 30_000 });
  await expect(page.locator("main").getByText("Sent", { exact: true }).first()).toBeVisible();
  const unsubscribeUrl = /^<(.+)>$/.exec(leaving.headers["List-Unsubscribe"]!)![1]!;
  expect(unsubscribeUrl).toMatch(new RegExp(`^${desk.url}/newsletter/unsubscribe\\?token=[\\w-]+$`));
  expect(leaving.text).toContain(unsubscribeUrl);
  expect(leaving.html).toContain(`href="${unsubscribeUrl}"`);
  expect(issueMail(fans[0]!)[0]!.headers["List-Unsubscribe"]).not.toBe(leaving.headers["List-Unsubscribe"]);

  // The mail app's one-click POST, from its own origin.
  const oneClick = await request.post(unsubscribeUrl, {
    headers: { Origin: "https://mail.example.net" },
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(oneClick.status(), (await oneClick.text()).slice(0, 2000)).toBe(200);

  // After everything has gone the page stops asking; a reload shows the unsubscribe.
  await expect
    .poll(
      async () => {
        await page.reload();
        return [
          await figure("Recipients").textContent(),
          await figure("Sent").textContent(),
          await figure("Unsubscribed since").textContent(),
        ];
      },
      { timeout: 30_000 },
    )
    .toEqual(["3", "3", "1"]);
  await expect(page.getByText("Sent", { exact: true }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("issue-sent.png"), fullPage: true });

  // The list shows it as sent.
  await page.goto(`${desk.url}/admin/newsletters`);
  await expect(page.getByRole("link", { name: articleTitle })).toBeVisible();
  await expect(page.getByText(/^Sent to 3 on .* \(UK time\)$/)).toBeVisible();
});
