import { describe, expect, it } from "vitest";
import {
  CLOSED_FOR_MS,
  closeOffer,
  installRoute,
  isFanPage,
  notePageView,
  parseInstallHintState,
  RETURN_WITHIN_MS,
  shouldOfferInstall,
  VISIT_GAP_MS,
  type InstallHintState,
  type OfferFacts,
} from "./install-moment";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const start = Date.UTC(2026, 10, 1, 9, 0);

/** The state after page views at these times (ms after `start`). */
function viewsAt(...offsets: number[]): InstallHintState {
  let state: InstallHintState | null = null;
  for (const offset of offsets) state = notePageView(state, start + offset);
  return state!;
}

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const IPAD_AS_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const INSTAGRAM_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B83 Instagram 356.0.0.41.101";
const FIREFOX_DESKTOP = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

function facts(overrides: Partial<OfferFacts> & { state: InstallHintState }): OfferFacts {
  return {
    now: overrides.state.lastSeenAt,
    pathname: "/calendar",
    standalone: false,
    offlineCopy: false,
    route: "prompt",
    ...overrides,
  };
}

describe("visits", () => {
  it("counts page views less than half an hour apart as one visit, and a first visit is not a return", () => {
    const state = viewsAt(0, 10 * MINUTE, 35 * MINUTE, 60 * MINUTE);
    expect(state).toEqual({ lastSeenAt: start + 60 * MINUTE, returning: false, closedAt: null });
  });

  it("is a return when the fan comes back within a fortnight of their last page", () => {
    expect(viewsAt(0, 5 * MINUTE, 5 * MINUTE + VISIT_GAP_MS).returning).toBe(true);
    expect(viewsAt(0, RETURN_WITHIN_MS).returning).toBe(true);
    // ...and stays one for the rest of that visit.
    expect(viewsAt(0, 2 * DAY, 2 * DAY + 20 * MINUTE, 2 * DAY + 45 * MINUTE).returning).toBe(true);
  });

  it("is not a return after more than a fortnight away", () => {
    expect(viewsAt(0, RETURN_WITHIN_MS + MINUTE).returning).toBe(false);
    expect(viewsAt(0, 2 * DAY, 30 * DAY).returning).toBe(false);
  });

  it("starts afresh when the clock went back, rather than counting a return", () => {
    expect(notePageView(viewsAt(0, 2 * DAY), start + DAY)).toEqual({ lastSeenAt: start + DAY, returning: false, closedAt: null });
  });

  it("keeps a closed offer closed across visits", () => {
    const closed = closeOffer(viewsAt(0), start + MINUTE);
    expect(notePageView(closed, start + 3 * DAY).closedAt).toBe(start + MINUTE);
  });
});

describe("the stored state", () => {
  it("reads back what was stored", () => {
    const state = closeOffer(viewsAt(0, 2 * DAY), start + 2 * DAY);
    expect(parseInstallHintState(JSON.stringify(state))).toEqual(state);
  });

  it.each([
    ["nothing stored", null],
    ["not JSON", "{visits"],
    ["not an object", "42"],
    ["a field missing", JSON.stringify({ lastSeenAt: 2, closedAt: null })],
    ["a time as text", JSON.stringify({ lastSeenAt: "2", returning: true, closedAt: null })],
    ["a negative time", JSON.stringify({ lastSeenAt: -2, returning: true, closedAt: null })],
    ["a fraction", JSON.stringify({ lastSeenAt: 2.5, returning: true, closedAt: null })],
    ["a return as text", JSON.stringify({ lastSeenAt: 2, returning: "yes", closedAt: null })],
    ["far too long", JSON.stringify({ lastSeenAt: 2, returning: true, closedAt: null, x: "a".repeat(300) })],
  ])("treats %s as a first visit", (_, raw) => {
    expect(parseInstallHintState(raw)).toBeNull();
  });
});

