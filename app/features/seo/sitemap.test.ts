import { describe, expect, it } from "vitest";
import { buildRobotsTxt, buildSitemap, isPrivatePath } from "./sitemap";

describe("buildSitemap", () => {
  it("lists absolute, escaped URLs with their dates", () => {
    const xml = buildSitemap("https://ridgeway-racing.example", [{ path: "/" }, { path: "/news/a&b", lastModified: "2025-04-07" }]);
    expect(xml).toContain("<loc>https://ridgeway-racing.example/</loc>");
    expect(xml).toContain("<url><loc>https://ridgeway-racing.example/news/a&amp;b</loc><lastmod>2025-04-07</lastmod></url>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

describe("buildRobotsTxt", () => {
  it("points at the sitemap and blocks nothing, so crawlers can read the private pages' noindex", () => {
    const robots = buildRobotsTxt("https://ridgeway-racing.example");
    expect(robots).toContain("Sitemap: https://ridgeway-racing.example/sitemap.xml");
    expect(robots).not.toMatch(/Disallow: \S/);
  });
});

describe("isPrivatePath", () => {
  it.each([
    "/dashboard",
    "/dashboard/driver",
    "/login",
    "/login.data",
    "/cart",
    "/checkout",
    "/order-confirmation/RR-1",
    "/newsletter/confirm",
    "/reset-password",
  ])("%s is private", (path) => expect(isPrivatePath(path)).toBe(true));
  it.each(["/", "/news", "/store/team-cap-red", "/newsletter", "/calendar", "/administration-news", "/carting"])("%s is public", (path) =>
    expect(isPrivatePath(path)).toBe(false),
  );
});
