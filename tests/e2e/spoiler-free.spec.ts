import { expect as baseExpect, type BrowserContext, type Page } from "@playwright/test";
import { test } from "../support/hydrated-test";
import { startDeskSite, type DeskSite } from "../support/desk-site";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "../support/page-checks";
import { SPOILER_FREE_CHANGED_EVENT, serializeSpoilerFree, spoilerFreeEndsAt } from "../../app/lib/spoiler-free";

/*
 * Spoiler-free mode (issue 40, item 3; ADR 0142, 0143) on the seeded 2025 season, at 390 and 1280
 * px: with the mode on, no page that carries a result shows one of the seeded results (a
 * position, a race report's words, a driver's points), the shared pages being the same bytes as
 * for everyone; a reveal shows that round's and only that round's; the mode is turned on and off
 * from the page without a reload and says so with its event; it ends by the clock with nobody
 * doing anything; a ticker post that arrives while a fan reads stays hidden; without JavaScript
 * the form still sets the mode. A site of its own (a staff member posts to the ticker); on
 * PostgreSQL with TEST_DATABASE_URL.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

const ROUND_1 = "2025-r1-silverstone-international";
const ROUND_4 = "2025-r4-thruxton";
const ROUND_9 = "2025-r9-silverstone-national";
const THRUXTON_REPORT = "/news/thruxton-speed-and-strategy";
const THRUXTON_HEADLINE = "Speed and Strategy at Thruxton: Marsh Takes Pole and a Podium in the Heat";
const FINALE_HEADLINE = "Season Finale at Silverstone National: Podiums for Hartley and Marsh as 2025 Ends";
/** A technical feature's excerpt, published after Round 7, tells its result. */
const CADWELL_WIN = "helped Oliver Hartley win at Cadwell Park";
/** The home page's first hero slide leads to the Round 1 report. */
const OPENER_SLIDE = "A winning start at Silverstone";
/** Sophie Marsh's season points on her driver card (up to the card's "View details"). */
const SOPHIE_POINTS = /Sophie Marsh(?:(?!View details|Hide details)[\s\S])*?\b\d+ pts\b/i;
/** A position as the site writes it ("P2"), in a result table, a driver's season or the ticker. */
const POSITION = /\bP\d{1,2}\b/;

/** Each page that carries a result, and what of the seeded results it shows without the mode. */
const PAGES: ReadonlyArray<{ path: string; spoilers: ReadonlyArray<string | RegExp> }> = [
  { path: "/", spoilers: [OPENER_SLIDE, FINALE_HEADLINE, SOPHIE_POINTS] },
  { path: `/calendar?round=${ROUND_4}`, spoilers: [POSITION, /Round points\s*\d+/i] },
  { path: `/calendar/${ROUND_9}`, spoilers: [POSITION, /Round points\s*\d+/i] },
  { path: "/news", spoilers: [THRUXTON_HEADLINE, FINALE_HEADLINE, CADWELL_WIN] },
  { path: THRUXTON_REPORT, spoilers: [THRUXTON_HEADLINE, "Sophie used the slipstream cleverly"] },
  { path: "/team?driver=sophie-marsh", spoilers: [POSITION, SOPHIE_POINTS, /Total \(best 7 rounds\)\s*\d+/i] },
];

let desk: DeskSite;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({ site: desk } = await startDeskSite({ staff: [] }));
});

test.afterAll(async () => {
  await desk?.close();
});

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

/** The mode as the server would set it now, ending at the next Monday 23:00 UK time. */
async function turnOnByCookie(context: BrowserContext, revealed: string[] = []) {
  const until = spoilerFreeEndsAt(new Date());
  await context.addCookies([
    {
      name: "spoiler_free",
      value: serializeSpoilerFree({ until, revealedRoundIds: revealed }),
      url: desk.url,
      expires: until.getTime() / 1000,
    },
  ]);
}

/**
 * What a person can read on the page (`innerText` leaves out what is hidden), less the scoring
 * legend, which explains positions ("P1 to P12 in class") and is no result.
 */
function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    let text = document.body.innerText;
    for (const heading of document.querySelectorAll("h4")) {
      if (heading.textContent === "Scoring legend" && heading.parentElement) text = text.replace(heading.parentElement.innerText, "");
    }
    return text;
  });
}

/** Whether the text has the spoiler; headlines are set in capitals, which `innerText` gives as shown. */
function shows(text: string, spoiler: string | RegExp): boolean {
  return typeof spoiler === "string" ? text.toLowerCase().includes(spoiler.toLowerCase()) : spoiler.test(text);
}

