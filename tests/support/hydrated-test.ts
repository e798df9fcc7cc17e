import { test as base, type Page } from "@playwright/test";
import { HYDRATION_PENDING_SELECTOR } from "../../app/lib/paint-first";
import { clientAddressFor } from "./own-address";

/**
 * Pages hydrate after their first paint (ADR 0091), which can be after the `load` event that
 * `page.goto` waits for; until then a tap on a control that needs JavaScript does nothing. Every
 * browser test therefore uses this `test`: after each navigation a page waits until React has
 * hydrated it (`<html data-hydration>` no longer "pending"). A page without JavaScript, or with
 * JavaScript turned off, is never pending and does not wait.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator(HYDRATION_PENDING_SELECTOR).waitFor({ state: "detached" });
}

const NAVIGATIONS = ["goto", "reload", "goBack", "goForward"] as const;
const patched = new WeakSet<object>();
/**
 * Set while a `testBeforeHydration` test runs. The navigations are patched on Playwright's Page
 * prototype, for every later test of the worker process: a spec about the page before it hydrates
 * (an early tap with the scripts held until the tap) would otherwise wait for hydration that
 * cannot come, or see the page only after it.
 */
let beforeHydrationTest = false;

/** Makes every page's navigations wait for hydration, including pages of contexts a test opens itself. */
function waitForHydrationAfterNavigations(page: Page) {
  type Navigate = (...args: unknown[]) => Promise<unknown>;
  const prototype = Object.getPrototypeOf(page) as Record<(typeof NAVIGATIONS)[number], Navigate>;
  if (patched.has(prototype)) return;
  patched.add(prototype);
  for (const name of NAVIGATIONS) {
    const navigate = prototype[name];
    prototype[name] = async function (this: Page, ...args: unknown[]) {
      const response = await navigate.apply(this, args);
      if (!beforeHydrationTest) await waitForHydration(this);
      return response;
    };
  }
}

/**
 * Every browser test is also a client of its own: its page, context and `request` send the
 * test's own address in X-Forwarded-For (clientAddressFor in own-address.ts), so the server's
 * per-address limits count this test's requests and no other's.
 */
const ownClient = base.extend<{ clientAddress: string }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
  clientAddress: async ({}, provide, testInfo) => {
    await provide(clientAddressFor(testInfo));
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, provide) => {
    await provide({ ...extraHTTPHeaders, "X-Forwarded-For": clientAddress });
  },
});

export const test = ownClient.extend<{ waitsForHydration: void }>({
  waitsForHydration: [
    async ({ page }, use) => {
      waitForHydrationAfterNavigations(page);
      await use();
    },
    { auto: true },
  ],
});

/**
 * For the specs whose subject is the page before it hydrates (early taps, first paint, holding
 * still): a client of its own too, and navigations that return as Playwright's do, without
 * waiting for hydration, even in a worker whose earlier tests patched them.
 */
export const testBeforeHydration = ownClient.extend<{ navigatesWithoutWaiting: void }>({
  navigatesWithoutWaiting: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, provide) => {
      beforeHydrationTest = true;
      try {
        await provide();
      } finally {
        beforeHydrationTest = false;
      }
    },
    { auto: true },
  ],
});
