import { describe, expect, it } from "vitest";
import { imagePath, isoDate, lines, optionalIsoDate, penceToPounds, pounds, sitePath, slugify, webAddress } from "./desk-fields";
import { DESKS, recordToForm } from "./desks";

describe("site desk fields", () => {
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

  it("turns a stored partner back into the form the schema reads", () => {
    const record = {
      name: "A",
      category: "Technical Partner",
      description: "D",
      website: "https://a.example/",
      logo: "/media/partners/a.svg",
      logoAssetId: null,
      tier: null,
      activeFrom: null,
      activeUntil: "2030-01-01",
      sortOrder: 3,
      details: { founded: 1990, headquarters: "Bath", specialties: ["x", "y"], products: [] },
    };
    const form = recordToForm("partners", record);
    expect(form).toMatchObject({
      tier: "",
      activeFrom: "",
      activeUntil: "2030-01-01",
      founded: "1990",
      specialties: "x\ny",
      sortOrder: "3",
    });
    expect(DESKS.partners.schema.parse(form)).toEqual({ ...record, details: { ...record.details } });
  });

  it("asks for a picture: a library photo, an image path, or both", () => {
    const slide = { title: "T", subtitle: "S", href: "/news/a", sortOrder: "1" };
    const neither = DESKS["hero-slides"].schema.safeParse({ ...slide, image: "", photoAssetId: "" });
    expect(neither.success).toBe(false);
    expect(neither.error?.issues[0]).toMatchObject({ path: ["photoAssetId"], message: expect.stringMatching(/media library/) });
    const photoId = "6f1c1d3e-0000-4000-8000-000000000001";
    expect(DESKS["hero-slides"].schema.parse({ ...slide, image: "", photoAssetId: photoId })).toMatchObject({
      image: "",
      photoAssetId: photoId,
    });
    expect(DESKS["hero-slides"].schema.parse({ ...slide, image: "/media/hero/a.svg" })).toMatchObject({
      image: "/media/hero/a.svg",
      photoAssetId: null,
    });
    const badPath = DESKS.gallery.schema.safeParse({
      title: "T",
      image: "/media/a.html",
      alt: "A",
      circuit: "C",
      dateText: "D",
      description: "X",
    });
    expect(badPath.error?.issues[0]).toMatchObject({ path: ["image"], message: expect.stringMatching(/image path/) });
  });
});
