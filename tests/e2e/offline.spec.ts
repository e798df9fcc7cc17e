import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { OFFLINE_COPY_ATTRIBUTE } from "../../app/features/offline/offline-copy";
import { test } from "../support/hydrated-test";

/*
 * At the circuit with one bar (issue 39, ADR 0135): the service worker keeps the home page, the
 * calendar and a round's page readable offline, labelled as copies, and never keeps a page made
 * for one visitor. The other specs block the worker (playwright.config.ts); this one lets it in.
 */
test.use({ serviceWorkers: "allow" });

/**
 * Offline: the browser says so (navigator.onLine, the "offline" event) and every request the
 * worker makes fails. Chromium's offline emulation alone was seen to let a worker's fetch through.
 */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route(
    () => true,
    (route) => route.abort("internetdisconnected"),
  );
}

async function goOnline(context: BrowserContext) {
  await context.unrouteAll();
  await context.setOffline(false);
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Waits until the worker controls the page (it registers once the page is idle, then claims it). */
async function waitForWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** The paths of the pages the worker has kept. */
async function keptPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith("ridgeway-pages-"));
    const urls: string[] = [];
    for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls.sort();
  });
}

/** The worker keeps a page once its answer has arrived whole: wait for it. */
async function waitUntilKept(page: Page, path: string) {
  await expect.poll(() => keptPages(page), { timeout: 15_000 }).toContain(path);
}

const copyLabel = (page: Page) =>
  page.evaluate((attribute) => {
    const root = document.documentElement;
    return root.hasAttribute(attribute) ? getComputedStyle(root, "::after").content : null;
  }, OFFLINE_COPY_ATTRIBUTE);

test("the calendar and the home page stay readable offline, labelled as saved copies, and load afresh back online", async ({
  page,
  context,
}) => {
  const errors = collectErrors(page);
  await page.goto("/calendar");
  await waitForWorker(page);
  // The page open when the worker arrived is kept without a second visit.
  await waitUntilKept(page, "/calendar");
  await page.goto("/");
  await waitUntilKept(page, "/");
  expect(await copyLabel(page)).toBeNull();

  await goOffline(context);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await copyLabel(page)).toMatch(/^"Saved copy, as of \d\d:\d\d\. It updates when you are back online\."$/);

  // A link followed from the copy: the worker answers the navigation with its copy of the calendar.
  await page.locator('a[href="/calendar"]:visible').first().click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(
    page
      .getByRole("region", { name: /^Next Race/ })
      .or(page.getByRole("heading", { name: /calendar/i }))
      .first(),
  ).toBeVisible();
  await expect(page.locator(`html[${OFFLINE_COPY_ATTRIBUTE}]`)).toHaveCount(1);
  await page.goto("/");
  await expect(page.locator(`html[${OFFLINE_COPY_ATTRIBUTE}]`)).toHaveCount(1);

  // A page that was never kept: the offline page, with the saved ones linked.
  const answer = await page.goto("/news");
  expect({ status: answer?.status(), fromWorker: answer?.fromServiceWorker() }).toEqual({ status: 503, fromWorker: true });
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Calendar" })).toHaveAttribute("href", "/calendar");
  await page.getByRole("link", { name: "Home" }).click();
  await expect(page.locator(`html[${OFFLINE_COPY_ATTRIBUTE}]`)).toHaveCount(1);
  await page.waitForFunction(() => document.documentElement.dataset.hydration === "done");

  // Back online: the copy loads afresh by itself.
  const reloaded = page.waitForEvent("framenavigated");
  await goOnline(context);
  await reloaded;
  await page.waitForLoadState();
  // Fresh, unless the busy test machine took over 3 s to answer: then the worker rightly showed its
  // copy again, and a later load (with the late answer now kept) is fresh.
  await expect
    .poll(
      async () => {
        const copy = await page.locator(`html[${OFFLINE_COPY_ATTRIBUTE}]`).count();
        if (copy > 0) await page.reload();
        return copy;
      },
      { timeout: 30_000 },
    )
    .toBe(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Loading an offline page is no error the site makes; anything else is.
  expect(errors.filter((error) => !/status of 503/.test(error))).toEqual([]);
});

