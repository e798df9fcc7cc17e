import { describe, expect, it } from "vitest";
import { buildRobotsTxt, buildSitemap } from "./sitemap";

describe("buildSitemap", () => {
  it("lists absolute, escaped URLs with their dates", () => {
    const xml = buildSitemap("https://ridgeway-racing.example", [
      { path: "/" },
      { path: "/news/a&b", lastModified: "2025-04-07" },
    ]);
    expect(xml).toContain("<loc>https://ridgeway-racing.example/</loc>");
    expect(xml).toContain("<url><loc>https://ridgeway-racing.example/news/a&amp;b</loc><lastmod>2025-04-07</lastmod></url>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

describe("buildRobotsTxt", () => {
  it("points at the sitemap and keeps private pages out", () => {
    const robots = buildRobotsTxt("https://ridgeway-racing.example");
    expect(robots).toContain("Sitemap: https://ridgeway-racing.example/sitemap.xml");
    expect(robots).toContain("Disallow: /checkout");
    expect(robots).not.toMatch(/Disallow: \/\n/);
  });
});
