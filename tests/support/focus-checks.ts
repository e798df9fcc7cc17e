import { expect, type Page } from "@playwright/test";

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
      box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
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
