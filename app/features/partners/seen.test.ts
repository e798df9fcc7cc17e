import { describe, expect, it } from "vitest";
import { hasSeenObjection, seenObjectionCookie, SEEN_OBJECTION_COOKIE } from "./seen";
import { createSeenClock } from "./seen-clock";

describe("the seen count's clock", () => {
  it("reports a mark once it has been at least half on screen for a whole second, once", () => {
    const clock = createSeenClock();
    clock.observe("home/acme", 0.5, 0);
    expect(clock.nextDue()).toBe(1_000);
    expect(clock.due(999)).toEqual([]);
    expect(clock.due(1_000)).toEqual(["home/acme"]);
    expect(clock.due(5_000)).toEqual([]);
    // Scrolled away and back: a page view counts a mark once.
    clock.observe("home/acme", 0, 6_000);
    clock.observe("home/acme", 1, 6_100);
    expect(clock.due(9_000)).toEqual([]);
    expect(clock.nextDue()).toBeNull();
  });

  it("does not count a mark less than half on screen, or one that left before its second was up", () => {
    const clock = createSeenClock();
    clock.observe("home/acme", 0.49, 0);
    expect(clock.due(10_000)).toEqual([]);
    clock.observe("home/acme", 0.8, 10_000);
    clock.observe("home/acme", 0.3, 10_900);
    expect(clock.due(11_000)).toEqual([]);
    // Back on screen: a new second starts then.
    clock.observe("home/acme", 0.6, 12_000);
    expect(clock.due(12_999)).toEqual([]);
    expect(clock.due(13_000)).toEqual(["home/acme"]);
  });

  it("stops the second while the page is hidden, and starts it again when it is shown", () => {
    const clock = createSeenClock();
    clock.observe("partners-page/acme", 1, 0);
    clock.observe("partners-page/peak", 0.2, 0);
    clock.pause();
    expect(clock.due(5_000)).toEqual([]);
    clock.observe("partners-page/peak", 0.9, 5_000);
    expect(clock.due(7_000)).toEqual([]);
    clock.resume(8_000);
    expect(clock.due(8_999)).toEqual([]);
    expect(clock.due(9_000).sort()).toEqual(["partners-page/acme", "partners-page/peak"]);
  });
});

describe("the objection", () => {
  it("is read from a cookie header or document.cookie, and only as the site writes it", () => {
    expect(hasSeenObjection(`theme=dark; ${SEEN_OBJECTION_COOKIE}=1`)).toBe(true);
    expect(hasSeenObjection(`${SEEN_OBJECTION_COOKIE}=1`)).toBe(true);
    expect(hasSeenObjection(`${SEEN_OBJECTION_COOKIE}=0`)).toBe(false);
    expect(hasSeenObjection(`x${SEEN_OBJECTION_COOKIE}=1`)).toBe(false);
    expect(hasSeenObjection("")).toBe(false);
    expect(hasSeenObjection(undefined)).toBe(false);
  });

  it("is kept a year, readable by the page's script, and withdrawn at once", () => {
    expect(seenObjectionCookie(true, true)).toBe(`${SEEN_OBJECTION_COOKIE}=1; Max-Age=31536000; Path=/; SameSite=Lax; Secure`);
    expect(seenObjectionCookie(true, false)).not.toContain("Secure");
    expect(seenObjectionCookie(true, true)).not.toContain("HttpOnly");
    expect(seenObjectionCookie(false, true)).toBe(`${SEEN_OBJECTION_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax; Secure`);
  });
});
