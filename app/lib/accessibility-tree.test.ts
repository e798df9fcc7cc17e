import { describe, expect, it } from "vitest";
import { accessibilityTreeProblems, type TreeNode } from "./accessibility-tree";

const PAGE: TreeNode[] = [
  { role: "banner", name: "" },
  { role: "navigation", name: "Main" },
  { role: "main", name: "" },
  { role: "heading", name: "Calendar", level: 1 },
  { role: "heading", name: "Round 1, Silverstone", level: 4 },
  { role: "contentinfo", name: "" },
];

describe("accessibility tree problems", () => {
  it("finds nothing wrong with a page that has its landmarks, one named h1 and named headings", () => {
    expect(accessibilityTreeProblems(PAGE)).toEqual([]);
  });

  it("names headings without a name, and no or two level-1 headings", () => {
    expect(accessibilityTreeProblems([...PAGE, { role: "heading", name: "  ", level: 4 }])).toEqual([
      "1 heading(s) with no name (levels 4)",
    ]);
    expect(accessibilityTreeProblems(PAGE.filter((node) => node.level !== 1))).toEqual(["0 level-1 headings"]);
    expect(accessibilityTreeProblems([...PAGE, { role: "heading", name: "News", level: 1 }])).toEqual([
      '2 level-1 headings: "Calendar", "News"',
    ]);
  });

  it("names each missing landmark", () => {
    const bare = PAGE.filter((node) => node.role !== "banner" && node.role !== "contentinfo");
    expect(accessibilityTreeProblems(bare)).toEqual(["no banner landmark", "no contentinfo landmark"]);
  });

  it("finds one link name for two destinations, whatever its case or spacing", () => {
    const links: TreeNode[] = [
      { role: "link", name: "Read more", url: "http://x.test/news/a" },
      { role: "link", name: "read  more", url: "http://x.test/news/b" },
    ];
    expect(accessibilityTreeProblems([...PAGE, ...links])).toEqual([
      'link "read more" goes to 2 places: http://x.test/news/a, http://x.test/news/b',
    ]);
  });

  it("lets one name lead to one place however often it appears (a trailing slash is the same place)", () => {
    const links: TreeNode[] = [
      { role: "link", name: "Store", url: "http://x.test/store" },
      { role: "link", name: "Store", url: "http://x.test/store/" },
      { role: "link", name: "", url: "http://x.test/a" },
      { role: "link", name: "", url: "http://x.test/b" },
    ];
    expect(accessibilityTreeProblems([...PAGE, ...links])).toEqual([]);
  });

  it("finds one button name controlling different things; buttons that control nothing are not compared", () => {
    const buttons: TreeNode[] = [
      { role: "button", name: "Details", controls: "round-1" },
      { role: "button", name: "Details", controls: "round-2" },
      { role: "button", name: "Add to Cart" },
      { role: "button", name: "Add to Cart" },
    ];
    expect(accessibilityTreeProblems([...PAGE, ...buttons])).toEqual(['button "details" goes to 2 places: round-1, round-2']);
  });
});
