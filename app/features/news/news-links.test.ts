import { describe, expect, it } from "vitest";
import { absoluteUrl } from "~/lib/meta";
import { articlePath, isArticleId } from "./news-links";

describe("articlePath", () => {
  it("is /news/{id}, encoded", () => {
    expect(articlePath("thruxton-speed-and-strategy")).toBe("/news/thruxton-speed-and-strategy");
    expect(articlePath("a b/c")).toBe("/news/a%20b%2Fc");
  });
});

describe("absoluteUrl", () => {
  it("prefixes site paths with the public address and keeps absolute URLs", () => {
    expect(absoluteUrl("https://ridgeway-racing.example", "/media/a.svg")).toBe("https://ridgeway-racing.example/media/a.svg");
    expect(absoluteUrl("https://ridgeway-racing.example", "media/a.svg")).toBe("https://ridgeway-racing.example/media/a.svg");
    expect(absoluteUrl("https://ridgeway-racing.example", "https://cdn.example/a.svg")).toBe("https://cdn.example/a.svg");
  });
});

describe("isArticleId", () => {
  it("accepts slugs and UUIDs", () => {
    expect(isArticleId("silverstone-national-season-finale")).toBe(true);
    expect(isArticleId("3f2b8c1e-4a5d-4e6f-9a7b-1c2d3e4f5a6b")).toBe(true);
  });

  it("refuses anything else, so it never reaches the database", () => {
    expect(isArticleId("")).toBe(false);
    expect(isArticleId("a\u0000b")).toBe(false);
    expect(isArticleId("../etc")).toBe(false);
    expect(isArticleId("x".repeat(201))).toBe(false);
  });
});
