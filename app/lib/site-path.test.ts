import { describe, expect, it } from "vitest";
import { pathOnThisSite } from "./site-path";

describe("pathOnThisSite", () => {
  it("keeps a path on this site with its query and hash", () => {
    expect(pathOnThisSite("/dashboard/orders")).toBe("/dashboard/orders");
    expect(pathOnThisSite("/dashboard/orders/RR-1?x=1#top")).toBe("/dashboard/orders/RR-1?x=1#top");
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
    "/\u0085/evil.example",
    "/\\evil.example/login",
    "/\\/evil.example/login",
    "javascript:alert(1)",
    "dashboard",
    "",
    null,
    undefined,
    42,
  ])("refuses %j", (value) => {
    expect(pathOnThisSite(value)).toBeNull();
  });

  it("keeps harmless paths that only look odd, normalised", () => {
    expect(pathOnThisSite("/news/../dashboard")).toBe("/dashboard");
    expect(pathOnThisSite("/dashboard//orders")).toBe("/dashboard//orders");
    // Paths on this site, however they read: an encoded slash is not a separator, a space is a character.
    expect(pathOnThisSite("/..%2f/evil.example")).toBe("/..%2f/evil.example");
    expect(pathOnThisSite("/ //evil.example")).toBe("/%20//evil.example");
  });
});
