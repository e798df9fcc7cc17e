import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe takes a few seconds on a busy machine; a run that hangs fails the test now, not at its timeout. */
const AXE_TIME_MS = 45_000;

function withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish in ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * No serious or critical axe finding against WCAG 2.2 AA on the page as it is now, once its
 * network is quiet; `include` narrows the check to one part, `exclude` leaves one out.
 */
export async function expectNoSeriousViolations(page: Page, options: { include?: string; exclude?: string } = {}) {
  await page.waitForLoadState("networkidle");
  // Legacy mode runs axe.run in the page itself: the default opens a blank page per check to
  // merge each frame's results, which took 1.5-3 s against 1.1-1.5 s per page here and has hung
  // in the emulated phone. What it leaves out, the inside of cross-origin frames, is not ours.
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).setLegacyMode();
  if (options.include) builder.include(options.include);
  if (options.exclude) builder.exclude(options.exclude);
  const results = await withinTime(builder.analyze(), AXE_TIME_MS, "axe's analysis");
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}

/** Nothing sticks out sideways (what a phone user would have to scroll to). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
