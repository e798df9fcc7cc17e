import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { e2eDataDir as dataDir, e2ePort as port } from "./tests/support/e2e-server";

const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromiumPath)) {
  // Loud on purpose: skipping the browser tests would hide real failures.
  throw new Error(
    `End-to-end tests need Chromium at ${chromiumPath}. Install it with "apt-get install -y chromium" ` +
      "(or set CHROME_PATH to another Chromium).",
  );
}

/** Interaction to Next Paint under CPU throttling (issue 23): its own project, run last and alone. */
const INP_SPEC = /inp\.phone\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  // A journey's time, not a speed check: on the two-core machine the longer journeys (sign-up,
  // profile, checkout, with axe checks between) ran out of 30 s with every step passing.
  timeout: 60_000,
  use: {
    // A click or fill that cannot happen fails in 30 s with what it waited for, instead of
    // spending the whole test's time (then its retry's) on one step.
    actionTimeout: 30_000,
    navigationTimeout: 45_000,
    // E2E_BASE_URL points the specs at a server that is already running (a dev server, say).
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    // The service worker (ADR 0135) has its own spec (offline.spec.ts); elsewhere it would answer
    // a page's requests itself, out of reach of the specs' page.route() (the early-tap spec's held
    // scripts): every other spec sees the site as a first visit does, before the worker arrives.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
      ],
    },
  },
  projects: [
    // *.desktop.spec.ts and *.phone.spec.ts hold what only one layout has.
    {
      name: "desktop",
      testIgnore: [/\.phone\.spec\.ts$/, INP_SPEC],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    { name: "phone", testIgnore: [/\.desktop\.spec\.ts$/, INP_SPEC], use: { ...devices["Pixel 7"], browserName: "chromium" } },
    // Response times are measured once every other browser test has finished, one tap at a time:
    // beside a second worker's journey they measure the machine, not the page (docs/performance.md).
    // Alone: npx playwright test --project=inp --no-deps
    {
      name: "inp",
      testMatch: INP_SPEC,
      dependencies: ["desktop", "phone"],
      fullyParallel: false,
      use: { ...devices["Pixel 7"], browserName: "chromium" },
    },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        // The production build (npm run test:e2e builds first) on a fresh embedded database.
        command: `rm -rf ${dataDir} && node --import tsx server/index.ts`,
        url: `http://127.0.0.1:${port}/readyz`,
        env: {
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          LOG_LEVEL: "warn",
          NODE_ENV: "production",
          MAIL_DELIVERY_INTERVAL_MS: "200",
          // No built-in backups into the repository's ./backups while the suite runs.
          BACKUP_SCHEDULE: "off",
          // As behind the production proxy: a test may give itself an address of its own
          // with X-Forwarded-For (tests/support/own-address.ts); without it, the socket's.
          TRUST_PROXY: "true",
          // Every spec's browser is one client address: the per-client cap on unpaid orders
          // (ADR 0033) would refuse the suite's checkouts. tests/server/shop-checkout.test.ts tests it.
          ORDER_HOLDS_PER_CLIENT: "0",
        },
        reuseExistingServer: false,
        // A cold start on a busy two-core machine has taken over a minute.
        timeout: 180_000,
      },
});
