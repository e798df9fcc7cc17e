import { describe, expect, it } from "vitest";
import { DEFAULT_AUTHOR_TITLE, resolveAuthor } from "./news-author";

const noAuthor = { authorName: null, authorTitle: null, authorImage: null, authorLinkedin: null };

describe("resolveAuthor", () => {
  it("uses the article's own author", () => {
    const author = resolveAuthor(
      { authorName: "Dr Helen Carver", authorTitle: "Technical Director", authorImage: "/a.svg", authorLinkedin: "https://in.example/hc" },
      "James Whitcombe",
    );
    expect(author).toEqual({ name: "Dr Helen Carver", title: "Technical Director", image: "/a.svg", linkedin: "https://in.example/hc" });
  });

  it("falls back to the podcast host as a sports presenter and producer", () => {
    expect(resolveAuthor(noAuthor, "James Whitcombe")).toEqual({
      name: "James Whitcombe",
      title: "Sports Presenter & Producer",
      image: null,
      linkedin: null,
    });
    expect(DEFAULT_AUTHOR_TITLE).toBe("Sports Presenter & Producer");
  });

  it("does not lend the default title to a named author", () => {
    expect(resolveAuthor({ ...noAuthor, authorName: "Victoria Lang" }, "James Whitcombe")?.title).toBeNull();
  });

  it("is null with no author and no host", () => {
    expect(resolveAuthor(noAuthor, null)).toBeNull();
  });
});
