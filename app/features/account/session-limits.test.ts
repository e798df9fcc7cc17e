import { describe, expect, it } from "vitest";
import { pastAbsoluteLimit, SESSION_LIMITS } from "./session-limits";

describe("session limits", () => {
  it("are 30 days idle, refreshed daily, 90 days at most, and a day without Remember me", () => {
    expect(SESSION_LIMITS).toEqual({
      rememberedIdleSeconds: 2_592_000,
      refreshEverySeconds: 86_400,
      absoluteSeconds: 7_776_000,
      notRememberedSeconds: 86_400,
    });
  });

  it("ends a session 90 days after sign-in", () => {
    const signedIn = new Date("2026-01-01T00:00:00Z");
    expect(pastAbsoluteLimit(signedIn, new Date("2026-03-31T23:59:59Z"))).toBe(false);
    expect(pastAbsoluteLimit(signedIn, new Date("2026-04-01T00:00:00Z"))).toBe(true);
  });
});