test("on a weak link a kept page shows its copy after 3 s rather than wait, and keeps the late answer", async ({ page, context }) => {
  await page.goto("/calendar");
  await waitForWorker(page);
  await waitUntilKept(page, "/calendar");
  // The worker's fetch of the page takes 8 s (the page's own request is the worker's to answer).
  await context.route(
    (url) => url.pathname === "/calendar",
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      await route.continue().catch(() => undefined);
    },
  );
  const started = Date.now();
  await page.reload();
  const waited = Date.now() - started;
  expect(await copyLabel(page)).toMatch(/as of \d\d:\d\d/);
  expect(waited).toBeLessThan(7_500);
  await context.unrouteAll({ behavior: "wait" });
});

test("a page answered for a session is never kept, and never served from the worker's cache", async ({ page, context, baseURL }) => {
  // A session cookie (even one the server does not know) makes every answer private (server/cache-policy.ts).
  await context.addCookies([{ name: "ridgeway.session_token", value: "someone", url: baseURL! }]);
  const first = await page.goto("/calendar");
  expect(first?.headers()["cache-control"]).toBe("private, no-store");
  await waitForWorker(page);
  for (const path of ["/calendar", "/", "/dashboard"]) {
    const response = await page.goto(path);
    expect(response?.headers()["cache-control"], path).toBe("private, no-store");
  }
  // Give the worker the time it takes to keep a page (the other tests wait for it the same way).
  await page.waitForTimeout(1_000);
  expect(await keptPages(page)).toEqual([]);

  await goOffline(context);
  for (const path of ["/dashboard", "/calendar", "/"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "You are offline" }), path).toBeVisible();
  }
});

test("a round's page stays readable offline, as of when it was rendered", async ({ page, context }) => {
  const href = "/calendar/2025-r1-silverstone-international";
  const errors = collectErrors(page);
  await page.goto(href);
  await waitForWorker(page);
  await waitUntilKept(page, href);
  await goOffline(context);
  await page.reload();
  expect(await copyLabel(page)).toMatch(/as of \d\d:\d\d/);
  // The round page's own label (useLiveRound: not "live", as of the copy's render time).
  await expect(page.getByText(/^As of \d{1,2}:\d\d UK time$/)).toBeVisible();
  expect(errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|EventSource/.test(error))).toEqual([]);
});

test("a new build's worker replaces the old one and removes its caches", async ({ page }) => {
  test.skip(Boolean(process.env.E2E_BASE_URL), "serves the next build's worker from this checkout's build/client");
  await page.goto("/");
  await waitForWorker(page);
  await waitUntilKept(page, "/");
  const before = await page.evaluate(() => caches.keys());
  const oldBuild = /^ridgeway-assets-(\w+)$/.exec(before.find((name) => name.startsWith("ridgeway-assets-")) ?? "")?.[1];
  expect(oldBuild).toBeTruthy();
  // The next build's worker: the same code under another build id, at an address of its own (a
  // worker's script is fetched by the browser itself, out of reach of page.route()).
  const current = readFileSync("build/client/sw.js", "utf8");
  expect(current).toContain(oldBuild!);
  const nextBuild = `next${test.info().parallelIndex}${Date.now().toString(36)}`.slice(0, 12);
  const nextFile = `build/client/sw-${nextBuild}.js`;
  writeFileSync(nextFile, current.replaceAll(oldBuild!, nextBuild));
  try {
    const replaced = await page.evaluate(async (url) => {
      const changed = new Promise<string>((resolve) =>
        navigator.serviceWorker.addEventListener("controllerchange", () => resolve(navigator.serviceWorker.controller?.scriptURL ?? ""), {
          once: true,
        }),
      );
      await navigator.serviceWorker.register(url, { scope: "/" });
      return changed;
    }, `/sw-${nextBuild}.js`);
    expect(replaced).toContain(nextBuild);
    await expect
      .poll(async () => (await page.evaluate(() => caches.keys())).filter((name) => name.startsWith("ridgeway-")).sort(), {
        timeout: 15_000,
      })
      .toEqual([`ridgeway-assets-${nextBuild}`, `ridgeway-pages-${nextBuild}`]);
    // The page that was open is kept again by the new worker, and read offline from its caches.
    await waitUntilKept(page, "/");
  } finally {
    rmSync(nextFile, { force: true });
  }
});
