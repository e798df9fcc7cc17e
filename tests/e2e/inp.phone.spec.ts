import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
// Lighthouse's own CPU benchmark (the BenchmarkIndex of its reports); the package has no exports map.
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { calibratedSlowdown } from "../../bench/cpu-calibration";
import { test } from "../support/hydrated-test";

/*
 * Interaction to Next Paint for the taps people make on a phone (issue 23, part 2), measured by
 * Google's own web-vitals library under 4x CPU throttling (Chrome DevTools' "mid-tier mobile").
 * Each tap is measured 20 times, each time on a freshly loaded and hydrated page, so the page's
 * INP is that one tap's latency: input delay + event handlers + the work up to the next paint.
 * The 75th percentile of the 20 must be under 100 ms (Google's "good" is 200 ms). The page loads
 * unthrottled; only the tap runs throttled. The spec is the "inp" project of playwright.config.ts:
 * it runs after every other browser test, one tap at a time, as a second worker's journey beside
 * it added 30-60 ms to every figure. Figures: docs/performance.md, 2026-11-26 and 2026-11-28.
 *
 * The phone is fixed, not the multiplier (ADR 0111): 4x on this machine when it is quiet. Before
 * each tap the host's BenchmarkIndex is measured in a blank tab, and when other work slows the host
 * down the slowdown is lowered in proportion (bench/cpu-calibration.ts), so the tap is measured on
 * the same phone rather than on the machine's load.
 */

const REPETITIONS = 20;
const P75_LIMIT_MS = 100;
const CPU_SLOWDOWN = 4;
const CART_KEY = "ridgeway-racing-cart";
const PAUSE_BEFORE_TAP_MS = 500;

// The library's browser build, next to its package entry (the package does not export the path).
const webVitalsIife = readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve("web-vitals")), "web-vitals.iife.js"),
  "utf8",
);

test.beforeEach(async ({ page }) => {
  // reportAllChanges: INP is reported as soon as an interaction is measured; 16 ms is the
  // smallest duration the Event Timing API observes (a page's first input is observed whatever its duration).
  await page.addInitScript(
    `${webVitalsIife};\nwebVitals.onINP((metric) => { window.__inp = metric.value; }, { reportAllChanges: true, durationThreshold: 16 });`,
  );
});

/** Loads a page and waits until it is hydrated and quiet, so the tap reaches React's handlers. */
async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

/**
 * Brings `target` on screen as a person's scroll would, and waits as they do before tapping: until
 * the pictures on screen have loaded, half a second more (a person looks before tapping, and the
 * pictures just below the screen, which the scroll also started, arrive meanwhile), and the next
 * frame. Without the wait the tap came in the same millisecond as the scroll, and the figure was
 * the scroll's image loading (30-80 ms of input delay on the store) more than the tap.
 */
async function scrollToAndSettle(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await page.waitForFunction(() =>
    [...document.images].every((image) => {
      const box = image.getBoundingClientRect();
      const onScreen = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
      return !onScreen || image.complete;
    }),
  );
  await page.waitForTimeout(PAUSE_BEFORE_TAP_MS);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The host's Lighthouse BenchmarkIndex now, measured in a blank tab of the page's browser. */
async function hostBenchmarkIndex(context: BrowserContext): Promise<number> {
  const blank = await context.newPage();
  try {
    return await blank.evaluate<number>(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
  } finally {
    await blank.close();
  }
}

interface Tap {
  inp: number;
  slowdown: number;
}

/**
 * Taps `target` with the CPU slowed down, waits for `done` (what the tap shows), then for
 * web-vitals to report, and answers the page's INP in milliseconds and the slowdown it ran at.
 */
async function throttledTap(page: Page, target: Locator, done: () => Promise<void>): Promise<Tap> {
  const slowdown = calibratedSlowdown(CPU_SLOWDOWN, await hostBenchmarkIndex(page.context()));
  await scrollToAndSettle(page, target);
  const point = await tapPoint(target);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  try {
    // A bare touch at the point, not locator.tap(): that one also runs Playwright's own listeners
    // in the page (its hit-target check on pointerdown, mousemove and click, 4-5 ms at 4x), which
    // a phone does not have and the figure would count as the page's input delay.
    await page.touchscreen.tap(point.x, point.y);
    await done();
    // web-vitals reports INP from an idle callback (at most 1 s later).
    await page.waitForFunction(() => (window as { __inp?: number }).__inp !== undefined, undefined, { timeout: 10_000 });
    await page.waitForTimeout(1_100);
    return { inp: await page.evaluate(() => (window as unknown as { __inp: number }).__inp), slowdown };
  } finally {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await cdp.detach();
  }
}

/** The centre of `target`, checked to be `target` (or inside it) on top there, as a finger would find it. */
async function tapPoint(target: Locator): Promise<{ x: number; y: number }> {
  const point = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const top = document.elementFromPoint(x, y);
    return { x, y, onTop: top !== null && element.contains(top) };
  });
  expect(point.onTop, "the control is on top at its centre").toBe(true);
  return point;
}