/** The results of a page, opened: the calendar row and the driver detail open from their addresses. */
async function open(page: Page, path: string) {
  await page.goto(`${desk.url}${path}`);
  await page.waitForLoadState("networkidle");
}

/** Records the mode's changes the page announces (SPOILER_FREE_CHANGED_EVENT's detail). */
async function recordChanges(page: Page) {
  await page.evaluate((name) => {
    const seen: Array<string | null> = [];
    (window as unknown as { spoilerChanges: typeof seen }).spoilerChanges = seen;
    addEventListener(name, (event) => seen.push((event as CustomEvent<string | null>).detail));
  }, SPOILER_FREE_CHANGED_EVENT);
  return () => page.evaluate(() => (window as unknown as { spoilerChanges: Array<string | null> }).spoilerChanges);
}

test("with the mode on, no page shows a seeded result; without it, each does", async ({ page, context }) => {
  test.setTimeout(240_000);
  for (const { path, spoilers } of PAGES) {
    await open(page, path);
    const text = await visibleText(page);
    for (const spoiler of spoilers) expect(shows(text, spoiler), `${path} shows ${spoiler} without the mode`).toBe(true);
  }
  await turnOnByCookie(context);
  for (const { path, spoilers } of PAGES) {
    await open(page, path);
    const text = await visibleText(page);
    for (const spoiler of spoilers) expect(shows(text, spoiler), `${path} hides ${spoiler}`).toBe(false);
    expect(text, `${path} shows no position`).not.toMatch(POSITION);
    await expect(page.locator(".spoiler-cover").first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  // The race report's tab title names its round, not its result.
  await open(page, THRUXTON_REPORT);
  await expect(page).toHaveTitle("Race report: Round 4, Thruxton | Ridgeway Racing");
  // The heading as a screen reader names it: the round's, not the headline (hidden text is no part of a name).
  await expect(page.getByRole("heading", { level: 1, name: "Race report: Round 4, Thruxton", exact: true })).toBeVisible();
  // Every page was the one everybody gets: the mode changed nothing the server sent.
  for (const { path } of PAGES) {
    const withMode = await page.request.get(`${desk.url}${path}`);
    expect(withMode.headers()["cache-control"], path).toMatch(/^public/);
  }
});

test("a reveal shows that round and no other, and the tab's title comes back", async ({ page, context }) => {
  await turnOnByCookie(context);
  await open(page, THRUXTON_REPORT);
  const changes = await recordChanges(page);
  await page.getByRole("button", { name: "Reveal Round 4, Thruxton" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: THRUXTON_HEADLINE, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${THRUXTON_HEADLINE} | Ridgeway Racing`);
  await expect(page.getByText("Sophie used the slipstream cleverly")).toBeVisible();
  expect(await changes()).toEqual([expect.stringMatching(new RegExp(`^\\d+\\.${ROUND_4}$`))]);
  // Focus is where the report is, not lost on the page.
  expect(await page.evaluate(() => document.activeElement?.classList.contains("spoiler-content"))).toBe(true);

  await open(page, "/news");
  const text = await visibleText(page);
  expect(shows(text, THRUXTON_HEADLINE)).toBe(true);
  expect(shows(text, FINALE_HEADLINE)).toBe(false);

  await open(page, `/calendar?round=${ROUND_4}`);
  expect(await visibleText(page)).toMatch(POSITION);
  await open(page, `/calendar/${ROUND_9}`);
  expect(await visibleText(page)).not.toMatch(POSITION);
});

test("the calendar's bar turns the mode on and off without a reload, and the cookie ends on Monday at 23:00", async ({ page, context }) => {
  await open(page, `/calendar?round=${ROUND_4}`);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const changes = await recordChanges(page);
  expect(await visibleText(page)).toMatch(POSITION);

  await page.getByRole("button", { name: "Turn on spoiler-free mode" }).click();
  await expect(page.getByText("Spoiler-free mode is on", { exact: true })).toBeVisible();
  await expect(page.getByText("until Monday 23:00 UK time: results and the ticker are hidden.")).toBeVisible();
  await expect.poll(() => visibleText(page)).not.toMatch(POSITION);
  const cookie = (await context.cookies(desk.url)).find((entry) => entry.name === "spoiler_free")!;
  const ends = spoilerFreeEndsAt(new Date());
  expect(cookie.value).toBe(String(ends.getTime() / 1000));
  expect(Math.abs(cookie.expires - ends.getTime() / 1000)).toBeLessThanOrEqual(5);
  expect(cookie.httpOnly).toBe(false);
  await expect(page.getByTestId("status-announcer")).toContainText("Spoiler-free mode is on");

  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByRole("button", { name: "Turn on spoiler-free mode" })).toBeVisible();
  await expect.poll(() => visibleText(page)).toMatch(POSITION);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(await changes()).toEqual([String(ends.getTime() / 1000), null]);
  expect((await context.cookies(desk.url)).some((entry) => entry.name === "spoiler_free")).toBe(false);
});

test("the mode ends by the clock: on an open page at Monday 23:00, and on a page opened after it", async ({ page, context }) => {
  const ends = spoilerFreeEndsAt(new Date());
  await page.clock.install({ time: new Date(ends.getTime() - 60_000) });
  await turnOnByCookie(context);
  await open(page, `/calendar?round=${ROUND_4}`);
  expect(await visibleText(page)).not.toMatch(POSITION);
  const changes = await recordChanges(page);

  // Nobody does anything: the clock passes 23:00 and the results show.
  await page.clock.runFor(2 * 60_000);
  await expect.poll(() => visibleText(page)).toMatch(POSITION);
  expect(await changes()).toEqual([null]);

  // A page opened later, the cookie still kept by the browser: its value's own end has passed.
  const later = await context.newPage();
  await later.clock.setFixedTime(new Date(ends.getTime() + 60_000));
  expect((await context.cookies(desk.url)).some((entry) => entry.name === "spoiler_free")).toBe(true);
  await later.goto(`${desk.url}/calendar?round=${ROUND_4}`);
  await later.waitForLoadState("networkidle");
  expect(await visibleText(later)).toMatch(POSITION);
  await later.close();
});

// A ticker post that arrives while a fan in the mode reads the round: race-weekend.desktop.spec.ts,
// whose server's clock is in the round's weekend (a round's page follows live only then).

test("keyboard alone: turn the mode on, reveal a round from its cover, and reach the settings", async ({ page }) => {
  await open(page, `/calendar/${ROUND_9}`);
  await page.locator("body").focus();
  const tabTo = async (name: string) => {
    for (let step = 0; step < 60; step += 1) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
      if (focused === name) return;
    }
    throw new Error(`Tab never reached ${name}`);
  };
  await tabTo("Turn on spoiler-free mode");
  await page.keyboard.press("Enter");
  await expect.poll(() => visibleText(page)).not.toMatch(POSITION);
  // Focus moves to the bar's new state, which says the mode is on.
  await expect(page.locator(":focus")).toContainText("Spoiler-free mode is on");
  await tabTo("Reveal Round 9");
  await page.keyboard.press("Enter");
  await expect.poll(() => visibleText(page)).toMatch(POSITION);
  await tabTo("Settings");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/spoiler-free$/);
  await expect(page.getByRole("heading", { level: 2, name: /On until Monday \d+ \w+ at 23:00 UK time/i })).toBeVisible();
  await expect(page.getByRole("list", { name: "Rounds so far" }).getByText("Results shown")).toHaveCount(1);
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
});

test("the round page and the mode's page with the mode on pass the accessibility checks", async ({ page, context }) => {
  await turnOnByCookie(context, [ROUND_1]);
  await open(page, `/calendar/${ROUND_9}`);
  await expectNoSeriousViolations(page);
  await open(page, "/spoiler-free");
  await expect(page.getByRole("list", { name: "Rounds so far" }).getByRole("listitem")).toHaveCount(9);
  await page.getByRole("button", { name: "Reveal all and turn off" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Off" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still sets the mode and comes back; the mode's page says the results stay visible", async ({ page, context }) => {
    await open(page, `/calendar?round=${ROUND_4}`);
    await page.getByRole("button", { name: "Turn on spoiler-free mode" }).click();
    await expect(page).toHaveURL(`${desk.url}/calendar?round=${ROUND_4}`);
    expect((await context.cookies(desk.url)).find((entry) => entry.name === "spoiler_free")?.value).toMatch(/^\d{10}$/);
    await open(page, "/spoiler-free");
    await expect(page.getByRole("heading", { level: 2, name: /On until Monday/ })).toBeVisible();
    // Said in a <noscript> (which Playwright's text locators leave out, so it is found by its element).
    await expect(page.locator("noscript p")).toContainText("without it they show every result");
    await expect(page.locator("noscript p")).toBeVisible();
    await page.getByRole("button", { name: "Reveal Round 4, Thruxton" }).click();
    await expect(page).toHaveURL(`${desk.url}/spoiler-free`);
    await expect(page.getByRole("list", { name: "Rounds so far" }).getByText("Results shown")).toHaveCount(1);
  });
});
