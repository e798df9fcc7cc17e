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
      await waitForHydration(this);
      return response;
    };
  }
}

/**
 * Every browser test is also a client of its own: its page, context and `request` send the
 * test's own address in X-Forwarded-For (clientAddressFor in own-address.ts), so the server's
 * per-address limits count this test's requests and no other's.
 */
export const test = base.extend<{ waitsForHydration: void; clientAddress: string }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
  clientAddress: async ({}, provide, testInfo) => {
    await provide(clientAddressFor(testInfo));
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, provide) => {
    await provide({ ...extraHTTPHeaders, "X-Forwarded-For": clientAddress });
  },
  waitsForHydration: [
    async ({ page }, use) => {
      waitForHydrationAfterNavigations(page);
      await use();
    },
    { auto: true },
  ],
});