function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

async function measure(name: string, once: () => Promise<Tap>) {
  const taps: Tap[] = [];
  for (let i = 0; i < REPETITIONS; i++) taps.push(await once());
  const values = taps.map((tap) => tap.inp);
  const slowdowns = taps.map((tap) => tap.slowdown);
  const figure = p75(values);
  const summary =
    `${name}: p75 ${figure} ms over ${REPETITIONS} (min ${Math.min(...values)}, max ${Math.max(...values)}; ${values.join(", ")}); ` +
    `CPU slowdown ${Math.min(...slowdowns)} - ${Math.max(...slowdowns)}x`;
  test.info().annotations.push({ type: "INP", description: summary });
  console.log(`INP ${summary}`);
  expect(figure, summary).toBeLessThan(P75_LIMIT_MS);
}

test.describe("INP under 4x CPU throttling, p75 of 20 taps", () => {
  test.describe.configure({ timeout: 300_000 });

  test("open the phone menu", async ({ page }) => {
    await measure("open the phone menu", async () => {
      await openHydrated(page, "/");
      return throttledTap(page, page.getByRole("button", { name: "Open menu" }), () => expect(page.locator("#mobile-menu")).toBeVisible());
    });
  });

  test("add to cart", async ({ page }) => {
    await measure("add to cart", async () => {
      await page.goto("/terms");
      await page.evaluate((key) => localStorage.removeItem(key), CART_KEY);
      await openHydrated(page, "/store");
      const product = page.getByRole("article", { name: "Ridgeway Racing Keyring", exact: true });
      return throttledTap(page, product.getByRole("button", { name: "Add to Cart" }), () =>
        expect(product.getByRole("status")).toContainText("Added to cart"),
      );
    });
  });

  test("change a quantity in the cart", async ({ page }) => {
    await measure("change a quantity in the cart", async () => {
      await page.goto("/terms");
      await page.evaluate(
        (key) => localStorage.setItem(key, JSON.stringify({ items: [{ id: 2, selectedSize: "One Size", quantity: 2 }] })),
        CART_KEY,
      );
      await openHydrated(page, "/cart");
      const label = "Ridgeway Racing Team Cap - Red & White, One Size";
      const line = page.getByRole("article", { name: label, exact: true });
      const quantity = line.getByLabel(`Quantity of ${label}`, { exact: true }).last();
      await expect(quantity).toHaveText("2");
      return throttledTap(page, line.getByRole("button", { name: `Increase quantity of ${label}` }), () =>
        expect(quantity).toHaveText("3"),
      );
    });
  });

  test("open a calendar round", async ({ page }) => {
    await measure("open a calendar round", async () => {
      await openHydrated(page, "/calendar");
      const round = page.getByRole("button", { name: /\bThruxton\b/ });
      return throttledTap(page, round, () => expect(round).toHaveAttribute("aria-expanded", "true"));
    });
  });

  test("switch a driver", async ({ page }) => {
    // The switch is the page view's second tap: the INP is the slower of the two, so the figure
    // is at most the switch's own latency's upper bound (the first tap runs unthrottled).
    await measure("switch a driver", async () => {
      await openHydrated(page, "/team");
      const drivers = page.getByRole("region", { name: "Our Drivers", exact: true }).getByRole("list", { name: "Drivers" });
      const first = drivers.getByRole("button", { name: /Oliver Hartley/ });
      const second = drivers.getByRole("button", { name: /Sophie Marsh/ });
      await first.tap();
      await expect(first).toHaveAttribute("aria-expanded", "true");
      await page.waitForFunction(() => (window as { __inp?: number }).__inp !== undefined, undefined, { timeout: 10_000 });
      return throttledTap(page, second, () => expect(second).toHaveAttribute("aria-expanded", "true"));
    });
  });
});
