import { describe, expect, it } from "vitest";
import { firstName, splitParagraphs } from "./text";

describe("splitParagraphs", () => {
  it("splits on blank lines and trims each paragraph", () => {
    expect(splitParagraphs("First line.\n\n  Second, with a\nsoft break.  \n\n\nThird.")).toEqual([
      "First line.",
      "Second, with a\nsoft break.",
      "Third.",
    ]);
  });

  it("treats whitespace-only lines and Windows line endings as blank lines", () => {
    expect(splitParagraphs("One.\r\n \r\nTwo.")).toEqual(["One.", "Two."]);
  });

  it("returns nothing for empty text", () => {
    expect(splitParagraphs("  \n\n ")).toEqual([]);
  });
});

describe("firstName", () => {
  it("takes the first word of a name", () => {
    expect(firstName("Richard Ashdown")).toBe("Richard");
  });

  it("skips a title such as Dr or Prof.", () => {
    expect(firstName("Dr Helen Carver")).toBe("Helen");
    expect(firstName("Prof. Ada Lovelace")).toBe("Ada");
  });

  it("keeps a single-word name", () => {
    expect(firstName("Priya")).toBe("Priya");
  });
});
