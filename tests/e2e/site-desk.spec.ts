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
 * The site desk as staff use it, at phone (390 px) and desktop width: an admin edits the
 * privacy policy and sees the new "Last updated" date, then adds a partner and sees it on
 * /partners. The back office needs a staff member with two-factor, which the shared e2e server
 * does not have; so this file prepares a database of its own with one
 * (tests/support/prepare-staff-server.ts) and runs its own server on it.
 */

const PASSWORD = "correct horse battery staple";
const EMAIL = "sam.desk@example.com";
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
  dataDir = mkdtempSync(path.join(tmpdir(), "ridgeway-site-desk-e2e-"));
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  const env = { DATA_DIR: dataDir, AUTH_SECRET: randomBytes(32).toString("hex"), PUBLIC_URL: site };
  const output = execFileSync(process.execPath, ["--import", "tsx", "tests/support/prepare-staff-server.ts"], {
    env: { ...process.env, ...env, STAFF_EMAIL: EMAIL, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  secret = (JSON.parse(output.trim().split("\n").at(-1)!) as { secret: string }).secret;
  // startServer reads the "listening on" line: the info level is needed.
  server = await startServer({ ...env, PORT: String(port) });
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

const ukToday = () =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" }).format(new Date());

test("an admin edits the privacy policy and the page shows the new Last updated date; then adds a partner that /partners shows", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${site}/privacy`);
  await expect(page.getByText("Last updated: 1 March 2025")).toBeVisible();

  await signInAsStaff(page, "/admin/legal");
  await expect(page.getByRole("heading", { level: 1, name: "Legal pages" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.locator("main").getByRole("link", { name: /Privacy Policy \/privacy/ }).click();
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

  await page.goto(`${site}/privacy`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy (2027)");
  await expect(page.getByText(`Last updated: ${ukToday()}`)).toBeVisible();
  await expect(page.getByText("Updated for the 2027 season.")).toBeVisible();

  // A new partner, shown on /partners at once.
  await page.goto(`${site}/admin/content/partners`);
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

  await page.goto(`${site}/partners`);
  await expect(page.getByRole("heading", { name })).toBeVisible();
});
