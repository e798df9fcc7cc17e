import { describe, expect, it } from "vitest";
import { DEFAULT_SESSION_MINUTES, isQualifyingSession, isRaceSession, sessionMinutes } from "./session-kind";

describe("session kinds", () => {
  it("knows a race by its name's first word", () => {
    expect(isRaceSession("Race 1")).toBe(true);
    expect(isRaceSession("  race 2 (reversed grid)")).toBe(true);
    expect(isRaceSession("Pre-race briefing")).toBe(false);
    expect(isRaceSession("Racecraft practice")).toBe(false);
  });

  it("knows qualifying anywhere in the name", () => {
    expect(isQualifyingSession("Qualifying 2")).toBe(true);
    expect(isQualifyingSession("Combined qualifying")).toBe(true);
    expect(isQualifyingSession("Free practice")).toBe(false);
  });

  it("runs a race the round's race length and anything else the default", () => {
    expect(sessionMinutes("Race 1", 25)).toBe(25);
    expect(sessionMinutes("Qualifying", 25)).toBe(DEFAULT_SESSION_MINUTES);
  });
});
