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
    // Known bypasses that only show after normalising.
    "/..//evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/api/../..//evil.example",
    "/%2e%2e//evil.example",
    "/\\/evil.example",
    "/.\\/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "dashboard",
    "",
    null,
    undefined,
    42,
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it("keeps harmless paths that only look odd, normalised", () => {
    expect(safeRedirectPath("/news/../dashboard")).toBe("/dashboard");
    expect(safeRedirectPath("/dashboard//orders")).toBe("/dashboard//orders");
    // Paths on this site, however they read: an encoded slash is not a separator, a space is a character.
    expect(safeRedirectPath("/..%2f/evil.example")).toBe("/..%2f/evil.example");
    expect(safeRedirectPath("/ //evil.example")).toBe("/%20//evil.example");
  });
});
