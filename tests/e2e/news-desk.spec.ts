import { gzipSync } from "node:zlib";
import { expect } from "@playwright/test";
import { test } from "../support/hydrated-test";
import sharp from "sharp";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
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
  ({
    site: desk,
    staff: [editorStaff],
  } = await startDeskSite({ staff: [{ email: "eddie.editor@example.com", name: "Eddie Editor", roles: ["editor"] }] }));
});

test.afterAll(async () => {
  await desk?.close();
});

/** A UK wall-clock time two hours ahead, as a datetime-local field takes it. */
function ukTimeInTwoHours(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(Date.now() + 2 * 60 * 60_000))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test("an editor writes, schedules, previews and publishes an article, and it appears on /news", async ({ page, context }, testInfo) => {
  test.setTimeout(90_000);
  const title = `Podium at Snetterton (${testInfo.project.name})`;
  await openAsStaff(page, desk, editorStaff, "/admin");

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

test("an editor's changes to a live article stay off the site until published, and can be discarded (issue 37)", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  const slug = "cadwell-park-mountain-battle";
  const visitor = await context.browser()!.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${desk.url}/news/${slug}`);
  const liveTitle = (await visitorPage.getByRole("heading", { level: 1 }).textContent())!.trim();
  const newTitle = `Mountain battle, retold (${testInfo.project.name})`;

  // On a phone, the narrowest common width (390 px): the notice and its buttons must fit it.
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
  await openAsStaff(page, desk, editorStaff, "/admin");
  await page.goto(`${desk.url}/admin/news/${slug}`);
  await expect(page.getByText("Saving keeps the live page as it is until you publish the changes.")).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill(newTitle);
  await page.getByRole("button", { name: "Save", exact: true }).click();

  const notice = page.getByRole("region", { name: "Unpublished changes" });
  await expect(notice).toContainText("by Eddie Editor");
  await expect(notice).toContainText("Changed: Title.");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(newTitle);
  // The state buttons wait: the live article cannot be unpublished with changes pending.
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath(`staged-changes-${page.viewportSize()!.width}.png`), fullPage: true });
  await notice.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  for (const name of ["Publish changes", "Preview changes ↗", "Discard changes…"])
    await expect(notice.getByRole(name.startsWith("Publish") ? "button" : "link", { name })).toBeInViewport();

  // The visitor still reads the published article.
  await visitorPage.reload();
  await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(liveTitle);

  // Preview shows the staged text.
  const [preview] = await Promise.all([context.waitForEvent("page"), notice.getByRole("link", { name: "Preview changes ↗" }).click()]);
  await expect(preview.getByRole("heading", { name: newTitle, level: 1 })).toBeVisible();
  await preview.close();

  await notice.getByRole("button", { name: "Publish changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Changes published" })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await visitorPage.reload();
  await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(newTitle);

  // A second change, discarded after a confirmation: the editor and the site both show the published text.
  await page.getByLabel("Title", { exact: true }).fill("Never published");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await notice.getByRole("link", { name: "Discard changes…" }).click();
  await expect(notice).toContainText("Discard these changes?");
  await notice.getByRole("button", { name: "Yes, discard changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Changes discarded" })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(newTitle);
  await visitorPage.reload();
  await expect(visitorPage.getByRole("heading", { level: 1 })).toHaveText(newTitle);
  await visitor.close();
});

test("an editor uploads a photo and picks it as an article's hero; visitors get it as a responsive picture", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  const title = `Photo finish at Oulton (${testInfo.project.name})`;
  const altText = `Car 7 crosses the line at Oulton (${testInfo.project.name})`;
  await openAsStaff(page, desk, editorStaff, "/admin");

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
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc))
    .toMatch(/\/media\/u\/[0-9a-f]{32}-\d+\.(avif|webp)$/);
  await expectNoSidewaysScroll(visitorPage);
  // The link preview is the article's drawn share card (ADR 0077), which carries the photo.
  await expect(visitorPage.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /^https?:\/\/.+\/share\/news\/[\w-]+-[0-9a-f]{16}\.png$/,
  );
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
