import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { startServer, type ServerProcess } from "../support/server-process";

/*
 * The shop desk as staff use it, at phone (390 px) and desktop width, on a server and database
 * of this file's own (the back office needs a staff member with two-factor): a stock CSV
 * updates three sizes after a dry run; a price edited at the desk is on the store page at once;
 * a contact message is answered from the inbox. Every new screen is checked with axe.
 */

const PASSWORD = "correct horse battery staple";
const EMAIL = "sam.shop@example.com";
let server: ServerProcess;
let site: string;
let secret: string;
let dataDir: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

// eslint-disable-next-line no-empty-pattern -- Playwright hands testInfo second; no fixtures are used
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "ridgeway-shop-desk-e2e-"));
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  const env = { DATA_DIR: dataDir, AUTH_SECRET: randomBytes(32).toString("hex"), PUBLIC_URL: site };
  const output = execFileSync(process.execPath, ["--import", "tsx", "tests/support/prepare-staff-server.ts"], {
    env: { ...process.env, ...env, STAFF_EMAIL: EMAIL, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  secret = (JSON.parse(output.trim().split("\n").at(-1)!) as { secret: string }).secret;
  // A long page cache: only the desk's change announcement can explain a fresh store page.
  server = await startServer({ ...env, PORT: String(port), PAGE_CACHE_TTL_MS: "600000" });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

async function expectNoSeriousViolations(page: Page) {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function signInAsStaff(page: Page, next: string) {
  await page.goto(`${site}/login?redirectTo=${encodeURIComponent(next)}`);
  const form = page.locator("main form");
  await form.getByLabel("Email", { exact: true }).fill(EMAIL);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/login\/two-factor/);
  await page.getByLabel("Authentication Code").fill(new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, "\\$&")}$`));
}

test("a stock CSV updates three sizes after a preview; an unknown SKU changes nothing", async ({ page }) => {
  test.setTimeout(120_000);
  // Each project sets its own figures, so the two can share the server in either order.
  const base = test.info().project.name === "phone" ? 50 : 70;
  await signInAsStaff(page, "/admin/products");
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

  await page.getByLabel("Paste the CSV").fill(`sku,stock\nteam-tshirt/S,${base + 1}\nteam-tshirt/M,${base + 2}\nteam-tshirt/L,${base + 3}\n`);
  await page.getByRole("button", { name: "Preview the changes" }).click();
  await expect(page.getByText("Preview: 3 sizes would change. Nothing has been changed yet.")).toBeVisible();
  const preview = page.getByRole("table");
  await expect(preview.getByRole("row", { name: /team-tshirt\/M/ })).toContainText(String(base + 2));
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.getByLabel("Reason (required)").fill("Stock-take");
  await page.getByRole("button", { name: "Apply these 3 changes" }).click();
  await expect(page.getByText("Stock updated for 3 sizes.")).toBeVisible();

  await page.goto(`${site}/admin/products/8`);
  for (const [size, stock] of [["S", base + 1], ["M", base + 2], ["L", base + 3]] as const) {
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
  await page.goto(`${site}/store/team-cap-black`);
  await expect(page.getByText("£25.00").first()).toBeVisible();

  await signInAsStaff(page, "/admin/products/3");
  await expect(page.getByRole("heading", { level: 1, name: "Ridgeway Racing Team Cap - Black" })).toBeVisible();
  await page.getByLabel("Price (£)", { exact: true }).fill(price);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByText("Saved. The store shows the change now.")).toBeVisible();
  await page.getByRole("link", { name: "History" }).click();
  await expect(page.getByRole("heading", { name: "Versions of the details" })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto(`${site}/store/team-cap-black`);
  await expect(page.getByText(`£${price}`).first()).toBeVisible();
  await page.goto(`${site}/store`);
  await expect(page.getByText(`£${price}`).first()).toBeVisible();
});

test("a contact message is answered from the inbox, and Today counts unread messages", async ({ page }) => {
  test.setTimeout(120_000);
  const subject = `Cap sizes (${test.info().project.name})`;
  await page.goto(`${site}/contact`);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Full Name", { exact: true }).fill("Alex Morgan");
  await page.getByLabel("Email Address", { exact: true }).fill("alex@example.com");
  await page.getByLabel("Subject", { exact: true }).fill(subject);
  await page.getByLabel("Message", { exact: true }).fill("Does the black cap fit a child of ten?");
  // The form refuses posts sent within seconds of opening it (a bot's speed).
  await page.waitForTimeout(5_500);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thank you! Your message has been sent.")).toBeVisible();

  await signInAsStaff(page, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  const unread = page.getByRole("region", { name: /Unread messages/ });
  await expect(unread.getByRole("link", { name: subject })).toBeVisible();
  await expect(page.getByRole("region", { name: /Low stock/ })).toBeVisible();
  await expect(page.getByRole("region", { name: /Next race session/ })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);

  await page.goto(`${site}/admin/messages`);
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

  await page.goto(`${site}/admin/subscribers`);
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
});
