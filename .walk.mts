import { chromium } from "playwright-core";
import { Secret, TOTP } from "otpauth";
import { readFileSync } from "node:fs";
const { secret } = JSON.parse(readFileSync("/tmp/walk-secret.json", "utf8"));
const base = "http://127.0.0.1:4180";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
const ctx = await b.newContext({ viewport: { width: 1280, height: 900 } });
const p = await ctx.newPage();
await p.goto(`${base}/login`);
await p.locator("main").getByLabel("Email", { exact: true }).fill("admin@example.com");
await p.locator("main").getByLabel("Password", { exact: true }).fill("correct horse battery staple");
await p.locator("main").getByRole("button", { name: /sign in/i }).click();
await p.waitForURL(/two-factor/);
const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
await p.getByLabel(/code/i).first().fill(code);
await p.getByRole("button", { name: /verify|continue|sign in/i }).first().click();
await p.waitForLoadState("networkidle");
const pages = ["/admin", "/admin/news/new", "/admin/results", "/admin/activity"];
for (const width of [390, 1280]) {
  await p.setViewportSize({ width, height: 900 });
  for (const path of pages) {
    const r = await p.goto(`${base}${path}`);
    await p.waitForLoadState("networkidle");
    const sw = await p.evaluate(() => document.documentElement.scrollWidth);
    const h1 = await p.locator("h1").first().textContent().catch(() => "?");
    console.log(width, path, r?.status(), "scrollWidth", sw, "h1:", h1?.trim());
    await p.screenshot({ path: `/tmp/walk/${width}${path.replaceAll("/", "_")}.png`, fullPage: false });
  }
}
await b.close();
