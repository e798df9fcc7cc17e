import { describe, expect, it } from "vitest";
import { imagePath, isoDate, lines, optionalIsoDate, penceToPounds, pounds, sitePath, slugify, webAddress } from "./desk-fields";

describe("desk fields", () => {
  it("reads pounds into pence and back", () => {
    expect(pounds("price").parse("£1,250.50")).toBe(125050);
    expect(pounds("price").parse("300")).toBe(30000);
    expect(pounds("price").safeParse("3.005").success).toBe(false);
    expect(pounds("price").safeParse("-5").success).toBe(false);
    expect(penceToPounds(30000)).toBe("300");
    expect(penceToPounds(29999)).toBe("299.99");
  });

  it("accepts real dates only, and empty for an open-ended one", () => {
    expect(isoDate("date").safeParse("2026-02-29").success).toBe(false);
    expect(isoDate("date").parse("2028-02-29")).toBe("2028-02-29");
    expect(optionalIsoDate("date").parse("")).toBeNull();
  });

  it("keeps links and images to safe schemes and paths", () => {
    expect(webAddress("site").safeParse("javascript:alert(1)").success).toBe(false);
    expect(webAddress("site").parse(" https://example.com/x ")).toBe("https://example.com/x");
    expect(imagePath("logo").safeParse("/media/a.svg").success).toBe(true);
    expect(imagePath("logo").safeParse("//evil.example/a.svg").success).toBe(false);
    expect(imagePath("logo").safeParse("/media/a.html").success).toBe(false);
    expect(sitePath("link").safeParse("https://evil.example/").success).toBe(false);
    expect(sitePath("link").safeParse("//evil.example/").success).toBe(false);
    expect(sitePath("link").parse("/news/a")).toBe("/news/a");
    // Browsers read a backslash as a slash, and resolve dot segments: each of these opens evil.example.
    for (const offSite of ["/\\evil.example/login", "/..//evil.example", "/\t/evil.example"]) {
      expect(sitePath("link").safeParse(offSite).success, offSite).toBe(false);
      expect(imagePath("logo").safeParse(`${offSite}/a.svg`).success, offSite).toBe(false);
    }
  });

  it("splits lines, dropping blanks", () => {
    expect(lines("feature").parse("One\n\n  Two  \r\nThree")).toEqual(["One", "Two", "Three"]);
    expect(lines("feature", { min: 1 }).safeParse(" \n ").success).toBe(false);
  });

  it("slugs names for ids", () => {
    expect(slugify("Harbour Brake Systems")).toBe("harbour-brake-systems");
    expect(slugify("Épisode 3: Rock & Roll!")).toBe("episode-3-rock-and-roll");
  });
});
