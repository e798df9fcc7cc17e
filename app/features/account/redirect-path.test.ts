import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect-path";

describe("safeRedirectPath", () => {
  it("keeps a path on this site with its query and hash", () => {
    expect(safeRedirectPath("/dashboard/orders")).toBe("/dashboard/orders");
    expect(safeRedirectPath("/dashboard/orders/RR-1?x=1#top")).toBe("/dashboard/orders/RR-1?x=1#top");
  });

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "/\t/evil.example",
    "javascript:alert(1)",
    "dashboard",
    "",
    null,
    undefined,
    42,
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});
