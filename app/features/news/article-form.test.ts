import { describe, expect, it } from "vitest";
import { NEWS_CATEGORIES } from "./news-filter";
import { ARTICLE_CATEGORIES, parseArticleForm, slugFromTitle, toUkDateTimeLocal, ukCalendarDate, ukDateTimeLocal } from "./article-form";

const valid = {
  title: "Podium at Snetterton",
  slug: "",
  category: "Race Reports",
  venue: "Snetterton",
  image: "/media/news/a.svg",
  excerpt: "A podium.",
  bodyText: "First paragraph.\n\nSecond.",
};

describe("parseArticleForm", () => {
  it("takes a library photo as the hero, with or without the art's path", () => {
    const withPhoto = parseArticleForm({ ...valid, image: "", heroAssetId: "6f1c1d3e-0000-4000-8000-000000000001" });
    expect(withPhoto.ok && withPhoto.content).toMatchObject({ image: "", heroAssetId: "6f1c1d3e-0000-4000-8000-000000000001" });
    const artOnly = parseArticleForm({ ...valid, heroAssetId: "" });
    expect(artOnly.ok && artOnly.content).toMatchObject({ image: "/media/news/a.svg", heroAssetId: null });
  });

  it("asks for a hero when there is neither a photo nor art", () => {
    const result = parseArticleForm({ ...valid, image: " ", heroAssetId: "" });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.fieldErrors.heroAssetId).toMatch(/hero photo/);
  });

  it("makes the slug from the title when left empty, and the body from plain paragraphs", () => {
    const result = parseArticleForm(valid);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.content.slug).toBe("podium-at-snetterton");
    expect(result.content.objectPosition).toBe("center");
    expect(result.content.authorName).toBeNull();
    expect(result.content.body.content).toHaveLength(2);
  });

  it("takes the editor's JSON when it is sent", () => {
    const body = JSON.stringify({
      type: "doc",
      content: [{ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Hi" }] }],
    });
    const result = parseArticleForm({ ...valid, body });
    expect(result.ok && result.content.body.content[0]!.type).toBe("heading");
  });

  it("gives a message per bad field", () => {
    const result = parseArticleForm({
      ...valid,
      title: " ",
      slug: "Bad Slug",
      category: "Gossip",
      image: "javascript:alert(1)",
      authorLinkedin: "ftp://example.com",
      seoTitle: "x".repeat(71),
      shareImage: "/media/../../etc/passwd",
      body: "[1,2",
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual([
      "authorLinkedin",
      "body",
      "category",
      "image",
      "seoTitle",
      "shareImage",
      "slug",
      "title",
    ]);
  });
});

describe("ARTICLE_CATEGORIES", () => {
  it("are the news page's categories, without All", () => {
    expect([...ARTICLE_CATEGORIES]).toEqual(NEWS_CATEGORIES.filter((category) => category !== "All"));
  });
});

describe("slugFromTitle", () => {
  it("keeps letters and digits, joined by single hyphens", () => {
    expect(slugFromTitle('"Patience Is a Performance Tool": Ashdown’s view — 2026')).toBe(
      "patience-is-a-performance-tool-ashdown-s-view-2026",
    );
    expect(slugFromTitle("Zoë & Jürgen")).toBe("zoe-jurgen");
    expect(slugFromTitle("!!!")).toBe("");
  });
});

describe("UK date-time fields", () => {
  it("reads a datetime-local value as UK time, in summer and winter", () => {
    expect(ukDateTimeLocal("2026-07-01T14:30")?.toISOString()).toBe("2026-07-01T13:30:00.000Z");
    expect(ukDateTimeLocal("2026-12-01T14:30")?.toISOString()).toBe("2026-12-01T14:30:00.000Z");
    expect(toUkDateTimeLocal(new Date("2026-07-01T13:30:00Z"))).toBe("2026-07-01T14:30");
    expect(ukCalendarDate(new Date("2026-07-01T23:30:00Z"))).toBe("2026-07-02");
  });

  it("refuses what is not a date and time, and the hour the clocks skip", () => {
    for (const value of ["", "tomorrow", "2026-02-30T10:00", "2026-03-29T01:30", "2026-07-01 14:30"])
      expect(ukDateTimeLocal(value), value).toBeNull();
  });
});
