import { expect, type Page, type TestInfo } from "@playwright/test";
import { testBeforeHydration as test } from "../support/hydrated-test";
import { serializeSpoilerFree, spoilerFreeEndsAt } from "../../app/lib/spoiler-free";

/*
 * Spoiler-free mode hides a result before it is painted (ADR 0142): on a phone with its CPU slowed
 * 4x and the page's scripts held back until the page has painted, every frame from the first is
 * checked (a requestAnimationFrame loop installed before the page's own scripts) for a position,
 * a race report's words, a guarded result that is visible, or the report's real title in the tab.
 * The covers do not move when the scripts arrive and the page hydrates. A tap on "Turn on" before
 * the scripts arrive posts the form, and the page it comes back to is hidden from its first frame.
 * `testBeforeHydration`, whose navigations do not wait for hydration: the page must be looked at
 * while it loads.
 */

const CPU_SLOWDOWN = 4;
const POSITION_SOURCE = String.raw`\bP\d{1,2}\b`;
const THRUXTON_HEADLINE = "Speed and Strategy at Thruxton: Marsh Takes Pole and a Podium in the Heat";
const WORDS = [
  THRUXTON_HEADLINE,
  "A winning start at Silverstone",
  "Season Finale at Silverstone National",
  "Sophie used the slipstream",
  "helped Oliver Hartley win at Cadwell Park",
];

const PAGES = ["/calendar/2025-r9-silverstone-national", "/news/thruxton-speed-and-strategy", "/", "/team?driver=sophie-marsh"];

interface Watch {
  frames: number;
  leaks: string[];
  titles: string[];
}

/** Installed before any script of the page: checks what each frame is about to paint. */
function watchFrames({ position, words }: { position: string; words: string[] }) {
  const state: Watch = { frames: 0, leaks: [], titles: [] };
  (window as unknown as { spoilerWatch: Watch }).spoilerWatch = state;
  const positions = new RegExp(position);
  const check = () => {
    state.frames += 1;
    if (document.body) {
      let text = document.body.innerText;
      // The scoring legend explains positions ("P1 to P12 in class"): no result.
      for (const heading of document.querySelectorAll("h4")) {
        if (heading.textContent === "Scoring legend" && heading.parentElement) text = text.replace(heading.parentElement.innerText, "");
      }
      const found = positions.exec(text);
      if (found) state.leaks.push(`a position: ${found[0]}`);
      // Headlines are set in capitals, which innerText gives as shown.
      for (const word of words) if (text.toLowerCase().includes(word.toLowerCase())) state.leaks.push(word);
      for (const content of document.querySelectorAll<HTMLElement>(".spoiler-content")) {
        const guarded = content.parentElement?.querySelector(":scope > [data-spoiler-round]");
        if (guarded && content.checkVisibility({ visibilityProperty: true }) && content.innerText.trim() !== "") {
          state.leaks.push(`a visible result: ${content.innerText.slice(0, 60)}`);
        }
      }
    }
    if (state.titles.at(-1) !== document.title) state.titles.push(document.title);
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** Opens `path` with its scripts held until the first contentful paint; returns the covers' places then, and a release. */
async function openHeld(page: Page, path: string, testInfo: TestInfo) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.unrouteAll();
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.mainFrame().goto(path, { waitUntil: "commit" });
  await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0, null, {
    polling: 10,
    timeout: 30_000,
  });
  await testInfo.attach(`first paint ${path}`, { body: await page.screenshot(), contentType: "image/png" });
  const hydration = await page.evaluate(() => document.documentElement.dataset.hydration);
  expect(hydration, `${path}: painted before its scripts ran`).not.toBe("done");
  return { release, covers: await coverBoxes(page) };
}

function coverBoxes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".spoiler-cover")]
      .filter((cover) => cover.checkVisibility())
      .map((cover) => {
        const box = cover.getBoundingClientRect();
        return {
          top: Math.round(box.top + scrollY),
          left: Math.round(box.left),
          width: Math.round(box.width),
          height: Math.round(box.height),
        };
      }),
  );
}

async function watched(page: Page): Promise<Watch> {
  return page.evaluate(() => (window as unknown as { spoilerWatch: Watch }).spoilerWatch);
}

test.describe("spoiler-free mode, 4x slower CPU, scripts held back", () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page, context }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(watchFrames, { position: POSITION_SOURCE, words: WORDS });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  });

  test("no result is painted, in any frame, and the covers hold still as the page hydrates", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const until = spoilerFreeEndsAt(new Date());
    await context.addCookies([{ name: "spoiler_free", value: serializeSpoilerFree({ until, revealedRoundIds: [] }), url: baseURL! }]);
    for (const path of PAGES) {
      const { release, covers } = await openHeld(page, path, testInfo);
      expect(covers.length, `${path} has covers at its first paint`).toBeGreaterThan(0);
      release();
      await page.waitForFunction(() => document.documentElement.dataset.hydration === "done", null, { timeout: 60_000 });
      await page.waitForLoadState("networkidle");
      expect(await coverBoxes(page), `${path}: the covers did not move`).toEqual(covers);
      const watch = await watched(page);
      expect(watch.frames, `${path}: frames were watched`).toBeGreaterThan(5);
      expect(watch.leaks, path).toEqual([]);
      expect(
        watch.titles.some((title) => title.startsWith(THRUXTON_HEADLINE)),
        `${path}: the tab never showed the headline`,
      ).toBe(false);
    }
  });

  test("a tap on Turn on before the scripts arrive posts the form, and the page comes back hidden", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const { release } = await openHeld(page, "/calendar?round=2025-r4-thruxton", testInfo);
    expect(await page.evaluate(() => document.body.innerText)).toMatch(new RegExp(POSITION_SOURCE));
    await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
    const posted = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/spoiler-free",
    );
    await page.getByRole("button", { name: "Turn on spoiler-free mode" }).tap();
    expect((await posted).status()).toBe(303);
    // The page the form came back to (the same address), painted.
    await page.waitForFunction(
      () => !(window as unknown as { before?: boolean }).before && performance.getEntriesByName("first-contentful-paint").length > 0,
      null,
      { polling: 10, timeout: 30_000 },
    );
    expect(page.url()).toMatch(/\/calendar\?round=2025-r4-thruxton$/);
    expect((await context.cookies(baseURL!)).some((cookie) => cookie.name === "spoiler_free")).toBe(true);
    expect((await watched(page)).leaks).toEqual([]);
    release();
  });
});
