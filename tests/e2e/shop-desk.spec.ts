import { expect } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { openAsStaff, startDeskSite, type DeskSite } from "../support/desk-site";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import type { PreparedStaff } from "../support/prepared-staff";

/*
 * The shop desk as staff use it, at phone (390 px) and desktop width, on a server and database
 * of this file's own (the back office needs a staff member with two-factor): a stock CSV
 * updates three sizes after a dry run; a price edited at the desk is on the store page at once;
 * a contact message is answered from the inbox. Every new screen is checked with axe.
 */

const EMAIL = "sam.shop@example.com";
let desk: DeskSite;
let staff: PreparedStaff;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({
    site: desk,
    staff: [staff],
  } = await startDeskSite({ staff: [{ email: EMAIL, roles: ["admin"] }], serverEnv: { PAGE_CACHE_TTL_MS: "600000" } }));
});

test.afterAll(async () => {
  await desk?.close();
});

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

test("a stock CSV updates three sizes after a preview; an unknown SKU changes nothing", async ({ page }) => {
  test.setTimeout(120_000);
  // Each project sets its own figures, so the two can share the server in either order.
  const base = test.info().project.name === "phone" ? 50 : 70;
  await openAsStaff(page, desk, staff, "/admin/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole("link", { name: "Update stock from a CSV" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/stock$/);
  await expectNoSeriousViolations(page);

  const csv = page.getByLabel("Paste the CSV");
  await csv.fill("sku,stock\nteam-tshirt/S,1\nteam-tshirt/XXS,4\n");
  await page.getByRole("button", { name: "Preview the changes" }).click();
  await expect(page.getByText(/One SKU is unknown, so nothing was changed: "team-tshirt\/XXS"/)).toBeVisible();

  await page
    .getByLabel("Paste the CSV")
    .fill(`sku,stock\nteam-tshirt/S,${base + 1}\nteam-tshirt/M,${base + 2}\nteam-tshirt/L,${base + 3}\n`);
  await page.getByRole("button", { name: "Preview the changes" }).click();
  await expect(page.getByText("Preview: 3 sizes would change. Nothing has been changed yet.")).toBeVisible();
  const preview = page.getByRole("table");
  await expect(preview.getByRole("row", { name: /team-tshirt\/M/ })).toContainText(String(base + 2));
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.getByLabel("Reason (required)").fill("Stock-take");
  await page.getByRole("button", { name: "Apply these 3 changes" }).click();
  await expect(page.getByText("Stock updated for 3 sizes.")).toBeVisible();

  await page.goto(`${desk.url}/admin/products/8`);
  for (const [size, stock] of [
    ["S", base + 1],
    ["M", base + 2],
    ["L", base + 3],
  ] as const) {
    await expect(page.getByTestId(`stock-team-tshirt/${size}`)).toHaveText(`${stock} in stock`);
  }
  await expect(page.getByRole("region", { name: "Stock changes" }).getByText("Stock-take (stock file)").first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
});

test("a price edited at the desk shows on the store page at once", async ({ page }) => {
  test.setTimeout(120_000);
  const price = test.info().project.name === "phone" ? "21.50" : "22.50";
  // Cached before the edit: the page cache holds the store pages for ten minutes.
  await page.goto(`${desk.url}/store/team-cap-black`);
  await expect(page.getByText("£25.00").first()).toBeVisible();

  await openAsStaff(page, desk, staff, "/admin/products/3");
  await expect(page.getByRole("heading", { level: 1, name: "Ridgeway Racing Team Cap - Black" })).toBeVisible();
  await page.getByLabel("Price (£)", { exact: true }).fill(price);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByText("Saved. The store shows the change now.")).toBeVisible();
  await page.getByRole("link", { name: "History" }).click();
  await expect(page.getByRole("heading", { name: "Versions of the details" })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto(`${desk.url}/store/team-cap-black`);
  await expect(page.getByText(`£${price}`).first()).toBeVisible();
  await page.goto(`${desk.url}/store`);
  await expect(page.getByText(`£${price}`).first()).toBeVisible();
});

test("a contact message is answered from the inbox, and Today counts unread messages", async ({ page }) => {
  test.setTimeout(120_000);
  const subject = `Cap sizes (${test.info().project.name})`;
  await page.goto(`${desk.url}/contact`);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Full Name", { exact: true }).fill("Alex Morgan");
  await page.getByLabel("Email Address", { exact: true }).fill("alex@example.com");
  await page.getByLabel("Subject", { exact: true }).fill(subject);
  await page.getByLabel("Message", { exact: true }).fill("Does the black cap fit a child of ten?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thank you! Your message has been sent.")).toBeVisible();

  await openAsStaff(page, desk, staff, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  const unread = page.getByRole("region", { name: /Unread messages/ });
  await expect(unread.getByRole("link", { name: subject })).toBeVisible();
  await expect(page.getByRole("region", { name: /Low stock/ })).toBeVisible();
  await expect(page.getByRole("region", { name: /Next race session/ })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  await page.goto(`${desk.url}/admin/messages`);
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole("link", { name: subject }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await page.getByLabel("Reply to alex@example.com").fill("Yes: the strap adjusts down to a child's size.");
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Reply queued to alex@example.com; the message is marked replied.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Replies" }).getByText("Yes: the strap adjusts down to a child's size.")).toBeVisible();
  await expect(page.locator("main").getByText("Replied", { exact: true }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto(`${desk.url}/admin/subscribers`);
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
});
