import { describe, expect, it } from "vitest";
import { calibratedSlowdown, MIN_CPU_SLOWDOWN, REFERENCE_HOST_INDEX } from "./cpu-calibration";

describe("calibratedSlowdown", () => {
  it("keeps the nominal slowdown on a host as fast as the quiet one or faster", () => {
    expect(calibratedSlowdown(4, REFERENCE_HOST_INDEX)).toBe(4);
    expect(calibratedSlowdown(4, REFERENCE_HOST_INDEX * 1.3)).toBe(4);
  });

  it("lowers the slowdown in proportion when the host is busy", () => {
    expect(calibratedSlowdown(4, REFERENCE_HOST_INDEX * 0.75)).toBe(3);
    expect(calibratedSlowdown(4, 2_000)).toBe(2.67);
  });

  it("never goes below the least slowdown that still stands in for a phone", () => {
    expect(calibratedSlowdown(4, 500)).toBe(MIN_CPU_SLOWDOWN);
  });

  it("keeps the nominal slowdown when the benchmark gave no figure", () => {
    expect(calibratedSlowdown(4, Number.NaN)).toBe(4);
    expect(calibratedSlowdown(4, 0)).toBe(4);
  });
});
