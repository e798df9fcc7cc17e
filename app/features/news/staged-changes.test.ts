import { describe, expect, it } from "vitest";
import type { ArticleContent } from "./article-snapshot";
import { nextStagedContent, savesAreStaged } from "./staged-changes";
import { NO_OPTIONAL_ARTICLE_FIELDS } from "../../../tests/support/article-content";

const now = new Date("2026-05-10T12:00:00Z");
const later = new Date("2026-05-10T12:02:00Z");
const earlier = new Date("2026-05-10T11:00:00Z");

const live: ArticleContent = {
  slug: "season-opener",
  title: "Season opener",
  category: "Race Report",
  venue: "Silverstone",
  image: "/media/news/a.svg",
  objectPosition: "center",
  heroAssetId: null,
  excerpt: "Both cars home.",
  body: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Both cars home." }] }] },
  ...NO_OPTIONAL_ARTICLE_FIELDS,
};

describe("savesAreStaged", () => {
  it("holds back a save of an article that is on the site", () => {
    expect(savesAreStaged({ status: "published", publishAt: earlier, stagedContent: null }, now)).toBe(true);
    expect(savesAreStaged({ status: "published", publishAt: now, stagedContent: null }, now)).toBe(true);
  });

  it("writes a draft, an article in review, a scheduled one and an archived one straight in, as before", () => {
    expect(savesAreStaged({ status: "draft", publishAt: null, stagedContent: null }, now)).toBe(false);
    expect(savesAreStaged({ status: "in_review", publishAt: null, stagedContent: null }, now)).toBe(false);
    expect(savesAreStaged({ status: "published", publishAt: later, stagedContent: null }, now)).toBe(false);
    expect(savesAreStaged({ status: "archived", publishAt: null, stagedContent: null }, now)).toBe(false);
  });

  it("goes on staging once a scheduled article's time has come", () => {
    expect(savesAreStaged({ status: "published", publishAt: later, stagedContent: null }, later)).toBe(true);
  });

  it("keeps staging while changes are staged, so none are written over the live text", () => {
    expect(savesAreStaged({ status: "draft", publishAt: null, stagedContent: { ...live, title: "New" } }, now)).toBe(true);
  });
});

describe("nextStagedContent", () => {
  it("stages the saved content when anything differs from the live article", () => {
    const saved = {
      ...live,
      body: {
        type: "doc" as const,
        content: [{ type: "paragraph", content: [{ type: "text", text: "Both cars home, one on the podium." }] }],
      },
    };
    expect(nextStagedContent(live, saved)).toEqual(saved);
    expect(nextStagedContent(live, { ...live, slug: "season-opener-2025" })?.slug).toBe("season-opener-2025");
  });

  it("stages nothing when the save brings back exactly the live content", () => {
    expect(nextStagedContent(live, structuredClone(live))).toBeNull();
    // As the database gives the body back: the same document with its keys in another order.
    const readBack = {
      ...live,
      body: { content: [{ content: [{ text: "Both cars home.", type: "text" }], type: "paragraph" }], type: "doc" as const },
    };
    expect(nextStagedContent(readBack, live)).toBeNull();
  });
});
