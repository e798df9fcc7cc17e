import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import sharp from "sharp";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { expectNoSeriousViolations } from "../support/page-checks";
import type { PreparedStaff } from "../support/prepared-staff";

/*
 * The media library as an editor uses it on a phone: sign in with two-factor, upload a
 * photo, give it alt text and a focal point, find it in the library. The editor is made
 * before the server starts (the embedded database allows one process), so this spec runs a
 * server of its own.
 */

let desk: DeskSite;
let editor: PreparedStaff;
let files: string;

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({
    site: desk,
    staff: [editor],
  } = await startDeskSite({ staff: [{ email: "eddie.editor@example.com", name: "Eddie Editor", roles: ["editor"] }] }));
  files = mkdtempSync(path.join(tmpdir(), "media-e2e-"));
  // A photo-like JPEG: a sky-to-track gradient with a "car" low on the left.
  const width = 2400;
  const height = 1600;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#444"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><rect x="400" y="1100" width="500" height="180" rx="40" fill="#c00"/></svg>`;
  writeFileSync(path.join(files, "car.jpg"), await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
  writeFileSync(path.join(files, "notes.jpg"), "not a picture at all");
});

test.afterAll(async () => {
  await desk?.close();
  if (files) rmSync(files, { recursive: true, force: true });
});

const signInAsEditor = (page: Page) => openAsStaff(page, desk, editor, "/admin/media");

test("an editor uploads a photo on a phone, sets its alt text and focal point, and finds it in the library", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsEditor(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Media library");
  await expect(page.getByText("No media yet")).toBeVisible();
  await expectNoSeriousViolations(page);

  // Not a picture, whatever its name: refused with a message, the typed alt text kept.
  await page.getByRole("link", { name: "Upload" }).click();
  await expect(page).toHaveURL(/\/admin\/media\/new$/);
  await expectNoSeriousViolations(page);
  await page.getByLabel("File").setInputFiles(path.join(files, "notes.jpg"));
  await page.getByLabel("Alt text").fill("Car 7 on the grid");
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("alert")).toHaveText(/isn't one we can use/);
  await expect(page.getByLabel("Alt text")).toHaveValue("Car 7 on the grid");

  await page.getByLabel("File").setInputFiles(path.join(files, "car.jpg"));
  await page.getByLabel("Caption (optional)").fill("Car 7 on the grid before Race 1");
  await page.getByLabel("Credit (optional)").fill("Team photographer");
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page).toHaveURL(/\/admin\/media\/[0-9a-f-]{36}\?uploaded=1$/, { timeout: 30_000 });
  await expect(page.getByRole("status").filter({ hasText: "Uploaded" })).toBeVisible();
  await expectNoSeriousViolations(page);

  // The picture on the page is a <picture> of generated sizes, served for good.
  const image = page.getByTestId("focal-point-target").locator("img");
  await expect(image).toHaveJSProperty("complete", true);
  const src = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(src).toMatch(/\/media\/u\/[0-9a-f]{32}-\d+\.avif$/);
  const file = await page.request.get(src);
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(file.headers()["content-type"]).toBe("image/avif");

  // Tap the car (a quarter across, three quarters down), then nudge it right with the keyboard.
  const target = page.getByTestId("focal-point-target");
  // As a person would: the picture is brought on screen before it is tapped.
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
  const across = page.getByLabel("Across (x, 0–1)");
  const down = page.getByLabel("Down (y, 0–1)");
  await expect.poll(async () => Number(await across.inputValue())).toBeCloseTo(0.25, 1);
  await expect.poll(async () => Number(await down.inputValue())).toBeCloseTo(0.75, 1);
  const tappedX = Number(await across.inputValue());
  await target.focus();
  await page.keyboard.press("Shift+ArrowRight");
  await expect.poll(async () => Number(await across.inputValue())).toBeCloseTo(tappedX + 0.05, 3);

  await page.getByLabel("Alt text").fill("Car 7 lined up on the grid at Brands Hatch");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Alt text")).toHaveValue("Car 7 lined up on the grid at Brands Hatch");
  expect(Number(await across.inputValue())).toBeCloseTo(tappedX + 0.05, 3);
  const focal = await page
    .locator("figure img")
    .first()
    .evaluate((img) => getComputedStyle(img).objectPosition);
  expect(focal).toMatch(/^\d+(\.\d+)?% \d+(\.\d+)?%$/);

  await page.getByRole("link", { name: "Media library" }).click();
  await expect(page.getByRole("link", { name: /Car 7 lined up on the grid/ })).toBeVisible();
  await page.getByLabel("Search alt text and captions").fill("brands hatch");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("link", { name: /Car 7 lined up on the grid/ })).toBeVisible();
  await page.getByLabel("Search alt text and captions").fill("silverstone");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Nothing matches that search.")).toBeVisible();
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("an editor puts a library photo into an article's text from the Picture button, by keyboard", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsEditor(page);
  await page.goto(`${desk.url}/admin/news/new`);
  const editorBox = page.getByTestId("rich-text-editor");
  // A paragraph first; the picture goes in front of it.
  await editorBox.getByRole("textbox").click();
  await page.keyboard.type("The lights went out a minute later.");
  await page.keyboard.press("Control+Home");
  await editorBox.getByRole("button", { name: "Picture" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Insert a picture" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page);
  await dialog.getByLabel("Filter the media library by alt text").fill("brands");
  const choice = dialog.getByRole("button", { name: /Car 7 lined up on the grid at Brands Hatch/ });
  await expect(choice).toBeVisible();
  await choice.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  const inserted = editorBox.locator("img");
  await expect(inserted).toHaveAttribute("src", /^\/media\/u\/[0-9a-f]{32}-960\.webp$/);
  await expect(inserted).toHaveAttribute("alt", "Car 7 lined up on the grid at Brands Hatch");
  // The file is served, so the published article will show it.
  const src = await inserted.getAttribute("src");
  expect((await page.request.get(`${desk.url}${src}`)).status()).toBe(200);

  // The draft as the article page shows it (the preview is the public page's own view).
  await page.getByLabel("Title", { exact: true }).fill("Brands Hatch grid");
  await page.getByLabel("Venue", { exact: true }).fill("Brands Hatch");
  await page.getByLabel("Excerpt", { exact: true }).fill("Car 7 on the grid.");
  await page.getByLabel("Hero art", { exact: true }).fill("/media/news/season-opener-silverstone-international.svg");
  await page.getByRole("button", { name: "Create draft" }).click();
  const preview = page.getByRole("link", { name: /^Preview \(version 1\)/ });
  await expect(preview).toBeVisible({ timeout: 15_000 });
  await page.goto(`${desk.url}${await preview.getAttribute("href")}`);

  // The picture's caption and credit are under it, and the next paragraph keeps its distance.
  const figure = page.locator("main figure").filter({ has: page.locator(`img[src="${src}"]`) });
  await expect(figure.locator("figcaption")).toHaveText("Car 7 on the grid before Race 1 Photo: Team photographer");
  const next = page.locator("main p").filter({ hasText: "The lights went out a minute later." });
  const imageBox = (await figure.locator("img").boundingBox())!;
  const captionBox = (await figure.locator("figcaption").boundingBox())!;
  const figureBox = (await figure.boundingBox())!;
  const nextBox = (await next.boundingBox())!;
  expect(captionBox.y).toBeGreaterThanOrEqual(imageBox.y + imageBox.height);
  expect(nextBox.y - (figureBox.y + figureBox.height)).toBeGreaterThanOrEqual(16);
  expect(imageBox.width).toBeLessThanOrEqual(390);
});
