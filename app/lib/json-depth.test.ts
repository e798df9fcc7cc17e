import { describe, expect, it } from "vitest";
import { jsonNestsDeeperThan } from "./json-depth";

const nestedArrays = (levels: number): unknown => JSON.parse("[".repeat(levels) + "]".repeat(levels));
const nestedObjects = (levels: number): unknown => JSON.parse('{"a":'.repeat(levels) + "1" + "}".repeat(levels));

describe("jsonNestsDeeperThan", () => {
  it("counts each array or object as a level, and values inside them as none", () => {
    expect(jsonNestsDeeperThan("text", 0)).toBe(false);
    expect(jsonNestsDeeperThan(null, 0)).toBe(false);
    expect(jsonNestsDeeperThan([], 0)).toBe(true);
    expect(jsonNestsDeeperThan([], 1)).toBe(false);
    expect(jsonNestsDeeperThan({ a: [1, { b: "c" }] }, 3)).toBe(false);
    expect(jsonNestsDeeperThan({ a: [1, { b: "c" }] }, 2)).toBe(true);
  });

  it("finds the deepest branch, wherever it is", () => {
    const value = { first: [1, 2, 3], second: { shallow: true }, third: [[[[["deep"]]]]] };
    expect(jsonNestsDeeperThan(value, 6)).toBe(false);
    expect(jsonNestsDeeperThan(value, 5)).toBe(true);
  });

  it("answers for values far deeper than the call stack allows", () => {
    for (const levels of [5_000, 100_000]) {
      expect(jsonNestsDeeperThan(nestedArrays(levels), 32)).toBe(true);
      expect(jsonNestsDeeperThan(nestedObjects(levels), 32)).toBe(true);
      expect(jsonNestsDeeperThan(nestedArrays(levels), levels)).toBe(false);
    }
  });
});
