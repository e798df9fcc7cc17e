import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { startServer, type ServerProcess } from "../support/server-process";

/*
 * An editor's journey on the news desk: write an article with a heading and a bold word,
 * schedule it, preview it, publish it, and find it on /news. The back office needs a staff
 * member with two-factor, which only the command line (or another admin) can make, so this
 * spec runs its own server: sign up, stop, grant the role on the database, start again.
 */

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
let server: ServerProcess;
let dataDir: string;
let sessionCookie: { name: string; value: string };

// Playwright reads fixtures from the first argument's pattern; this hook needs none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), `news-desk-e2e-${testInfo.project.name}-`));
  const env = { DATA_DIR: dataDir };
  server = await startServer(env);
  const email = `editor-${testInfo.project.name}@example.com`;
  const signUp = await fetch(`${server.url}/login`, {
    method: "POST",
    body: new URLSearchParams({ intent: "sign-up", name: "Eddie Editor", email, password: "correct horse battery staple", role: "team_member" }),
    redirect: "manual",
  });
  expect(signUp.status).toBe(302);
  const [name, value] = signUp.headers.getSetCookie()[0]!.split(";")[0]!.split("=");
  sessionCookie = { name: name!, value: value! };
  await server.stop();
  await run(process.execPath, ["--import", "tsx", "tests/support/e2e-make-staff.ts", dataDir, email, "editor"], { cwd: root });
  server = await startServer(env);
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A UK wall-clock time two hours ahead, as a datetime-local field takes it. */
function ukTimeInTwoHours(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(Date.now() + 2 * 60 * 60_000))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("an editor writes, schedules, previews and publishes an article, and it appears on /news", async ({ page, context }, testInfo) => {
  test.setTimeout(90_000);
  const title = `Podium at Snetterton (${testInfo.project.name})`;
  await context.addCookies([{ ...sessionCookie, url: server.url }]);

  await page.goto(`${server.url}/admin/news`);
  await expect(page.getByRole("heading", { name: "News desk" })).toBeVisible();
  await page.getByRole("link", { name: "New article" }).click();
  await expect(page.getByRole("heading", { name: "New article" })).toBeVisible();

  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Venue", { exact: true }).fill("Snetterton");
  await page.getByLabel("Excerpt", { exact: true }).fill("A podium in the wet for the F4 car.");
  await page.getByLabel("Hero image", { exact: true }).fill("/media/news/season-opener-silverstone-international.svg");

  const editor = page.getByRole("textbox", { name: "Text" });
  await editor.click();
  await page.getByRole("button", { name: "Heading 2" }).click();
  await page.keyboard.type("Race day");
  await page.keyboard.press("Enter");
  await page.keyboard.type("We took a ");
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("brilliant");
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(" third place.");
  await expect(editor.locator("h2")).toHaveText("Race day");
  await expect(editor.locator("strong")).toHaveText("brilliant");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  const editUrl = page.url();

  // Scheduled for two hours ahead: not on the public site yet.
  await page.getByLabel("Go live at (UK time)").fill(ukTimeInTwoHours());
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();
  await expect(page.getByText(/Goes live .* \(UK time\)/)).toBeVisible();
  const visitor = await context.browser()!.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${server.url}/news`);
  await expect(visitorPage.getByRole("heading", { name: "News & Updates", level: 1 })).toBeVisible();
  await expect(visitorPage.getByText(title)).toHaveCount(0);

  // The preview: the public layout, marked, showing the saved version.
  const [preview] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: /^Preview/ }).click()]);
  await expect(preview.getByRole("note", { name: "Preview" })).toContainText("Preview — not published");
  await expect(preview.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(preview.getByRole("heading", { name: "Race day", level: 2 })).toBeVisible();
  await expect(preview.locator("article strong")).toHaveText("brilliant");
  await expectNoSidewaysScroll(preview);
  await preview.close();

  // Publish now: on /news at once, for a visitor.
  await page.goto(editUrl);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("Published", { exact: true })).toBeVisible();
  await visitorPage.goto(`${server.url}/news`);
  await visitorPage.getByRole("link", { name: title }).first().click();
  await expect(visitorPage.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(visitorPage.getByRole("heading", { name: "Race day", level: 2 })).toBeVisible();
  await expect(visitorPage.locator("article strong")).toHaveText("brilliant");
  await expect(visitorPage.getByRole("note", { name: "Preview" })).toHaveCount(0);
  await visitor.close();
});

test("the editor stays out of a visitor's JavaScript: the home page loads no Tiptap or ProseMirror code", async () => {
  const html = await (await fetch(`${server.url}/`)).text();
  const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[\w.-]+\.js)"/g)].map((match) => match[1]!))];
  expect(scripts.length).toBeGreaterThan(2);
  let gzipped = 0;
  for (const script of scripts) {
    const code = await (await fetch(`${server.url}${script}`)).text();
    expect(code, script).not.toMatch(/ProseMirror|@tiptap|tiptap/);
    gzipped += gzipSync(code, { level: 9 }).length;
  }
  // Issue 3's budget for the home page, as tests/server/server-process.test.ts holds it.
  expect(gzipped).toBeLessThanOrEqual(150_000);
});
