import { expect, type Page } from "@playwright/test";
import { testBeforeHydration as test } from "../support/hydrated-test";

/*
 * The page holds still on a mid-range phone (issue 36): with Chromium's CPU slowed 4x (Lighthouse's
 * phone), each key page is watched like an eye from the moment it has painted and its HTML has
 * arrived until it has hydrated and a second has passed, every 15 ms. It fails if the visible text
 * falls, if an element that was on the page (a section, a heading, a form, the footer) leaves it,
 * if the page gets shorter, or if a scroll the visitor made after paint is undone. Its `test` is
 * `testBeforeHydration`, not the hydration-waiting one: the point is to look while scripts arrive.
 */

const CPU_SLOWDOWN = 4;
const PAGES = ["/", "/calendar", "/news", "/news/silverstone-national-season-finale", "/store", "/store/team-cap-red", "/team", "/cart"];
/** How far the visitor scrolls once the page has painted (less on a page shorter than that). */
const SCROLL_TO = 1_500;
/** Text may change by a few characters (a countdown's digits); a part leaving changes hundreds. */
const TEXT_SLACK = 24;

interface Watch {
  done: boolean;
  problems: string[];
  samples: number;
}

declare global {
  interface Window {
    __watch?: Watch;
  }
}

/** The watcher, run in the page before any of its scripts. */
function watchThePage({ scrollTo, textSlack }: { scrollTo: number; textSlack: number }) {
  const watch: Watch = { done: false, problems: [], samples: 0 };
  window.__watch = watch;
  let painted = false;
  new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.name === "first-contentful-paint")) painted = true;
  }).observe({ type: "paint", buffered: true });
  const problem = (text: string) => {
    if (watch.problems.length < 20) watch.problems.push(`${Math.round(performance.now())} ms: ${text}`);
  };
  let watched: Element[] = [];
  let maxText = 0;
  let maxHeight = 0;
  let scrolledTo: number | null = null;
  let hydratedAt: number | null = null;
  const describe = (element: Element) =>
    `<${element.localName}${element.id ? `#${element.id}` : ""}> "${(element.textContent ?? "").trim().slice(0, 40)}"`;
  const sample = () => {
    const root = document.documentElement;
    if (scrolledTo === null) {
      watched = [...document.querySelectorAll("header, main, footer, section, form, h1, h2, h3, nav, article")];
      maxText = document.body.innerText.length;
      maxHeight = root.scrollHeight;
      scrolledTo = Math.max(0, Math.min(scrollTo, root.scrollHeight - innerHeight));
      window.scrollTo(0, scrolledTo);
    }
    watch.samples += 1;
    const text = document.body.innerText.length;
    if (text < maxText - textSlack) problem(`visible text fell from ${maxText} to ${text} characters`);
    maxText = Math.max(maxText, text);
    const height = root.scrollHeight;
    if (height < maxHeight - 1) problem(`the page got shorter, ${maxHeight} -> ${height} px`);
    maxHeight = Math.max(maxHeight, height);
    for (const element of watched) if (!element.isConnected) problem(`${describe(element)} left the page`);
    watched = watched.filter((element) => element.isConnected);
    if (Math.abs(scrollY - scrolledTo) > 1) problem(`the scroll to ${scrolledTo} px was moved to ${Math.round(scrollY)} px`);
    if (hydratedAt === null && root.dataset.hydration === "done") hydratedAt = performance.now();
    if (hydratedAt !== null && performance.now() - hydratedAt > 1_000) {
      watch.done = true;
      return;
    }
    setTimeout(sample, 15);
  };
  const start = () => (painted ? sample() : setTimeout(start, 15));
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
}

async function watch(page: Page, path: string): Promise<Watch> {
  await page.addInitScript(watchThePage, { scrollTo: SCROLL_TO, textSlack: TEXT_SLACK });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  try {
    await page.goto(path, { waitUntil: "commit" });
    await page.waitForFunction(() => window.__watch?.done === true, null, { timeout: 45_000, polling: 250 });
    return (await page.evaluate(() => window.__watch))!;
  } finally {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  }
}

for (const path of PAGES) {
  test(`${path} holds still from first paint until it has hydrated, on a 4x slower CPU`, async ({ page }) => {
    test.setTimeout(90_000);
    const seen = await watch(page, path);
    expect(seen.samples, "the watcher looked more than a few times").toBeGreaterThan(5);
    expect(seen.problems).toEqual([]);
  });
}
