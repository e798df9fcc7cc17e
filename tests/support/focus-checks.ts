import { expect, type Locator, type Page } from "@playwright/test";

/** Where keyboard focus is, as a person would see it. */
export interface FocusReport {
  /** The focused element, shortly: its tag and its accessible text. */
  element: string;
  /** Focus is on something other than the page's <body>. */
  offBody: boolean;
  /** The element has a box, all of it inside the window. */
  onScreen: boolean;
  /** What is drawn at the element's centre is the element (or inside it): not the fixed header. */
  onTop: boolean;
}

export function focusReport(page: Page): Promise<FocusReport> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body || element === document.documentElement) {
      return { element: "body", offBody: false, onScreen: false, onTop: false };
    }
    const box = element.getBoundingClientRect();
    const onScreen =
      box.width > 0 &&
      box.height > 0 &&
      box.top >= 0 &&
      box.left >= 0 &&
      box.bottom <= window.innerHeight &&
      box.right <= window.innerWidth;
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const text = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 60);
    return { element: `${element.tagName.toLowerCase()} "${text}"`, offBody: true, onScreen, onTop: top !== null && element.contains(top) };
  });
}

/**
 * Focus is somewhere a keyboard or screen reader user can carry on from: not thrown to <body>,
 * on screen and not under the fixed header. Polled, as focus may move a frame after a change.
 */
export async function expectFocusShown(page: Page) {
  await expect
    .poll(async () => {
      const { offBody, onScreen, onTop } = await focusReport(page);
      return { offBody, onScreen, onTop };
    })
    .toEqual({ offBody: true, onScreen: true, onTop: true });
}

/** The site's polite live region (app/components/status-announcer.tsx). */
export function statusAnnouncer(page: Page) {
  return page.getByTestId("status-announcer");
}

/** What is wrong with where keyboard focus is now, as a person would see it (none: all is well). */
export interface KeyStop {
  /** The focused element, shortly: its tag and its accessible text. */
  element: string;
  problems: string[];
}

/**
 * Checks the focused element: not <body> (or nothing), drawn (a box, not `visibility: hidden`),
 * in the window, not under the fixed site header (what is drawn at its top edge and its centre
 * is the element itself) and with a focus indicator (an outline or a box shadow).
 */
export function keyStop(page: Page): Promise<KeyStop> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) {
      return { element: "body", problems: ["focus is on <body>"] };
    }
    const label = (element.getAttribute("aria-label") ?? element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
    const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${label}"`;
    const problems: string[] = [];
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    if (box.width < 1 || box.height < 1) problems.push("it has no box");
    if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) problems.push("it is hidden");
    // The part of the element inside the window.
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    const left = Math.max(box.left, 0);
    const right = Math.min(box.right, window.innerWidth);
    if (bottom - top < 1 || right - left < 1) {
      problems.push("it is outside the window");
    } else {
      const x = (left + right) / 2;
      for (const [where, y] of [
        ["top edge", top + Math.min(2, (bottom - top) / 2)],
        ["centre", (top + bottom) / 2],
      ] as const) {
        const hit = document.elementFromPoint(x, y);
        if (hit && (element.contains(hit) || hit.contains(element))) continue;
        const header = hit?.closest("header");
        const over = header
          ? "the fixed header"
          : hit
            ? `${hit.tagName.toLowerCase()}.${[...hit.classList].slice(0, 2).join(".")}`
            : "nothing";
        problems.push(`its ${where} is covered by ${over}`);
      }
    }
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 && !/rgba\(.*,\s*0\)$/.test(style.outlineColor);
    if (!outline && style.boxShadow === "none") problems.push("it has no focus indicator (no outline or box shadow)");
    return { element: name, problems };
  });
}

/** The focused element is somewhere a keyboard user can see it (keyStop finds nothing wrong). */
export async function expectKeyStopShown(page: Page, after: string) {
  // Polled briefly: focus, scrolling and an opening panel may settle a frame after the key.
  const problems = async () => {
    const stop = await keyStop(page);
    return stop.problems.length ? `${stop.element}: ${stop.problems.join("; ")}` : "ok";
  };
  await expect.poll(problems, { message: `focus after ${after}`, timeout: 2_000 }).toBe("ok");
}

/** Presses one key (or types one character) and checks where focus is after it. */
export async function pressAndCheck(page: Page, key: string) {
  await page.keyboard.press(key);
  await expectKeyStopShown(page, key);
}

/** Types text into the focused field a character at a time, checking focus after each key. */
export async function typeAndCheck(page: Page, text: string) {
  for (const character of text) await pressAndCheck(page, character === " " ? "Space" : character);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking every stop on the way; fails,
 * naming where focus got to, after `most` presses.
 */
export async function tabTo(page: Page, target: Locator, { most = 40, backwards = false }: { most?: number; backwards?: boolean } = {}) {
  const key = backwards ? "Shift+Tab" : "Tab";
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
    await pressAndCheck(page, key);
  }
  if (await target.evaluate((element) => element === document.activeElement)) return most;
  throw new Error(`${most} presses of ${key} did not reach ${target.toString()}; focus is on ${(await keyStop(page)).element}`);
}
