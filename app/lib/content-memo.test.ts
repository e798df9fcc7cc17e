import { describe, expect, it } from "vitest";
import { createContentMemo } from "./content-memo";

describe("content memo", () => {
  it("loads once until cleared", async () => {
    const memo = createContentMemo();
    let loads = 0;
    const load = async () => ++loads;
    expect(await memo.get("settings", load)).toBe(1);
    expect(await memo.get("settings", load)).toBe(1);
    memo.clear();
    expect(await memo.get("settings", load)).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const memo = createContentMemo();
    await expect(memo.get("settings", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await memo.get("settings", async () => "back")).toBe("back");
  });
});
