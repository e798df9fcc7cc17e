import { describe, expect, it } from "vitest";
import { windowFor } from "./push-worker";

describe("a tap on a notification", () => {
  it("brings forward the window already on its page; otherwise a new one opens", () => {
    const open = [{ url: "https://ridgeway.example/" }, { url: "https://ridgeway.example/calendar/r9" }];
    expect(windowFor(open, "https://ridgeway.example/calendar/r9")).toBe(open[1]);
    expect(windowFor(open, "https://ridgeway.example/news/a")).toBeUndefined();
  });
});
