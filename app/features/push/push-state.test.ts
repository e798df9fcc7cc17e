import { describe, expect, it } from "vitest";
import { isIncluded, mergedChoices, type StoredPush } from "./push-state";

const stored = (kinds: StoredPush["choices"]["kinds"], driverIds: string[]): StoredPush => ({
  endpoint: "https://push/1",
  choices: { kinds, driverIds },
});

describe("a notify-me tap", () => {
  it("turns on its kinds, for its driver, or the whole team", () => {
    expect(mergedChoices(null, { kinds: ["session", "result"], driverId: "alex" })).toEqual({
      kinds: ["session", "result"],
      driverIds: ["alex"],
    });
    expect(mergedChoices(null, { kinds: ["drop"] })).toEqual({ kinds: ["drop"], driverIds: [] });
  });

  it("adds to what the fan chose before; a fan of the whole team keeps hearing about everyone", () => {
    expect(mergedChoices(stored(["result"], ["jo"]), { kinds: ["session", "result"], driverId: "alex" })).toEqual({
      kinds: ["result", "session"],
      driverIds: ["jo", "alex"],
    });
    expect(mergedChoices(stored(["result"], []), { kinds: ["result"], driverId: "alex" })).toEqual({ kinds: ["result"], driverIds: [] });
  });

  it("shows as on when the fan hears about it already", () => {
    expect(isIncluded(null, { kinds: ["result"] })).toBe(false);
    expect(isIncluded(stored(["result", "session"], []), { kinds: ["result"], driverId: "alex" })).toBe(true);
    expect(isIncluded(stored(["result", "session"], ["jo"]), { kinds: ["result"], driverId: "alex" })).toBe(false);
    expect(isIncluded(stored(["result"], ["alex"]), { kinds: ["result", "session"], driverId: "alex" })).toBe(false);
  });
});
