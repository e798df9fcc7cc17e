import { describe, expect, it } from "vitest";
import { jsonDiff, jsonEqual, toJson } from "./json-diff";

describe("jsonDiff", () => {
  it("is empty for equal values, however deep", () => {
    expect(jsonDiff({ a: 1, b: { c: [1, 2], d: null } }, { b: { d: null, c: [1, 2] }, a: 1 })).toEqual([]);
    expect(jsonDiff("x", "x")).toEqual([]);
    expect(jsonDiff(null, null)).toEqual([]);
  });

  it("names changed, added and removed fields by their path, in sorted key order", () => {
    expect(jsonDiff({ title: "Old", seo: { title: "A" }, gone: true }, { title: "New", seo: { title: "A", image: "x.png" } })).toEqual([
      { path: ["gone"], kind: "removed", before: true },
      { path: ["seo", "image"], kind: "added", after: "x.png" },
      { path: ["title"], kind: "changed", before: "Old", after: "New" },
    ]);
  });

  it("treats arrays as whole values", () => {
    expect(jsonDiff({ roles: ["editor"] }, { roles: ["editor", "shop"] })).toEqual([
      { path: ["roles"], kind: "changed", before: ["editor"], after: ["editor", "shop"] },
    ]);
    expect(jsonDiff({ roles: ["a", "b"] }, { roles: ["b", "a"] })).toHaveLength(1);
  });

  it("describes a record created or deleted as one entry at the root", () => {
    expect(jsonDiff(null, { id: 1 })).toEqual([{ path: [], kind: "changed", before: null, after: { id: 1 } }]);
    expect(jsonDiff({ id: 1 }, undefined)).toEqual([{ path: [], kind: "removed", before: { id: 1 } }]);
  });

  it("tells a field set to null from one removed, and a type change from an equal value", () => {
    expect(jsonDiff({ a: 1 }, { a: null })).toEqual([{ path: ["a"], kind: "changed", before: 1, after: null }]);
    expect(jsonDiff({ a: 1 }, { a: "1" })).toEqual([{ path: ["a"], kind: "changed", before: 1, after: "1" }]);
    expect(jsonDiff({ a: {} }, { a: [] })).toEqual([{ path: ["a"], kind: "changed", before: {}, after: [] }]);
  });
});

describe("jsonEqual", () => {
  it("compares objects regardless of key order and arrays in order", () => {
    expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: undefined as never }, {})).toBe(true);
  });
});

describe("toJson", () => {
  it("stores dates as ISO text, drops undefined fields and summarises bytes", () => {
    expect(toJson({ at: new Date("2026-05-01T09:00:00Z"), skip: undefined, bytes: new Uint8Array(3), n: 2, list: [new Date(0)] })).toEqual({
      at: "2026-05-01T09:00:00.000Z",
      bytes: "[3 bytes]",
      n: 2,
      list: ["1970-01-01T00:00:00.000Z"],
    });
  });
});
