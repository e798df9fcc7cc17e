import { describe, expect, it } from "vitest";
import { resolveAuthor } from "./news-author";

const noAuthor = { authorName: null, authorTitle: null, authorImage: null, authorLinkedin: null };

describe("resolveAuthor", () => {
  it("uses the article's own author", () => {
    const author = resolveAuthor(
      { authorName: "Dr Helen Carver", authorTitle: "Technical Director", authorImage: "/a.svg", authorLinkedin: "https://in.example/hc" },
      "Ridgeway Racing",
    );
    expect(author).toEqual({
      name: "Dr Helen Carver",
      title: "Technical Director",
      image: "/a.svg",
      linkedin: "https://in.example/hc",
      isTeam: false,
    });
  });

  it("credits the team, not a person, when the article names no author", () => {
    expect(resolveAuthor(noAuthor, "Ridgeway Racing")).toEqual({
      name: "Ridgeway Racing",
      title: null,
      image: null,
      linkedin: null,
      isTeam: true,
    });
    expect(resolveAuthor({ ...noAuthor, authorName: "  " }, "Ridgeway Racing").isTeam).toBe(true);
  });

  it("does not lend a title to a named author who has none", () => {
    expect(resolveAuthor({ ...noAuthor, authorName: "Victoria Lang" }, "Ridgeway Racing").title).toBeNull();
  });
});