describe("when the offer shows", () => {
  it("never on a first visit, however many pages it has", () => {
    expect(shouldOfferInstall(facts({ state: viewsAt(0, 5 * MINUTE, 20 * MINUTE) }))).toBe(false);
  });

  it("on a fan's return within a fortnight, from the first page of that visit", () => {
    expect(shouldOfferInstall(facts({ state: viewsAt(0, 2 * DAY) }))).toBe(true);
    expect(shouldOfferInstall(facts({ state: viewsAt(0, RETURN_WITHIN_MS) }))).toBe(true);
    expect(shouldOfferInstall(facts({ state: viewsAt(0, 2 * DAY, 2 * DAY + 10 * MINUTE) }))).toBe(true);
  });

  it("not when the fan was away more than a fortnight", () => {
    expect(shouldOfferInstall(facts({ state: viewsAt(0, RETURN_WITHIN_MS + MINUTE) }))).toBe(false);
    expect(shouldOfferInstall(facts({ state: viewsAt(0, 20 * DAY, 40 * DAY) }))).toBe(false);
  });

  it("not for half a year once closed, then again on a return visit", () => {
    const closed = closeOffer(viewsAt(0, 2 * DAY), start + 2 * DAY);
    expect(shouldOfferInstall(facts({ state: closed }))).toBe(false);
    const returnsWithinHalfAYear = notePageView(notePageView(closed, start + 100 * DAY), start + 103 * DAY);
    expect(returnsWithinHalfAYear.returning).toBe(true);
    expect(shouldOfferInstall(facts({ state: returnsWithinHalfAYear }))).toBe(false);
    const afterHalfAYear = start + 2 * DAY + CLOSED_FOR_MS;
    const returnsAfter = notePageView(notePageView(returnsWithinHalfAYear, afterHalfAYear), afterHalfAYear + 3 * DAY);
    expect(shouldOfferInstall(facts({ state: returnsAfter }))).toBe(true);
  });

  it("never in the installed app, on an offline copy, or where the browser cannot install", () => {
    const returning = viewsAt(0, 2 * DAY);
    expect(shouldOfferInstall(facts({ state: returning, standalone: true }))).toBe(false);
    expect(shouldOfferInstall(facts({ state: returning, offlineCopy: true }))).toBe(false);
    expect(shouldOfferInstall(facts({ state: returning, route: "none" }))).toBe(false);
  });

  it("only on the pages a fan reads", () => {
    const returning = viewsAt(0, 2 * DAY);
    for (const pathname of ["/", "/calendar", "/calendar/2026-r3", "/news", "/news/season-opener", "/race-reports/x", "/team", "/team/1"])
      expect(shouldOfferInstall(facts({ state: returning, pathname })), pathname).toBe(true);
    for (const pathname of ["/store", "/store/cap", "/cart", "/checkout", "/login", "/dashboard", "/admin", "/admin/news", "/pay/test/x"])
      expect(shouldOfferInstall(facts({ state: returning, pathname })), pathname).toBe(false);
  });
});

describe("isFanPage", () => {
  it("takes a trailing slash and nothing deeper than a page", () => {
    expect(isFanPage("/calendar/")).toBe(true);
    expect(isFanPage("/calendar/2026-r3/sessions/1.ics")).toBe(false);
    expect(isFanPage("/newsletter")).toBe(false);
  });
});

describe("installRoute", () => {
  it("is Chromium's dialog whenever Chromium handed over its event", () => {
    expect(installRoute({ userAgent: IPHONE, maxTouchPoints: 5, hasInstallPrompt: true })).toBe("prompt");
    expect(installRoute({ userAgent: FIREFOX_DESKTOP, maxTouchPoints: 0, hasInstallPrompt: true })).toBe("prompt");
  });

  it("is the Share sheet on an iPhone, and on an iPad that says it is a Mac", () => {
    expect(installRoute({ userAgent: IPHONE, maxTouchPoints: 5, hasInstallPrompt: false })).toBe("share-sheet");
    expect(installRoute({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5, hasInstallPrompt: false })).toBe("share-sheet");
  });

  it("is nothing on a Mac, in an app's own browser, or in a browser without an install event", () => {
    expect(installRoute({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0, hasInstallPrompt: false })).toBe("none");
    expect(installRoute({ userAgent: INSTAGRAM_ON_IPHONE, maxTouchPoints: 5, hasInstallPrompt: false })).toBe("none");
    expect(installRoute({ userAgent: FIREFOX_DESKTOP, maxTouchPoints: 0, hasInstallPrompt: false })).toBe("none");
  });
});
