import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, type Browser } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { fillDeliveryAddress } from "../support/e2e-address";
import { startServer, type ServerProcess } from "../support/server-process";

/*
 * Checkout hands a shopper without JavaScript to Stripe's hosted page by answering the form post
 * with a redirect. Chromium applies the page's CSP form-action to every redirect that follows a
 * form post, so the site's policy must allow Stripe's checkout origin (issue 15, ADR 0055).
 *
 * Stripe cannot be reached from here, so both sides of it are stand-ins on this machine: the API
 * (the site's server calls it through STRIPE_API_URL) answers with a session whose URL is the
 * real https://checkout.stripe.com/c/pay/…, and this browser resolves checkout.stripe.com to an
 * HTTPS stand-in of the hosted page (a self-signed certificate, accepted by this browser only).
 * The CSP check happens before the browser connects, so the stand-in only shows that the
 * navigation was allowed.
 */

const HOSTED_PAGE_TITLE = "Stripe Checkout stand-in";
let workDir: string;
let api: Server;
let hostedPage: Server;
let site: ServerProcess;
let browser: Browser;
const sessionsCreated: string[] = [];

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  workDir = mkdtempSync(path.join(tmpdir(), "ridgeway-stripe-e2e-"));
  const key = path.join(workDir, "key.pem");
  const cert = path.join(workDir, "cert.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=checkout.stripe.com"],
    { stdio: "ignore" },
  );

  // Stripe's API: a coupon, and a Checkout Session on Stripe's own hosted-page address.
  api = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.url === "/v1/coupons") return res.end(JSON.stringify({ id: "coupon_e2e", object: "coupon" }));
      const id = `cs_test_e2e_${sessionsCreated.length + 1}`;
      sessionsCreated.push(id);
      res.end(JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` }));
    });
  });
  const apiPort = await listen(api);

  hostedPage = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(`<!doctype html><title>${HOSTED_PAGE_TITLE}</title><h1>${HOSTED_PAGE_TITLE}</h1><p id="path">${req.url}</p>`);
  });
  const hostedPort = await listen(hostedPage);

  site = await startServer(
    {
      DATA_DIR: path.join(workDir, "data"),
      PAYMENTS: "stripe",
      STRIPE_SECRET_KEY: "sk_test_e2e_standin",
      STRIPE_WEBHOOK_SECRET: "whsec_e2e_standin",
      STRIPE_API_URL: `http://127.0.0.1:${apiPort}`,
      ORDER_HOLDS_PER_CLIENT: "0",
    },
    // A fresh embedded database is created and migrated first: on a loaded two-core machine that
    // has taken over the default 45 s (as the desk sites allow, tests/support/desk-site.ts).
    { timeoutMs: 120_000 },
  );

  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      `--host-resolver-rules=MAP checkout.stripe.com 127.0.0.1:${hostedPort}`,
    ],
  });
});

test.afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await new Promise((resolve) => hostedPage?.close(resolve));
  await new Promise((resolve) => api?.close(resolve));
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

test("without JavaScript, Proceed to Payment lands on Stripe's hosted page", async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, ignoreHTTPSErrors: true, baseURL: site.url });
  const page = await context.newPage();
  const consoleLines: string[] = [];
  page.on("console", (message) => consoleLines.push(message.text()));
  try {
    await page.goto("/store/team-keyring");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added to cart (One Size)" })).toBeVisible();

    await page.goto("/checkout");
    await page.getByLabel("Full Name", { exact: true }).fill("Sam Shopper");
    await page.getByLabel("Email Address", { exact: true }).fill("sam.stripe@example.com");
    await fillDeliveryAddress(page);
    await page.getByRole("button", { name: "Proceed to Payment" }).click();

    await expect(page, `browser console: ${consoleLines.join(" | ")}`).toHaveURL(
      /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_e2e_\d+$/,
    );
    await expect(page.getByRole("heading", { name: HOSTED_PAGE_TITLE })).toBeVisible();
    expect(sessionsCreated.length).toBeGreaterThan(0);
    expect(consoleLines.filter((line) => /Content Security Policy/i.test(line))).toEqual([]);
  } finally {
    await context.close();
  }
});
