import { describe, expect, it } from "vitest";
import {
  changeSpoilerFree,
  isRoundHidden,
  parseSpoilerFree,
  revealRound,
  serializeSpoilerFree,
  spoilerFreeCookieHeader,
  spoilerFreeCookieValue,
  spoilerFreeEndsAt,
} from "./spoiler-free";

describe("spoilerFreeEndsAt", () => {
  it("ends on the Monday after a race weekend at 23:00 UK time (GMT)", () => {
    // Saturday 28 November 2026, 14:00 GMT.
    expect(spoilerFreeEndsAt(new Date("2026-11-28T14:00:00Z")).toISOString()).toBe("2026-11-30T23:00:00.000Z");
  });

  it("is 23:00 British Summer Time in summer", () => {
    // Sunday 26 July 2026.
    expect(spoilerFreeEndsAt(new Date("2026-07-26T10:00:00Z")).toISOString()).toBe("2026-07-27T22:00:00.000Z");
  });

  it("is the same Monday before 23:00, and the next one after", () => {
    expect(spoilerFreeEndsAt(new Date("2026-11-30T22:59:00Z")).toISOString()).toBe("2026-11-30T23:00:00.000Z");
    expect(spoilerFreeEndsAt(new Date("2026-11-30T23:00:00Z")).toISOString()).toBe("2026-12-07T23:00:00.000Z");
  });
});

describe("the cookie", () => {
  const now = new Date("2026-11-28T14:00:00Z");
  const until = new Date("2026-11-30T23:00:00Z");

  it("round-trips the end and the revealed rounds", () => {
    const value = serializeSpoilerFree({ until, revealedRoundIds: ["2026-r3-snetterton", "2026_r4"] });
    expect(value).toBe("1796079600.2026-r3-snetterton.2026_r4");
    expect(parseSpoilerFree(value, now)).toEqual({ until, revealedRoundIds: ["2026-r3-snetterton", "2026_r4"] });
  });

  it("is off once its end has passed, whatever the cookie's own expiry", () => {
    expect(parseSpoilerFree("1796079600", new Date("2026-11-30T23:00:00Z"))).toBeNull();
  });

  it("is off for anything that is not ours", () => {
    for (const value of ["", "yes", "1796079600.<script>", "17960796000000", "1796079600..", "x.2026-r3"]) {
      expect(parseSpoilerFree(value, now)).toBeNull();
    }
    expect(parseSpoilerFree(undefined, now)).toBeNull();
  });

  it("hides every round but the revealed ones", () => {
    const state = revealRound({ until, revealedRoundIds: [] }, "2026-r3");
    expect(isRoundHidden(state, "2026-r3")).toBe(false);
    expect(isRoundHidden(state, "2026-r4")).toBe(true);
    expect(isRoundHidden(null, "2026-r4")).toBe(false);
    expect(revealRound(state, "2026-r3")).toBe(state);
  });
});

describe("changing the mode", () => {
  const now = new Date("2026-11-28T14:00:00Z");
  const until = new Date("2026-11-30T23:00:00Z");

  it("turns on until the next Monday 23:00, keeping the rounds already revealed", () => {
    expect(changeSpoilerFree(null, { intent: "on" }, now)).toEqual({ until, revealedRoundIds: [] });
    const earlier = { until: new Date("2026-11-30T23:00:00Z"), revealedRoundIds: ["2026-r3"] };
    expect(changeSpoilerFree(earlier, { intent: "on" }, now)).toEqual({ until, revealedRoundIds: ["2026-r3"] });
  });

  it("turns off, and reveals a round only while it is on", () => {
    expect(changeSpoilerFree({ until, revealedRoundIds: [] }, { intent: "off" }, now)).toBeNull();
    expect(changeSpoilerFree({ until, revealedRoundIds: [] }, { intent: "reveal", roundId: "2026-r4" }, now)).toEqual({
      until,
      revealedRoundIds: ["2026-r4"],
    });
    expect(changeSpoilerFree(null, { intent: "reveal", roundId: "2026-r4" }, now)).toBeNull();
  });
});

describe("the Set-Cookie header", () => {
  const now = new Date("2026-11-28T14:00:00Z");
  const until = new Date("2026-11-30T23:00:00Z");

  it("ends when the value does, by date and by seconds from the server's clock", () => {
    expect(spoilerFreeCookieHeader({ until, revealedRoundIds: ["2026-r3"] }, { secure: true, now })).toBe(
      "spoiler_free=1796079600.2026-r3; Expires=Mon, 30 Nov 2026 23:00:00 GMT; Max-Age=205200; Path=/; SameSite=Lax; Secure",
    );
  });

  it("clears the cookie when the mode is off", () => {
    expect(spoilerFreeCookieHeader(null, { secure: false, now })).toBe(
      "spoiler_free=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax",
    );
  });

  it("reads the value back from a Cookie header among others", () => {
    expect(spoilerFreeCookieValue("a=1; spoiler_free=1796079600.2026-r3; b=2")).toBe("1796079600.2026-r3");
    expect(spoilerFreeCookieValue("not_spoiler_free=1")).toBeNull();
    expect(spoilerFreeCookieValue(null)).toBeNull();
  });
});
