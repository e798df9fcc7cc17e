import { gzipSync } from "node:zlib";
import { expect } from "@playwright/test";
import { test } from "../support/hydrated-test";
import sharp from "sharp";
import { signInAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { expectNoSidewaysScroll } from "../support/page-checks";
import type { PreparedStaff } from "../support/prepared-staff";
import { modulesStartedAfterPaint } from "../../app/lib/paint-first";

/*
 * An editor's journey on the news desk: write an article with a heading and a bold word,
 * schedule it, preview it, publish it, and find it on /news. The back office needs a staff
 * member with two-factor, so this spec runs a site of its own (tests/support/desk-site.ts).
 */

let desk: DeskSite;
let editorStaff: PreparedStaff;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ site: desk, staff: [editorStaff] } = await startDeskSite({ staff: [{ email: "eddie.editor@example.com", name: "Eddie Editor", roles: ["editor"] }] }));
});

test.afterAll(async () => {
  await desk?.close();
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

test("an editor writes, schedules, previews and publishes an article, and it appears on /news", async ({ page, context }, testInfo) => {
  test.setTimeout(90_000);
  const title = `Podium at Snetterton (${testInfo.project.name})`;
  await signInAsStaff(page, desk, editorStaff, "/admin");

  await page.goto(`${desk.url}/admin/news`);
  await expect(page.getByRole("heading", { name: "News desk" })).toBeVisible();
  await page.getByRole("link", { name: "New article" }).click();
  await expect(page.getByRole("heading", { name: "New article" })).toBeVisible();

  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Venue", { exact: true }).fill("Snetterton");
  await page.getByLabel("Excerpt", { exact: true }).fill("A podium in the wet for the F4 car.");
  await page.getByLabel("Hero art", { exact: true }).fill("/media/news/season-opener-silverstone-international.svg");

  const editor = page.getByRole("textbox", { name: "Text" });
  await editor.click();
  await page.getByRole("button", { name: "Heading 2" }).click();
  await page.keyboard.type("Race day");
  await page.keyboard.press("Enter");
  await page.keyboard.type("We took a ");
  // The toolbar hands focus back to the text: type only once it has (a first key was once lost).
  await page.getByRole("button", { name: "Bold" }).click();
  await expect(editor).toBeFocused();
  await page.keyboard.type("brilliant");
  await page.getByRole("button", { name: "Bold" }).click();
  await expect(editor).toBeFocused();
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
  await visitorPage.goto(`${desk.url}/news`);
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
  await visitorPage.goto(`${desk.url}/news`);
  await visitorPage.getByRole("link", { name: title }).first().click();
  await expect(visitorPage.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(visitorPage.getByRole("heading", { name: "Race day", level: 2 })).toBeVisible();
  await expect(visitorPage.locator("article strong")).toHaveText("brilliant");
  await expect(visitorPage.getByRole("note", { name: "Preview" })).toHaveCount(0);
  await visitor.close();
});

test("an editor uploads a photo and picks it as an article's hero; visitors get it as a responsive picture", async ({ page, context }, testInfo) => {
  test.setTimeout(90_000);
  const title = `Photo finish at Oulton (${testInfo.project.name})`;
  const altText = `Car 7 crosses the line at Oulton (${testInfo.project.name})`;
  await signInAsStaff(page, desk, editorStaff, "/admin");

  // A photo-like JPEG: sky over track, the "car" low on the left (placed per project, so each uploads its own file).
  const carX = testInfo.project.name === "phone" ? 300 : 250;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#6fa8dc"/><rect y="500" width="1600" height="400" fill="#444"/><rect x="${carX}" y="620" width="400" height="140" rx="30" fill="#c00"/></svg>`;
  const photo = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  await page.goto(`${desk.url}/admin/media/new`);
  await page.getByLabel("File").setInputFiles({ name: "oulton.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByLabel("Alt text").fill(altText);
  await page.getByRole("button", { name: "Upload" }).click();
  // Making the AVIF and WebP sizes takes seconds on a busy machine.
  await expect(page.getByRole("status").filter({ hasText: "Uploaded" })).toBeVisible({ timeout: 30_000 });

  await page.goto(`${desk.url}/admin/news/new`);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Venue", { exact: true }).fill("Oulton Park");
  await page.getByLabel("Excerpt", { exact: true }).fill("A win by a tenth.");
  await page.getByRole("searchbox", { name: "Filter the choices for Hero photo" }).fill("crosses the line");
  await page.getByLabel("Hero photo", { exact: true }).selectOption({ label: altText });
  await expect(page.locator('img[src^="/media/u/"][width="64"]')).toBeVisible();
  await page.getByRole("textbox", { name: "Text" }).click();
  await page.keyboard.type("We won by a tenth.");
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByLabel("Hero photo", { exact: true }).locator("option:checked")).toHaveText(altText);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("Published", { exact: true })).toBeVisible();

  const visitor = await context.browser()!.newContext({ viewport: page.viewportSize() ?? undefined });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${desk.url}/news`);
  const card = visitorPage.getByRole("article").filter({ hasText: title });
  await expect(card.locator("picture source[type='image/avif']")).toHaveAttribute("srcset", /\/media\/u\/[0-9a-f]{32}-320\.avif 320w/);
  // The newest story leads /news above the fold: fetched at once, not lazily.
  await expect(card.getByRole("img", { name: altText })).not.toHaveAttribute("loading", "lazy");
  await card.getByRole("link", { name: new RegExp(`Read More.*${title.replace(/[()]/g, "\\$&")}`) }).click();
  await expect(visitorPage.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const hero = visitorPage.getByRole("img", { name: altText });
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  // The browser chose a file of the photo and drew it: a real picture, not a broken one.
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc)).toMatch(/\/media\/u\/[0-9a-f]{32}-\d+\.(avif|webp)$/);
  await expectNoSidewaysScroll(visitorPage);
  // The link preview is the article's drawn share card (ADR 0077), which carries the photo.
  await expect(visitorPage.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\/.+\/share\/news\/[\w-]+-[0-9a-f]{16}\.png$/);
  await visitor.close();
});

test("the editor stays out of a visitor's JavaScript: the home page loads no Tiptap or ProseMirror code", async () => {
  const html = await (await fetch(`${desk.url}/`)).text();
  // The modules the page starts once it has painted (ADR 0091): all it loads before it hydrates.
  const scripts = modulesStartedAfterPaint(html);
  expect(scripts.length).toBeGreaterThan(2);
  let gzipped = 0;
  for (const script of scripts) {
    const code = await (await fetch(`${desk.url}${script}`)).text();
    expect(code, script).not.toMatch(/ProseMirror|@tiptap|tiptap/);
    gzipped += gzipSync(code, { level: 9 }).length;
  }
  // Issue 17's budget for the home page, as tests/server/server-process.test.ts holds it.
  expect(gzipped).toBeLessThanOrEqual(125_000);
});
